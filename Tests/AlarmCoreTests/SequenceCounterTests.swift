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
            for _ in 0..<2500 { values.append(try await counter.nextValue()) }
            #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 }, "numbers keep increasing")
            #expect(!FileManager.default.fileExists(atPath: path))

            try unblock()
            let afterRoom = try await counter.nextValue()
            #expect(afterRoom > values.last!)
            #expect(FileManager.default.fileExists(atPath: path), "written again once it can be")
            // A restart continues above every number handed out, also those of the failing time.
            let restarted = SequenceCounter(stateFile: path)
            #expect(try await restarted.nextValue() > afterRoom)
        }
    }
}
