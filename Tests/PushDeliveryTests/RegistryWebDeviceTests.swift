import AlarmCore
import Foundation
@testable import PushDelivery
import PushMocks
import TestSupport
import Testing

/// Web devices in the registry: their subscription keys, ids, renames, and the schema migration
/// that made room for them.
struct RegistryWebDeviceTests {
    let registry = DeviceRegistry(database: try! PushDatabase.inMemory())
    static let endpoint = "https://updates.push.services.mozilla.com/wpush/v2/c2VjcmV0"

    private func keys(_ browser: TestBrowser) throws -> WebPushKeys {
        try WebPushKeys(p256dh: browser.p256dh, auth: browser.auth)
    }

    @Test func aWebDeviceKeepsItsKeysAndReRegisteringReplacesThem() async throws {
        let first = TestBrowser()
        #expect(try await registry.add(platform: .web, token: Self.endpoint, name: "Laptop", webPushKeys: keys(first)) == .added)
        var device = try #require(try await registry.list().first)
        #expect(device.platform == .web)
        #expect(device.token.provider == .webPush)
        #expect(device.webPushKeys == (try keys(first)))
        #expect(device.environment == nil)

        let second = TestBrowser()
        #expect(try await registry.add(platform: .web, token: Self.endpoint, webPushKeys: keys(second)) == .updated)
        device = try #require(try await registry.list().first)
        #expect(device.webPushKeys == (try keys(second)))
        #expect(device.name == "Laptop")
    }

    @Test func webDevicesNeedKeysThatEncryptAndOthersHaveNone() async throws {
        await #expect(throws: RegistryError.self) { try await registry.add(platform: .web, token: Self.endpoint) }
        // 65 bytes starting with 0x04, but not a point on P-256.
        let offCurve = try WebPushKeys(
            p256dh: Data([0x04] + [UInt8](repeating: 0x01, count: 64)).base64EncodedString(), auth: TestBrowser().auth)
        let error = try await #require(throws: RegistryError.self) {
            try await registry.add(platform: .web, token: Self.endpoint, webPushKeys: offCurve)
        }
        #expect(error.code == .invalidSubscription)
        #expect(!error.message.contains("c2VjcmV0"))
        await #expect(throws: RegistryError.self) {
            try await registry.add(
                platform: .android, token: RegistryFixtures.fcmToken("1"), webPushKeys: try keys(TestBrowser()))
        }
        #expect(try await registry.list().isEmpty)
    }

    @Test func devicesAreRenamedAndRemovedByID() async throws {
        try await registry.add(platform: .web, token: Self.endpoint, webPushKeys: keys(TestBrowser()))
        try await registry.add(platform: .ios, token: RegistryFixtures.apnsToken("b"))
        let web = try #require(try await registry.list().first { $0.platform == .web })

        #expect(try await registry.rename(deviceID: web.id, name: "Hall tablet"))
        #expect(try await registry.list().first { $0.id == web.id }?.name == "Hall tablet")
        #expect(try await registry.rename(deviceID: web.id, name: ""))
        #expect(try await registry.list().first { $0.id == web.id }?.name == nil)
        #expect(try await registry.rename(deviceID: DeviceID(UUID().uuidString)!, name: "x") == false)

        #expect(try await registry.remove(deviceID: web.id))
        #expect(try await registry.remove(deviceID: web.id) == false)
        #expect(try await registry.list().map(\.platform) == [.ios])
    }

    @Test func aWebRegistrationIsRefusedWithoutWebPush() async throws {
        let message = RegistrationMessage.registerWeb(endpoint: Self.endpoint, keys: try keys(TestBrowser()), name: nil)
        let error = try await #require(throws: RegistryError.self) {
            try await message.apply(to: registry, webPushEnabled: false)
        }
        #expect(error.code == .webPushNotConfigured)
        #expect(try await registry.list().isEmpty)
        #expect(try await message.apply(to: registry, webPushEnabled: true))
        #expect(try await registry.list().count == 1)
    }

    @Test func webDevicesAreNotImportedFromTokens() async throws {
        await #expect(throws: RegistryError.self) { try await registry.import(tokens: [Self.endpoint], platform: .web) }
    }

    @Test func theVersion2MigrationKeepsDevicesAndDeliveries() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending("push.sqlite")
            let token = try DeviceToken(RegistryFixtures.apnsToken("c"), provider: .apns)
            let eventID = UUID()
            try await OldPushDatabase.write(at: path, upTo: "v1", token: token, deliveredEvent: eventID)
            let database = try PushDatabase(path: path)
            #expect(try await database.schemaVersions() == ["v1", "v2", "v3"])
            let registry = DeviceRegistry(database: database)
            let old = try #require(try await registry.list().first)
            #expect(old.name == "Old phone")
            #expect(old.environment == .sandbox)
            #expect(try await DeliveryLedger(database: database).deliveredDevices(eventID: eventID) == [token])
            try await registry.add(platform: .web, token: Self.endpoint, webPushKeys: keys(TestBrowser()))
            #expect(try await registry.list().map(\.platform) == [.ios, .web])
        }
    }
}
