import AlarmCore
import Foundation
import TestSupport
import Testing

/// The built `howalarming-log`, against a real beanstalkd: signals, crashes, bad input and a
/// log file it cannot write.
@Suite("howalarming-log")
struct LogExecutableTests {
    /// Empty values count as unset: the child uses only what the test gives it.
    static let environment = ["HOWALARMING_CONFIG": "", "HOWALARMING_LOG_LEVEL": ""]

    private func start(_ stage: LogStage) throws -> ChildProcess {
        try ProcessRunner.start(
            try Executables.path("howalarming-log"), arguments: ["--config", stage.configPath], environment: Self.environment)
    }

    private func id(_ event: AlarmEvent) -> String {
        event.id?.uuidString.lowercased() ?? "none"
    }

    @Test func helpSaysWhatItDoes() async throws {
        let result = try await ProcessRunner.run(
            try Executables.path("howalarming-log"), arguments: ["--help"], environment: Self.environment)
        #expect(result.status == .exited(0), "\(result)")
        for text in ["USAGE: howalarming-log", "--config", "--log-level", "log.file", "SIGHUP", "log.rotate_bytes", "SIGTERM"] {
            #expect(result.stdout.contains(text), "no \(text) in\n\(result.stdout)")
        }
    }

    @Test func aBadConfigurationStopsStartUpNamingTheKey() async throws {
        try await LogStage.run { stage in
            try stage.writeConfiguration(["rotate_bytes": "10M"])
            let result = try await ProcessRunner.run(
                try Executables.path("howalarming-log"), arguments: ["--config", stage.configPath],
                environment: Self.environment)
            #expect(result.status == .exited(1), "\(result)")
            #expect(result.stderr.contains("log.rotate_bytes: must be an integer from 1024"), "\(result)")
        }
    }

    @Test func sighupAfterARenameSendsTheNextEventsToANewFile() async throws {
        try await LogStage.run { stage in
            try stage.writeConfiguration()
            let logPath = try stage.configuration().log.file
            let (first, second) = (AlarmEventSamples.event(1, type: .alarm), AlarmEventSamples.event(2))
            let consumer = try start(stage)
            try await stage.put([first])
            let printed = try await consumer.awaitLine(containing: id(first))
            #expect(printed.contains(" alarm 609 p1 z1 Front door: Zone open: event 1 (seq 1, id \(id(first)), from test)"))

            try FileManager.default.moveItem(atPath: logPath, toPath: logPath + ".1")
            consumer.signal(SIGHUP)
            try await waitUntil("the reopened file") { LogFiles.exists(logPath) }
            try await stage.put([second])
            _ = try await consumer.awaitLine(containing: id(second))
            consumer.signal(SIGTERM)
            #expect(try await consumer.waitForExit() == .exited(0))
            #expect(LogFiles.lines(logPath + ".1") == [AlarmEventSamples.line(first)])
            #expect(LogFiles.lines(logPath) == [AlarmEventSamples.line(second)])
        }
    }

    @Test func killedMidBurstEveryEventIsWrittenExactlyOnce() async throws {
        try await LogStage.run { stage in
            try stage.writeConfiguration()
            let logPath = try stage.configuration().log.file
            let events = (1...200).map { AlarmEventSamples.event($0) }
            try await stage.put(events)
            let first = try start(stage)
            for _ in 1...50 { _ = try await first.awaitLine(timeout: .seconds(30)) { _ in true } }
            first.kill()
            #expect(try await first.waitForExit() == .signaled(SIGKILL))

            let second = try start(stage)
            try await waitUntil("every job to be deleted", timeout: .seconds(60)) { try stage.isDrained(expectingTotal: 200) }
            second.signal(SIGTERM)
            #expect(try await second.waitForExit() == .exited(0))
            let ids = try LogFiles.ids(logPath)
            #expect(ids.count == 200)
            #expect(Set(ids) == Set(events.map(id)))
        }
    }

    @Test func aJobThatIsNotAnEventIsBuriedAndPeekSaysWhy() async throws {
        try await LogStage.run { stage in
            try stage.writeConfiguration()
            try await stage.put(["not json"])
            let consumer = try start(stage)
            try await waitUntil("the job to be buried") { try stage.count("current-jobs-buried") == 1 }
            let peek = try await ProcessRunner.run(
                try Executables.path("howalarming"), arguments: ["peek", "log", "--buried", "--config", stage.configPath],
                environment: Self.environment)
            #expect(peek.status == .exited(0), "\(peek)")
            #expect(peek.stdout.contains("problem: not a valid event: not valid JSON"), "\(peek)")
            #expect(peek.stdout.hasSuffix("\nnot json\n"), "\(peek)")

            consumer.signal(SIGTERM)
            let result = try await consumer.waitForResult()
            #expect(result.status == .exited(0), "\(result)")
            #expect(result.stderr.contains("malformed job"), "\(result)")
            #expect(result.stdout.isEmpty, "\(result)")
        }
    }

    @Test func anEventThatCannotBeWrittenStaysQueuedUntilTheDirectoryExists() async throws {
        try await LogStage.run { stage in
            let directory = stage.directory.appending("not-yet")
            try stage.writeConfiguration(["file": "\(directory)/events.jsonl"])
            let event = AlarmEventSamples.event(1)
            let consumer = try start(stage)
            let job = try #require(try await stage.put([event]).first)
            // At start it already says it cannot open the file; wait for the failed write itself.
            try await waitUntil("a failed write to be reported") {
                String(decoding: consumer.standardError, as: UTF8.self).contains("cannot write the event log")
            }
            #expect(try stage.releases(of: job) != nil, "the job was deleted though its event was not written")

            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            _ = try await consumer.awaitLine(containing: id(event), timeout: .seconds(40))
            try await waitUntil("the job to be deleted") { try stage.releases(of: job) == nil }
            consumer.signal(SIGTERM)
            #expect(try await consumer.waitForExit() == .exited(0))
            #expect(LogFiles.lines("\(directory)/events.jsonl") == [AlarmEventSamples.line(event)])
        }
    }
}
