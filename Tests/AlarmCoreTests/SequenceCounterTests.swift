import AlarmCore
import Foundation
import TestSupport
import Testing

/// The `sequence` numbers of a source: strictly increasing across restarts, and stamping never fails.
@Suite("Sequence counter")
struct SequenceCounterTests {
    /// Makes every write of the state file fail, as a full disk does, until the returned
    /// closure is called: the temporary file the counter writes before renaming is a directory.
    private func blockWrites(of path: String) throws -> () throws -> Void {
        try FileManager.default.createDirectory(atPath: path + ".tmp", withIntermediateDirectories: false)
        try "".write(toFile: path + ".tmp/in-the-way", atomically: false, encoding: .utf8)
        return { try FileManager.default.removeItem(atPath: path + ".tmp") }
    }

    @Test func aStateFileThatCannotBeWrittenNeverStopsTheNumbers() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending("sequence")
            let unblock = try blockWrites(of: path)
            let counter = SequenceCounter(stateFile: path)
            var values: [UInt64] = []
            // More numbers than any block of reserved numbers.
            for _ in 0..<2500 { values.append(await counter.nextValue()) }
            #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 }, "numbers keep increasing")
            #expect(!FileManager.default.fileExists(atPath: path))

            try unblock()
            let afterRoom = await counter.nextValue()
            #expect(afterRoom > values.last!)
            #expect(FileManager.default.fileExists(atPath: path), "written again once it can be")
            // A restart continues above every number handed out, also those of the failing time.
            let restarted = SequenceCounter(stateFile: path)
            #expect(await restarted.nextValue() > afterRoom)
        }
    }

    @Test func aRestartWhileTheFileStillCannotBeWrittenContinuesAboveEveryNumber() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending("sequence")
            let first = SequenceCounter(stateFile: path)
            let saved = await first.nextValue()
            _ = try blockWrites(of: path)
            var last = saved
            for _ in 0..<100 { last = await first.nextValue() }
            let restarted = SequenceCounter(stateFile: path)
            #expect(await restarted.nextValue() > last)
        }
    }

    @Test func failingAndSavingAgainAreReported() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending("sequence")
            let unblock = try blockWrites(of: path)
            let counter = SequenceCounter(stateFile: path)
            var changes = counter.stateChanges.makeAsyncIterator()
            _ = await counter.nextValue()
            _ = await counter.nextValue()
            guard case let .failing(problem) = await changes.next() else { Issue.record("no failure reported"); return }
            #expect(problem.description.contains(path) && problem.description.contains("cannot be saved"))
            try unblock()
            _ = await counter.nextValue()
            #expect(await changes.next() == .saved)
        }
    }

    @Test func numbersSurviveRestartsAndNeverRepeat() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending("sequence")
            let first = SequenceCounter(stateFile: path)
            var values: [UInt64] = []
            for _ in 0..<15 { values.append(await first.nextValue()) }
            #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
            let bound = try #require(UInt64(try String(contentsOfFile: path, encoding: .utf8).dropLast()))
            #expect(bound >= values.last!, "the bound on disk covers every number handed out")
            // A restart (or crash) skips the rest of the reservation but never goes back.
            let second = SequenceCounter(stateFile: path)
            #expect(await second.nextValue() > bound)
        }
    }

    @Test func aClockSetBackCannotMakeNumbersRepeat() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending("sequence")
            let future = UInt64(Date().timeIntervalSince1970 + 86_400) * 1_000_000
            try "\(future)\n".write(toFile: path, atomically: true, encoding: .utf8)
            let counter = SequenceCounter(stateFile: path)
            #expect(await counter.nextValue() == future + 1)
            #expect(await counter.nextValue() == future + 2)
        }
    }

    @Test func clockBasedSequenceIsStrictlyIncreasing() async throws {
        let counter = SequenceCounter(stateFile: nil)
        var last: UInt64 = 0
        for _ in 0..<1000 {
            let value = await counter.nextValue()
            #expect(value > last)
            last = value
        }
    }

    @Test func aCorruptStateFileIsAStartUpProblemAndIsLeftAlone() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending("sequence")
            try "garbage".write(toFile: path, atomically: true, encoding: .utf8)
            let counter = SequenceCounter(stateFile: path)
            let problem = try #require(counter.startupProblem)
            #expect(problem.description.contains(path) && !problem.description.contains("garbage"))
            let value = await counter.nextValue()
            #expect(value > UInt64(Date().timeIntervalSince1970 - 60) * 1_000_000, "counts on from the clock")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "garbage")
        }
    }

    @Test func anEmptyStateFileStartsFromTheClock() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending("sequence")
            try "".write(toFile: path, atomically: true, encoding: .utf8)
            let counter = SequenceCounter(stateFile: path)
            #expect(counter.startupProblem == nil)
            #expect(await counter.nextValue() > UInt64(Date().timeIntervalSince1970 - 60) * 1_000_000)
        }
    }
}
