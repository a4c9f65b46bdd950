import CLITestSupport
import Foundation
import Testing
import TestSupport

/// `send` puts a JSON command on every command tube, or nothing at all on a usage error.
@Suite struct SendTests {
    static let commandTubes = ["commands", "commands-standby"]

    @Test func simpleCommandGoesOnEveryCommandTube() async throws {
        try await withCLI(commands: Self.commandTubes) { cli in
            let result = try await cli.run("send", "arm", "--partition", "2")
            let id = try #require(result.printedID, "\(result)")
            for tube in Self.commandTubes {
                let bodies = try cli.queue.takeAll(from: tube)
                try #require(bodies.count == 1, "tube \(tube): \(bodies)")
                let command = try QueuedCommand(job: bodies[0])
                #expect(command.type == "command" && command.code == "arm" && command.partition == 2, "\(bodies[0])")
                #expect(command.id == id && command.source == "howalarming-cli" && command.timestamp != nil, "\(bodies[0])")
            }
        }
    }

    @Test func rawJSONCommandGoesThroughWithAnID() async throws {
        try await withCLI { cli in
            let result = try await cli.run("send", "--json", #"{"type":"command","code":"040","data":"1"}"#)
            let id = try #require(result.printedID, "\(result)")
            let bodies = try cli.queue.takeAll(from: "commands")
            try #require(bodies.count == 1, "\(bodies)")
            let command = try QueuedCommand(job: bodies[0])
            #expect(command.code == "040" && command.data == "1" && command.id == id, "\(bodies[0])")
        }
    }

    @Test(arguments: [
        (["send", "bogus"], #"unknown command "bogus""#),
        (["send", "arm", "--partition", "9"], "partition"),
        (["send", "arm", "--json", #"{"type":"command","code":"arm"}"#], "not both"),
        (["send"], "neither"),
    ])
    func badCommandIsAUsageErrorAndPutsNothing(arguments: [String], problem: String) async throws {
        try await withCLI { cli in
            let result = try await cli.run(arguments: arguments)
            #expect(result.status == .exited(64), "\(result)")
            let error = try #require(result.errorLines.first, "\(result)")
            #expect(error.hasPrefix("Error: ") && error.contains(problem), "\(result)")
            #expect(result.stdout.isEmpty)
            #expect(try cli.queue.count("total-jobs", in: "commands") == 0)
        }
    }
}
