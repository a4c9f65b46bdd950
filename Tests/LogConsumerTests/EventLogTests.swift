import AlarmCore
import Foundation
import LogConsumer
import TestSupport
import Testing

/// The event log on real files: lines, repeats, restarts, torn lines, rotation, reopening and
/// failures that heal.
@Suite struct EventLogTests {
    private func withLogFile(_ body: (String, TemporaryDirectory) async throws -> Void) async throws {
        try await withTemporaryDirectory(prefix: "event-log") { directory in
            try await body(directory.appending("events.jsonl"), directory)
        }
    }

    /// After FILE was renamed to FILE.1 holding `old`: `log` knows `old` and writes `next` to a new FILE.
    private func expectRenamed(_ path: String, log: EventLog, holding old: AlarmEvent, next: AlarmEvent) async throws {
        #expect(try await log.append(old) == .duplicate)
        #expect(try await log.append(next) == .written)
        await log.close()
        #expect(LogFiles.lines(path) == [AlarmEventSamples.line(next)])
        #expect(LogFiles.lines(path + ".1") == [AlarmEventSamples.line(old)])
    }

    @Test func eachEventIsOneLineOfCanonicalJSON() async throws {
        try await withLogFile { (path: String, _: TemporaryDirectory) async throws in
            let log = EventLog(path: path, logger: quietLogger)
            let events = [AlarmEventSamples.event(1), AlarmEventSamples.legacy, AlarmEventSamples.event(2)]
            for event in events { #expect(try await log.append(event) == .written) }
            #expect(LogFiles.lines(path) == events.map(AlarmEventSamples.line))
            await log.close()
        }
    }

    @Test func theSameEventIsWrittenOnce() async throws {
        try await withLogFile { (path: String, _: TemporaryDirectory) async throws in
            let log = EventLog(path: path, logger: quietLogger)
            let event = AlarmEventSamples.event(1)
            var otherLegacy = AlarmEventSamples.legacy
            otherLegacy.timestamp += 1
            #expect(try await log.append(event) == .written)
            #expect(try await log.append(event) == .duplicate)
            #expect(try await log.append(AlarmEventSamples.legacy) == .written)
            #expect(try await log.append(AlarmEventSamples.legacy) == .duplicate)
            #expect(try await log.append(otherLegacy) == .written)
            #expect(LogFiles.lines(path).count == 3)
            await log.close()
        }
    }

    @Test func aRestartedLogRecognisesTheEventsAtTheEndOfTheFile() async throws {
        try await withLogFile { (path: String, _: TemporaryDirectory) async throws in
            let events = (1...3).map { AlarmEventSamples.event($0) }
            let first = EventLog(path: path, logger: quietLogger)
            for event in events { _ = try await first.append(event) }
            _ = try await first.append(AlarmEventSamples.legacy)
            await first.close()

            let restarted = EventLog(path: path, logger: quietLogger)
            #expect(try await appendWhenUnlocked(restarted, events[0]) == .duplicate)
            for event in events.dropFirst() { #expect(try await restarted.append(event) == .duplicate) }
            #expect(try await restarted.append(AlarmEventSamples.legacy) == .duplicate)
            await restarted.close()

            // It reads back only as many lines as it remembers: here the last two.
            let forgetful = EventLog(path: path, recentCapacity: 2, logger: quietLogger)
            #expect(try await appendWhenUnlocked(forgetful, events[2]) == .duplicate)
            #expect(try await forgetful.append(events[1]) == .written)
            await forgetful.close()
            #expect(LogFiles.lines(path).count == 5)
        }
    }

    @Test func aRestartAfterLogrotateRecognisesTheEventsOfTheRotatedFile() async throws {
        try await withLogFile { (path: String, _: TemporaryDirectory) async throws in
            let event = AlarmEventSamples.event(1)
            let first = EventLog(path: path, logger: quietLogger)
            _ = try await first.append(event)
            await first.close()
            try FileManager.default.moveItem(atPath: path, toPath: path + ".1")

            let restarted = EventLog(path: path, logger: quietLogger)
            try await expectRenamed(path, log: restarted, holding: event, next: AlarmEventSamples.event(2))
        }
    }

    @Test func aTornLastLineIsCutOffAndItsEventWrittenWhole() async throws {
        try await withLogFile { (path: String, _: TemporaryDirectory) async throws in
            let first = AlarmEventSamples.event(1)
            let torn = AlarmEventSamples.event(2)
            try LogFiles.append(AlarmEventSamples.line(first) + "\n" + AlarmEventSamples.line(torn).prefix(40), to: path)
            let log = EventLog(path: path, logger: quietLogger)
            #expect(try await log.append(first) == .duplicate)
            #expect(try await log.append(torn) == .written)
            await log.close()
            #expect(LogFiles.lines(path) == [first, torn].map(AlarmEventSamples.line))
        }
    }

    @Test func rotationKeepsEachFileUnderItsSizeAndTheConfiguredNumberOfFiles() async throws {
        try await withLogFile { (path: String, _: TemporaryDirectory) async throws in
            let events = (1...9).map { AlarmEventSamples.event($0) }
            let lineLength = AlarmEventSamples.line(events[0]).utf8.count + 1
            let log = EventLog(path: path, rotation: LogRotation(maximumBytes: Int64(2 * lineLength), keep: 2), logger: quietLogger)
            for event in events { #expect(try await log.append(event) == .written) }
            await log.close()
            // Two lines a file: 9 → FILE holds the 9th, .1 the 7th and 8th, .2 the 5th and 6th.
            #expect(LogFiles.lines(path) == [events[8]].map(AlarmEventSamples.line))
            #expect(LogFiles.lines(path + ".1") == events[6...7].map(AlarmEventSamples.line))
            #expect(LogFiles.lines(path + ".2") == events[4...5].map(AlarmEventSamples.line))
            #expect(!LogFiles.exists(path + ".3"))
        }
    }

    @Test func reopenAfterARenameWritesTheNextLinesToANewFile() async throws {
        try await withLogFile { (path: String, _: TemporaryDirectory) async throws in
            let log = EventLog(path: path, logger: quietLogger)
            let before = AlarmEventSamples.event(1)
            let after = AlarmEventSamples.event(2)
            _ = try await log.append(before)
            try FileManager.default.moveItem(atPath: path, toPath: path + ".1")
            try await log.reopen()
            #expect(LogFiles.exists(path) && LogFiles.size(path) == 0)
            try await expectRenamed(path, log: log, holding: before, next: after)
        }
    }

    @Test func aFullDiskFailsTheAppendAndTheEventIsWrittenOnceThereIsRoom() async throws {
        try await withLogFile { path, directory in
            // The log file is a link to /dev/full, where every write fails with ENOSPC.
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/full")
            let log = EventLog(path: path, logger: quietLogger)
            let event = AlarmEventSamples.event(1)
            let error = await #expect(throws: EventLogError.self) { try await log.append(event) }
            #expect(error?.operation == .write)
            #expect(error?.errorNumber == ENOSPC)
            #expect(error?.description == "cannot write \(path): No space left on device")

            let roomy = directory.appending("roomy.jsonl")
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: roomy)
            #expect(try await log.append(event) == .written)
            #expect(try await log.append(event) == .duplicate)
            await log.close()
            #expect(LogFiles.lines(roomy) == [AlarmEventSamples.line(event)])
        }
    }

    @Test func aMissingDirectoryFailsEachAppendUntilItExists() async throws {
        try await withLogFile { _, directory in
            let path = directory.appending("not-yet/events.jsonl")
            let log = EventLog(path: path, logger: quietLogger)
            let event = AlarmEventSamples.event(1)
            for _ in 1...2 {
                let error = await #expect(throws: EventLogError.self) { try await log.append(event) }
                #expect(error?.operation == .open && error?.errorNumber == ENOENT)
            }
            try FileManager.default.createDirectory(atPath: directory.appending("not-yet"), withIntermediateDirectories: false)
            #expect(try await log.append(event) == .written)
            await log.close()
            #expect(LogFiles.lines(path) == [AlarmEventSamples.line(event)])
        }
    }

    @Test func aSecondWriterIsLockedOutUntilTheFirstCloses() async throws {
        try await withLogFile { (path: String, _: TemporaryDirectory) async throws in
            let first = EventLog(path: path, logger: quietLogger)
            let second = EventLog(path: path, logger: quietLogger)
            _ = try await first.append(AlarmEventSamples.event(1))
            let error = await #expect(throws: EventLogError.self) { try await second.append(AlarmEventSamples.event(2)) }
            #expect(error?.operation == .lock)
            #expect(error?.reason.contains("second howalarming-log") == true)
            await first.close()
            // A process spawned by another test at this moment holds the closed descriptor until
            // its exec (posix_spawn copies the descriptor table), and with it the lock: wait.
            try await waitUntil("the lock to be released", timeout: .seconds(10)) {
                (try? await second.append(AlarmEventSamples.event(2))) == .written
            }
            await second.close()
            #expect(LogFiles.lines(path).count == 2)
        }
    }

    /// `log.append(event)` once the file's lock is free: a process that another test spawns just
    /// after a close holds the closed descriptor, and with it the lock, until its exec.
    private func appendWhenUnlocked(_ log: EventLog, _ event: AlarmEvent) async throws -> EventLog.Outcome {
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            do {
                return try await log.append(event)
            } catch {
                guard error.operation == .lock, ContinuousClock.now < deadline else { throw error }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }
}
