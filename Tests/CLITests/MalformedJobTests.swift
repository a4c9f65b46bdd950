import CLITestSupport
import Testing
import TestSupport

/// tail buries what is not an event, peek says why, kick brings it back: nothing is lost.
@Suite struct MalformedJobTests {
    static let notJSON = "not json"
    static let unknownType = #"{"type":"bogus","code":"1","timestamp":1}"#

    @Test func tailBuriesBadJobsAndPeekAndKickRecoverThem() async throws {
        try await withCLI { cli in
            try cli.queue.put(Self.notJSON, in: "cli")
            try cli.queue.put(Self.unknownType, in: "cli")
            let running = try await cli.startTail("--count", "1", "--timeout", "10")
            _ = try #require(try await cli.run("simulate", "info", "--message", "Good one").printedID)

            let tail = try await running.waitForResult()
            #expect(tail.status == .exited(0), "\(tail)")
            #expect(tail.lines.count == 1 && tail.lines[0].contains("Good one"), "\(tail)")
            #expect(tail.errorLines.count == 2, "\(tail)")
            #expect(tail.errorLines.contains { $0.contains("not valid JSON") && $0.contains("buried") }, "\(tail)")
            #expect(tail.errorLines.contains { $0.contains(#"unknown event type "bogus""#) && $0.contains("buried") }, "\(tail)")
            #expect(try cli.queue.count("current-jobs-buried", in: "cli") == 2)
            #expect(try cli.queue.count("current-jobs-ready", in: "cli") == 0)

            let peek = try await cli.run("peek", "cli", "--buried")
            #expect(peek.status == .exited(0), "\(peek)")
            #expect(peek.lines.first?.contains("buried") == true, "\(peek)")
            #expect(peek.lines.contains { $0.hasPrefix("problem: ") && $0.contains("not valid JSON") }, "\(peek)")
            #expect(peek.lines.last == Self.notJSON, "\(peek)")

            let kick = try await cli.run("kick", "cli")
            #expect(kick.status == .exited(0), "\(kick)")
            #expect(kick.lines == ["kicked 2 jobs in tube cli"], "\(kick)")
            #expect(try cli.queue.count("current-jobs-buried", in: "cli") == 0)
            #expect(try cli.queue.takeAll(from: "cli") == [Self.notJSON, Self.unknownType])
        }
    }

    @Test func deleteRemovesAPoisonousBuriedJob() async throws {
        try await withCLI { cli in
            try cli.queue.put(Self.notJSON, in: "cli")
            _ = try await cli.run("tail", "--count", "1", "--timeout", "2")
            #expect(try cli.queue.count("current-jobs-buried", in: "cli") == 1)
            let peek = try await cli.run("peek", "cli", "--buried")
            let id = try #require(peek.lines.first?.split(separator: " ").dropFirst().first.map(String.init))
            let delete = try await cli.run("delete", id)
            #expect(delete.status == .exited(0) && delete.lines == ["deleted job \(id)"], "\(delete)")
            #expect(try cli.queue.count("current-jobs-buried", in: "cli") == 0)
            let again = try await cli.run("delete", id)
            #expect(again.status == .exited(1) && again.stderr.contains("no such job"), "\(again)")
        }
    }

    @Test func peekShowsAValidEventWithoutAProblemAndLeavesItReady() async throws {
        try await withCLI { cli in
            _ = try #require(try await cli.run("simulate", "armed").printedID)
            let peek = try await cli.run("peek", "log")
            #expect(peek.status == .exited(0), "\(peek)")
            #expect(peek.lines.count == 2 && peek.lines[0].contains("ready"), "\(peek)")
            #expect(!peek.stdout.contains("problem:"))
            #expect(try cli.queue.count("current-jobs-ready", in: "log") == 1)
        }
    }

    @Test func peekAndKickOnAnEmptyTubeSayThereIsNothing() async throws {
        try await withCLI { cli in
            let peek = try await cli.run("peek", "cli", "--buried")
            #expect(peek.status == .exited(0) && peek.lines == ["no buried job in tube cli"], "\(peek)")
            let kick = try await cli.run("kick", "cli")
            #expect(kick.status == .exited(0) && kick.lines == ["kicked 0 jobs in tube cli"], "\(kick)")
        }
    }
}
