import Foundation
import Testing
import CLITestSupport
import TestSupport

/// The CLI and Python beanstalkd programs (greenstalk, as the reference implementation's
/// successors use) read each other's jobs.
@Suite struct PythonInteropTests {
    /// The original README's sample event, byte for byte as Python's json.dumps writes it.
    static let readmeSample = #"{"type": "alarm", "code": "123", "message": "event details string", "raw": "123ABC", "timestamp": "1199145600"}"#

    @Test func tailPrintsOriginalFormatEventsFromAPythonProducer() async throws {
        try await withCLI { cli in
            let python = try await PythonPeer.find()
            let port = String(cli.server.port)

            let first = try await python.run(script: "put_old_format.py", arguments: [port, "cli"])
            try #require(first.status == .exited(0), "\(first)")
            #expect(first.lines.first == Self.readmeSample)
            let human = try await cli.run("tail", "--count", "\(first.lines.count)", "--timeout", "5")
            #expect(human.status == .exited(0), "\(human)")
            try #require(human.lines.count == first.lines.count, "\(human)")
            for (line, body) in zip(human.lines, first.lines) {
                let event = try JSONDecoder().decode([String: String].self, from: Data(body.utf8))
                #expect(line.hasPrefix("2008-01-01T00:00:00Z "), "\(line)")
                for field in ["type", "code", "message"] {
                    #expect(line.contains(event[field]!), "no \(field) of \(body) in \(line)")
                }
            }

            let second = try await python.run(script: "put_old_format.py", arguments: [port, "cli"])
            try #require(second.status == .exited(0), "\(second)")
            let json = try await cli.run("tail", "--json", "--count", "\(second.lines.count)", "--timeout", "5")
            #expect(json.status == .exited(0), "\(json)")
            #expect(json.lines == second.lines)
        }
    }

    @Test func pythonConsumerReadsSimulatedEventsValidAgainstTheSchema() async throws {
        try await withCLI { cli in
            var ids: [UUID] = []
            for arguments in [["alarm", "--zone", "3", "--message", "Front door"], ["info"],
                              ["fault", "--partition", "2", "--code", "802"], ["unknown", "--message", "ünïcode / \"quoted\""]] {
                let result = try await cli.run(arguments: ["simulate"] + arguments)
                ids.append(try #require(result.printedID, "\(result)"))
            }
            let bodies = try await readAndValidate(tube: "log", schema: Schemas.event, port: cli.server.port)
            let events = try bodies.map { try QueuedEvent(job: $0) }
            #expect(events.map(\.id) == ids)
            #expect(events.map(\.type) == ["alarm", "info", "fault", "unknown"])
            #expect(events[0].message == "Front door" && events[3].message == "ünïcode / \"quoted\"")
        }
    }

    @Test func pythonConsumerReadsSentCommandsValidAgainstTheSchema() async throws {
        try await withCLI { cli in
            var ids: [UUID] = []
            for arguments in [["arm", "--partition", "2"], ["status"], ["--json", #"{"type":"command","code":"040","data":"1"}"#]] {
                let result = try await cli.run(arguments: ["send"] + arguments)
                ids.append(try #require(result.printedID, "\(result)"))
            }
            let bodies = try await readAndValidate(tube: "commands", schema: Schemas.command, port: cli.server.port)
            let commands = try bodies.map { try QueuedCommand(job: $0) }
            #expect(commands.map(\.id) == ids)
            #expect(commands.map(\.code) == ["arm", "status", "040"])
        }
    }

    /// Takes every job of `tube` with greenstalk and validates the bodies against `schema`.
    private func readAndValidate(tube: String, schema: String, port: Int) async throws -> [String] {
        let python = try await PythonPeer.find()
        let read = try await python.run(script: "read_with_greenstalk.py", arguments: [String(port), tube])
        try #require(read.status == .exited(0), "\(read)")
        let validation = try await python.run(script: "validate_schema.py", arguments: [schema], standardInput: read.standardOutput)
        #expect(validation.status == .exited(0) && validation.stdout == "ok \(read.lines.count)\n", "\(validation)\n\(read.stdout)")
        return read.lines
    }
}
