import AlarmCore
import Foundation
import LogConsumer
import ServiceLifecycle
import TestSupport
import Testing

/// The log consumer's services in-process, against a real beanstalkd and real files.
@Suite("Log consumer")
struct LogConsumerTests {
    /// Runs the consumer's services while `body` runs, then stops them gracefully.
    private func withConsumer(
        _ stage: LogStage, printed: PrintedLines = PrintedLines(), reopenRequests: AsyncStream<Void> = AsyncStream { _ in },
        _ body: () async throws -> Void
    ) async throws {
        let services = LogConsumerApp.services(
            configuration: try stage.configuration(), reopenRequests: reopenRequests, printLine: printed.append,
            logger: quietLogger)
        let group = ServiceGroup(configuration: .init(services: services, logger: quietLogger))
        let running = Task { try await group.run() }
        try await TestSupport.running({ try await body() }, then: {
            await group.triggerGracefulShutdown()
            _ = try? await running.value
        })
    }

    @Test func eventsAreWrittenPrintedAndDeleted() async throws {
        try await LogStage.run { stage in
            try stage.writeConfiguration()
            let logPath = try stage.configuration().log.file
            let printed = PrintedLines()
            let events = [AlarmEventSamples.event(1, type: .alarm), AlarmEventSamples.legacy, AlarmEventSamples.event(2)]
            try await withConsumer(stage, printed: printed) {
                try await stage.put(events)
                try await waitUntil("every job to be deleted") { try stage.isDrained(expectingTotal: 3) }
            }
            #expect(LogFiles.lines(logPath) == events.map(AlarmEventSamples.line))
            #expect(printed.all.count == 3)
            #expect(printed.all[0].contains(" alarm 609 p1 z1 Front door: Zone open: event 1 (seq 1, id "))
            #expect(printed.all[1] == "2023-11-14T22:13:20Z alarm 601 Zone alarm (id none)")
        }
    }

    @Test func anEventPutTwiceIsWrittenOnce() async throws {
        try await LogStage.run { stage in
            try stage.writeConfiguration()
            let event = AlarmEventSamples.event(1)
            let printed = PrintedLines()
            try await withConsumer(stage, printed: printed) {
                try await stage.put([event, AlarmEventSamples.legacy, event, AlarmEventSamples.legacy])
                try await waitUntil("every job to be deleted") { try stage.isDrained(expectingTotal: 4) }
            }
            #expect(LogFiles.lines(try stage.configuration().log.file) == [event, AlarmEventSamples.legacy].map(AlarmEventSamples.line))
            #expect(printed.all.count == 2)
        }
    }

    @Test func jobsThatAreNotEventsAreBuriedAndNothingIsWritten() async throws {
        try await LogStage.run { stage in
            try stage.writeConfiguration()
            try await withConsumer(stage) {
                try await stage.put(["not json", #"{"type":"bogus","code":"1","timestamp":1}"#])
                try await waitUntil("both jobs to be buried") { try stage.count("current-jobs-buried") == 2 }
            }
            #expect(LogFiles.lines(try stage.configuration().log.file).isEmpty)
        }
    }

    @Test func theFileIsRotatedBySizeAsConfigured() async throws {
        try await LogStage.run { stage in
            try stage.writeConfiguration(["rotate_bytes": "1024", "keep": "2"])
            let logPath = try stage.configuration().log.file
            let events = (1...12).map { AlarmEventSamples.event($0) }
            try await withConsumer(stage) {
                try await stage.put(events)
                try await waitUntil("every job to be deleted") { try stage.isDrained(expectingTotal: 12) }
            }
            let files = [logPath + ".2", logPath + ".1", logPath]
            for file in files { #expect((1...1024).contains(LogFiles.size(file)), "\(file)") }
            #expect(!LogFiles.exists(logPath + ".3"))
            // The files hold the newest events, in order, each once.
            let kept = files.flatMap(LogFiles.lines)
            #expect(kept == events.suffix(kept.count).map(AlarmEventSamples.line))
        }
    }

    @Test func aReopenRequestMovesTheNextEventsToTheNewFile() async throws {
        try await LogStage.run { stage in
            try stage.writeConfiguration()
            let logPath = try stage.configuration().log.file
            let (requests, reopen) = AsyncStream.makeStream(of: Void.self)
            let (first, second) = (AlarmEventSamples.event(1), AlarmEventSamples.event(2))
            try await withConsumer(stage, reopenRequests: requests) {
                try await stage.put([first])
                try await waitUntil("the first event to be deleted") { try stage.isDrained(expectingTotal: 1) }
                try FileManager.default.moveItem(atPath: logPath, toPath: logPath + ".1")
                reopen.yield()
                try await waitUntil("the new file") { LogFiles.exists(logPath) }
                try await stage.put([second, first])
                try await waitUntil("the other events to be deleted") { try stage.isDrained(expectingTotal: 3) }
            }
            #expect(LogFiles.lines(logPath + ".1") == [AlarmEventSamples.line(first)])
            #expect(LogFiles.lines(logPath) == [AlarmEventSamples.line(second)])
        }
    }
}
