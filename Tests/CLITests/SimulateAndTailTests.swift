import Foundation
import Testing
import CLITestSupport
import TestSupport

/// `simulate` fans an event out to every consumer's tube; `tail` prints what arrives on its tap
/// while it runs, and a tap nobody watches gets nothing.
@Suite struct SimulateAndTailTests {
    @Test func simulatedEventLandsOnEveryConsumerTubeAndNotOnAnUntappedTap() async throws {
        try await withCLI(events: CLI.eventTubes) { cli in
            let alarm = try await cli.run("simulate", "alarm", "--zone", "3", "--message", "Front door")
            let alarmID = try #require(alarm.printedID, "\(alarm)")
            let fault = try await cli.run("simulate", "fault", "--message", "Battery low", "--partition", "2")
            let faultID = try #require(fault.printedID, "\(fault)")

            for tube in ["push", "log"] {
                #expect(try cli.queue.count("current-jobs-ready", in: tube) == 2, "tube \(tube)")
            }
            // Nobody tails: the tap keeps nothing (it used to keep every event for ever).
            #expect(try cli.queue.count("total-jobs", in: "cli") == 0)
            let pushCopies = try cli.queue.takeAll(from: "push")
            try #require(pushCopies.count == 2)
            let first = try QueuedEvent(job: pushCopies[0])
            #expect(first.id == alarmID && first.type == "alarm" && first.zone == 3 && first.message == "Front door")
            #expect(first.source == "howalarming-cli")
            let second = try QueuedEvent(job: pushCopies[1])
            #expect(second.id == faultID && second.type == "fault" && second.partition == 2)
            let firstSequence = try #require(first.sequence)
            #expect(try #require(second.sequence) > firstSequence, "sequence must grow")
        }
    }

    @Test func tailPrintsTheEventsThatArriveWhileItRuns() async throws {
        try await withCLI(events: CLI.eventTubes) { cli in
            _ = try #require(try await cli.run("simulate", "info", "--message", "Before the tail").printedID)
            let human = try await cli.startTail("--count", "1", "--timeout", "10")
            _ = try #require(try await cli.run("simulate", "alarm", "--zone", "3", "--message", "Front door").printedID)
            let humanResult = try await human.waitForResult()
            #expect(humanResult.status == .exited(0), "\(humanResult)")
            let line = try #require(humanResult.lines.first)
            #expect(humanResult.lines.count == 1)
            #expect(line.contains("alarm") && line.contains("Front door") && line.contains("zone 3"), "\(line)")

            let json = try await cli.startTail("--json", "--count", "1", "--timeout", "10")
            _ = try #require(try await cli.run("simulate", "fault", "--message", "Battery low").printedID)
            let jsonResult = try await json.waitForResult()
            #expect(jsonResult.status == .exited(0), "\(jsonResult)")
            let logCopies = try cli.queue.takeAll(from: "log")
            #expect(jsonResult.lines == [try #require(logCopies.last)], "tail --json must print the body exactly as queued")

            #expect(try cli.queue.count("current-jobs-ready", in: "cli") == 0)
            #expect(logCopies.count == 3, "tail must take only its own tube")
        }
    }

    @Test func aStartingTailDiscardsStaleEventsThenPrintsNewOnes() async throws {
        try await withCLI(events: CLI.eventTubes) { cli in
            // A backlog as an older version left it: it put every event on the tap.
            for _ in 1...3 { try cli.queue.put(PythonInteropTests.readmeSample, in: "cli") }
            let stale = try cli.queue.put(PythonInteropTests.readmeSample, in: "cli")
            try await waitUntil("the backlog is a second old") { try cli.queue.stats(job: stale)?["age"] != "0" }

            let tail = try await cli.startTail("--count", "1", "--timeout", "10", "--stale-after", "1")
            try cli.queue.put(#"{"type":"info","code":"609","message":"Fresh one","timestamp":1}"#, in: "cli")
            let result = try await tail.waitForResult()
            #expect(result.status == .exited(0), "\(result)")
            #expect(result.lines.count == 1 && result.lines[0].contains("Fresh one"), "\(result)")
            #expect(result.stderr.contains("discarded 4 stale events"), "\(result)")
            #expect(try cli.queue.count("current-jobs-ready", in: "cli") == 0)
        }
    }

    @Test func aStartingTailLeavesTheEventsOfAnotherWatcherAlone() async throws {
        try await withCLI(events: CLI.eventTubes) { cli in
            let otherTail = try RawBeanstalkClient(cli.server)
            _ = try otherTail.command("watch cli")
            let stale = try cli.queue.put(PythonInteropTests.readmeSample, in: "cli")
            try await waitUntil("the event is a second old") { try cli.queue.stats(job: stale)?["age"] != "0" }

            let result = try await cli.run("tail", "--count", "1", "--timeout", "5", "--stale-after", "1")
            #expect(result.status == .exited(0) && result.lines.count == 1, "\(result)")
            #expect(!result.stderr.contains("discarded"), "\(result)")
            withExtendedLifetime(otherTail) {}
        }
    }

    @Test func tailOnATubeThatIsNotATapWarns() async throws {
        try await withCLI(events: ["push", "log"]) { cli in
            let result = try await cli.run("tail", "--tube", "elsewhere", "--count", "1", "--timeout", "1")
            #expect(result.stderr.contains("add it to beanstalkd.tubes.taps"), "\(result)")
        }
    }
}
