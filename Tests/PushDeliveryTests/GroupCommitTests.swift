@testable import PushDelivery
import Synchronization
import TestSupport
import Testing

/// Group commits: requests waiting while a batch is written go together in the next one.
struct GroupCommitTests {
    private struct Failure: Error {}

    /// A write that records its batches and holds the first one until the test opens the gate.
    private final class GatedWrite: Sendable {
        let batches = Mutex<[[Int]]>([])
        let entered = AsyncStream<Void>.makeStream()
        let gate = AsyncStream<Void>.makeStream()
        let failing: Set<Int>

        init(failing: Set<Int> = []) {
            self.failing = failing
        }

        func write(_ batch: [Int]) async throws -> [String] {
            let isFirst = batches.withLock { batches in
                batches.append(batch)
                return batches.count == 1
            }
            if isFirst {
                entered.continuation.yield()
                for await _ in gate.stream { break }
            }
            if batch.contains(where: failing.contains) { throw Failure() }
            return batch.map { "result \($0)" }
        }
    }

    @Test func requestsWaitingForABatchShareTheNextAndEachGetsItsResult() async throws {
        let write = GatedWrite()
        let commits = GroupCommit<Int, String> { try await write.write($0) }
        try await withThrowingTaskGroup(of: (Int, String).self) { group in
            group.addTask { (0, try await commits.submit(0)) }
            for await _ in write.entered.stream { break }
            for request in 1...99 { group.addTask { (request, try await commits.submit(request)) } }
            try await waitUntil("99 requests waiting") { commits.waitingCount == 99 }
            write.gate.continuation.yield()
            for try await (request, result) in group { #expect(result == "result \(request)") }
        }
        let batches = write.batches.withLock { $0 }
        #expect(batches.map(\.count) == [1, 99])
        #expect(Set(batches[1]) == Set(1...99))
        #expect(commits.waitingCount == 0)
    }

    @Test func aFailedBatchFailsItsRequestsAndTheNextBatchIsWritten() async throws {
        let write = GatedWrite(failing: [7])
        let commits = GroupCommit<Int, String> { try await write.write($0) }
        let first = Task { try await commits.submit(0) }
        for await _ in write.entered.stream { break }
        let failing = Task { try await commits.submit(7) }
        let companion = Task { try await commits.submit(8) }
        try await waitUntil("2 requests waiting") { commits.waitingCount == 2 }
        write.gate.continuation.yield()
        #expect(try await first.value == "result 0")
        await #expect(throws: Failure.self) { try await failing.value }
        await #expect(throws: Failure.self) { try await companion.value }
        #expect(try await commits.submit(9) == "result 9")
    }
}
