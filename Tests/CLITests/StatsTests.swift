import CLITestSupport
import Testing
import TestSupport

/// `stats`: the server and tube overview, one tube in full.
@Suite struct StatsTests {
    /// The overview's table rows by tube name: ready, reserved, delayed, buried, total, watching.
    private func tableRows(_ stdout: [String]) -> [String: [String]] {
        let words = stdout.map { $0.split(separator: " ").map(String.init) }
        guard let header = words.firstIndex(where: { $0.first == "tube" }) else { return [:] }
        return Dictionary(words[(header + 1)...].map { ($0[0], Array($0.dropFirst())) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func overviewListsTheConfiguredTubesEvenBeforeTheyExist() async throws {
        try await withCLI { cli in
            let empty = try await cli.run("stats")
            #expect(empty.status == .exited(0), "\(empty)")
            #expect(empty.lines.first?.contains("beanstalkd") == true, "\(empty)")
            #expect(empty.lines.first?.contains("127.0.0.1:\(cli.server.port)") == true, "\(empty)")
            #expect(empty.lines.first?.contains("binlog OFF") == true, "\(empty)")
            #expect(empty.lines.contains { $0.split(separator: " ") == ["tube", "ready", "reserved", "delayed", "buried", "total", "watching"] })
            let rows = tableRows(empty.lines)
            for tube in CLI.eventTubes + ["commands"] {
                #expect(rows[tube] == ["0", "0", "0", "0", "0", "0"], "\(tube) in\n\(empty.stdout)")
            }

            _ = try #require(try await cli.run("simulate", "info").printedID)
            let counted = tableRows(try await cli.run("stats").lines)
            #expect(counted["log"] == ["1", "0", "0", "0", "1", "0"], "\(counted)")
            #expect(counted["cli"] == ["0", "0", "0", "0", "0", "0"], "a tap nobody watches keeps nothing: \(counted)")
            #expect(counted["default"] != nil)
        }
    }

    @Test func oneTubeInFullAsKeyValueLines() async throws {
        try await withCLI { cli in
            _ = try #require(try await cli.run("simulate", "info").printedID)
            let result = try await cli.run("stats", "log")
            #expect(result.status == .exited(0), "\(result)")
            #expect(result.lines.contains("name: log"), "\(result)")
            #expect(result.lines.contains("current-jobs-ready: 1"), "\(result)")
            #expect(result.lines.allSatisfy { $0.contains(": ") }, "\(result)")
        }
    }

    @Test func unknownTubeIsAnError() async throws {
        try await withCLI { cli in
            let result = try await cli.run("stats", "no-such-tube")
            #expect(result.status == .exited(1), "\(result)")
            #expect(result.errorLines.count == 1, "\(result)")
            #expect(result.stderr.contains("tube no-such-tube does not exist"), "\(result)")
        }
    }
}
