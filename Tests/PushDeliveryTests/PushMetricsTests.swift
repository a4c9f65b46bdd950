import AlarmCore
import Foundation
@testable import PushDelivery
import Testing

/// What the push consumer's metrics are made of: reply reasons as short labels, and the sizes
/// of the registry and the ledger.
struct PushMetricsTests {
    @Test(arguments: [
        (nil, ""),
        ("Unregistered", "Unregistered"),
        ("QUOTA_EXCEEDED", "QUOTA_EXCEEDED"),
        ("timeout", "timeout"),
        ("credential: the key file /etc/howalarming/AuthKey.p8 cannot be read", "credential"),
        ("SomethingNew (unrecognised)", "SomethingNew"),
        ("301: a redirect, not followed", "301"),
        ("ExpiredProviderToken although the credential is new: check the clock", "ExpiredProviderToken although the creden"),
        ("Bad\u{1}Token\"}{", "BadToken"),
    ] as [(String?, String)])
    func aReasonBecomesAShortLabel(reason: String?, label: String) {
        #expect(ProviderReplyMetrics.reasonLabel(reason) == label)
    }

    @Test func theSizesCountDevicesAndLedgerRows() async throws {
        let database = try PushDatabase.inMemory()
        #expect(try await database.sizes() == (devices: 0, ledgerRows: 0))
        let registry = DeviceRegistry(database: database)
        let iphone = try DeviceToken(RegistryFixtures.apnsToken("1"), provider: .apns)
        try await registry.add(platform: .ios, token: iphone.value, name: "Anna's iPhone")
        let ledger = DeliveryLedger(database: database)
        try await ledger.record(eventID: UUID(), device: iphone, status: .delivered)
        try await ledger.record(eventID: UUID(), device: iphone, status: .retrying, reason: "timeout")
        #expect(try await database.sizes() == (devices: 1, ledgerRows: 2))
    }
}
