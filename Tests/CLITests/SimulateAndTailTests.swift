import Foundation
import Testing

/// `simulate` fans an event out to every event tube; `tail` takes only its own copy.
@Suite struct SimulateAndTailTests {
    @Test func simulatedEventLandsOnEveryEventTubeAndTailPrintsItsOwnCopy() async throws {
        try await withCLI(events: CLI.eventTubes) { cli in
            let alarm = try await cli.run("simulate", "alarm", "--zone", "3", "--message", "Front door")
            let alarmID = try #require(alarm.printedID, "\(alarm)")
            let fault = try await cli.run("simulate", "fault", "--message", "Battery low", "--partition", "2")
            let faultID = try #require(fault.printedID, "\(fault)")

            for tube in CLI.eventTubes {
                let stats = try #require(try cli.queue.stats(tube), "tube \(tube) was never created")
                #expect(stats["current-jobs-ready"] == "2", "tube \(tube): \(stats)")
            }
            // Take the push consumer's copies; the cli and log copies stay where they are.
            let pushCopies = try cli.queue.takeAll(from: "push")
            try #require(pushCopies.count == 2)
            let first = try QueuedEvent(job: pushCopies[0])
            #expect(first.id == alarmID && first.type == "alarm" && first.zone == 3 && first.message == "Front door")
            #expect(first.source == "howalarming-cli")
            let queuedFault = pushCopies[1]
            let second = try QueuedEvent(job: queuedFault)
            #expect(second.id == faultID && second.type == "fault" && second.partition == 2)
            let firstSequence = try #require(first.sequence)
            #expect(try #require(second.sequence) > firstSequence, "sequence must grow")

            let human = try await cli.run("tail", "--count", "1", "--timeout", "5")
            #expect(human.status == .exited(0), "\(human)")
            let line = try #require(human.lines.first)
            #expect(human.lines.count == 1)
            #expect(line.contains("alarm") && line.contains("Front door") && line.contains("zone 3"), "\(line)")

            let json = try await cli.run("tail", "--json", "--count", "1", "--timeout", "5")
            #expect(json.status == .exited(0), "\(json)")
            #expect(json.lines == [queuedFault], "tail --json must print the body exactly as queued")

            #expect(try cli.queue.count("current-jobs-ready", in: "cli") == 0)
            #expect(try cli.queue.count("current-jobs-ready", in: "log") == 2, "tail must take only its own tube")
        }
    }

    @Test func tailOnAnotherTubeWarnsThatNoEventsArePutThere() async throws {
        try await withCLI(events: ["push", "log"]) { cli in
            let result = try await cli.run("tail", "--count", "1", "--timeout", "1")
            #expect(result.stderr.contains("add it to beanstalkd.tubes.events"), "\(result)")
        }
    }
}
