import Foundation
import LogConsumer
import ServiceLifecycleTestKit
import TestSupport
import Testing

/// The service that keeps the log file: open at start, reopen on request, close at shutdown.
@Suite struct LogFileServiceTests {
    @Test func opensAtStartReopensOnRequestAndClosesAtShutdown() async throws {
        try await withTemporaryDirectory(prefix: "log-file-service") { directory in
            let path = directory.appending("events.jsonl")
            let log = EventLog(path: path, logger: quietLogger)
            let (requests, reopen) = AsyncStream.makeStream(of: Void.self)
            try await testGracefulShutdown { trigger in
                let service = Task { await LogFileService(log: log, reopenRequests: requests, logger: quietLogger).run() }
                try await waitUntil("the file to be created at start") { LogFiles.exists(path) }
                try FileManager.default.moveItem(atPath: path, toPath: path + ".1")
                reopen.yield()
                try await waitUntil("the file to be created again") { LogFiles.exists(path) }
                trigger.triggerGracefulShutdown()
                await service.value
            }
            // Closed, so unlocked: another log can write to it.
            let other = EventLog(path: path, logger: quietLogger)
            #expect(try await other.append(AlarmEventSamples.event(1)) == .written)
            await other.close()
        }
    }
}
