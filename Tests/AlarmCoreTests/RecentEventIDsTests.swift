import AlarmCore
import Foundation
import Testing

/// The memory of handled event ids forgets the oldest first.
@Suite struct RecentEventIDsTests {
    @Test func theOldestIDIsForgottenFirst() {
        let ids = (0..<5).map { _ in UUID() }
        var recent = RecentEventIDs(capacity: 3)
        for id in ids.prefix(3) { recent.insert(id) }
        #expect(ids.prefix(3).allSatisfy(recent.contains))
        recent.insert(ids[3])
        #expect(!recent.contains(ids[0]))
        #expect(ids[1...3].allSatisfy(recent.contains))
        recent.insert(ids[4])
        #expect(!recent.contains(ids[1]))
        #expect(ids[2...4].allSatisfy(recent.contains))
        #expect(recent.count == 3)
    }

    @Test func anIDInsertedAgainIsRememberedOnce() {
        let ids = (0..<3).map { _ in UUID() }
        var recent = RecentEventIDs(capacity: 2)
        recent.insert(ids[0])
        recent.insert(ids[0])
        recent.insert(ids[1])
        #expect(recent.count == 2)
        #expect(recent.contains(ids[0]) && recent.contains(ids[1]))
        recent.insert(ids[2])
        #expect(!recent.contains(ids[0]))
    }
}
