import Foundation
import Testing
import TestSupport

/// The script consumer printed in docs/writing-a-consumer.md works as the document says.
@Suite struct ScriptInDocumentationTests {
    @Test func alarmFileWritesEachAlarmOnceAcrossRestarts() async throws {
        try await withCLI(events: ["cli", "alarm-file"]) { cli in
            try await withTemporaryDirectory { directory in
                let python = try await PythonPeer.find()
                let script = directory.appending("alarm_file.py")
                let source = try #require(try PackageFiles.pythonBlocks(in: "docs/writing-a-consumer.md").first {
                    $0.contains("a HowAlarming script consumer")
                })
                try source.write(toFile: script, atomically: true, encoding: .utf8)
                let alarms = directory.appending("alarms.txt")
                let start = { try cli.startConsume(tube: "alarm-file", exec: [python.interpreter, script], environment: ["ALARM_FILE": alarms]) }

                let first = try start()
                _ = try #require(try await cli.run("simulate", "info").printedID)
                _ = try #require(try await cli.run("simulate", "alarm", "--zone", "3", "--message", "Zone alarm").printedID)
                try await waitUntil("both events are handled") { try cli.queue.count("cmd-delete", in: "alarm-file") == 2 }
                #expect(try await first.stop().status == .exited(0))

                let alarm = try #require(try cli.queue.takeAll(from: "cli").last)
                let repeated = try cli.queue.put(alarm, in: "alarm-file")
                let second = try start()
                try await waitUntil("the repeat is deleted") { try cli.queue.stats(job: repeated) == nil }
                let result = try await second.stop()

                let event = try QueuedEvent(job: alarm)
                #expect(contents(of: alarms) == "\(event.timestamp) Zone alarm (zone 3)\n")
                #expect(result.stderr.contains("alarm \(try #require(event.id).uuidString.lowercased()) was written before"), "\(result)")
            }
        }
    }
}
