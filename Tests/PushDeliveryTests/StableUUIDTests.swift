import AlarmCore
import Foundation
import PushDelivery
import Testing

@Suite struct StableUUIDTests {
    @Test func matchesPythonUUID5() {
        // Python: uuid.uuid5(uuid.NAMESPACE_DNS, "python.org")
        let dns = UUID(uuidString: "6ba7b810-9dad-11d1-80b4-00c04fd430c8")!
        let uuid = NameBasedUUID.version5(namespace: dns, name: "python.org".utf8)
        #expect(uuid.uuidString.lowercased() == "886313e1-3b8a-5372-9b90-0c9aee199e5d")
    }

    @Test func apnsIDIsStablePerEventAndDevice() {
        let first = NameBasedUUID.apnsID(eventID: Fixtures.eventID, deviceToken: Fixtures.apnsToken)
        #expect(first == NameBasedUUID.apnsID(eventID: Fixtures.eventID, deviceToken: Fixtures.apnsToken))
        #expect(first != NameBasedUUID.apnsID(eventID: Fixtures.eventID, deviceToken: String(repeating: "cd", count: 32)))
        #expect(first != NameBasedUUID.apnsID(eventID: UUID(), deviceToken: Fixtures.apnsToken))
        #expect(first.uuidString.lowercased().dropFirst(14).first == "5")
    }

    @Test func stableIDIsTheEventIDWhenThereIsOne() {
        #expect(Fixtures.event().stableID == Fixtures.eventID)
    }

    @Test func eventsWithoutIDGetOneFromTheirContent() {
        var old = Fixtures.event()
        old.id = nil
        var other = old
        other.message = "Zone alarm: Back door"
        #expect(old.stableID == old.stableID)
        #expect(old.stableID != other.stableID)
        #expect(old.stableID != Fixtures.eventID)
    }
}
