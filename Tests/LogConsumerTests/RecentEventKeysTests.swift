import Foundation
import Testing

@testable import LogConsumer

@Suite struct RecentEventKeysTests {
    @Test func theOldestKeyIsForgottenFirst() {
        let keys = (0..<5).map { _ in UUID() }
        var recent = RecentEventKeys(capacity: 3)
        for key in keys.prefix(3) { recent.insert(key) }
        #expect(keys.prefix(3).allSatisfy(recent.contains))
        recent.insert(keys[3])
        #expect(!recent.contains(keys[0]))
        #expect(keys[1...3].allSatisfy(recent.contains))
        recent.insert(keys[4])
        #expect(!recent.contains(keys[1]))
        #expect(keys[2...4].allSatisfy(recent.contains))
        #expect(recent.count == 3)
    }

    @Test func aKeyInsertedAgainIsRememberedOnce() {
        let keys = (0..<3).map { _ in UUID() }
        var recent = RecentEventKeys(capacity: 2)
        recent.insert(keys[0])
        recent.insert(keys[0])
        recent.insert(keys[1])
        #expect(recent.count == 2)
        #expect(recent.contains(keys[0]) && recent.contains(keys[1]))
        recent.insert(keys[2])
        #expect(!recent.contains(keys[0]))
    }
}
