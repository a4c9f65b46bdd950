import AlarmCore
import Foundation
import Testing

/// The memory of handled event ids forgets the oldest first.
@Suite struct RecentEventIDsTests {
    @Test func remembersUpToItsCapacityThenForgetsTheOldest() {
        let ids = (0..<4).map { _ in UUID() }
        let recent = RecentEventIDs(capacity: 3)
        ids.prefix(3).forEach(recent.insert)
        #expect(ids.prefix(3).allSatisfy(recent.contains))
        recent.insert(ids[3])
        #expect(!recent.contains(ids[0]))
        #expect(ids.dropFirst().allSatisfy(recent.contains))
    }

    @Test func insertingAKnownIDForgetsNothing() {
        let ids = (0..<3).map { _ in UUID() }
        let recent = RecentEventIDs(capacity: 3)
        ids.forEach(recent.insert)
        recent.insert(ids[1])
        #expect(ids.allSatisfy(recent.contains))
    }
}
