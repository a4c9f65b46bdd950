import AlarmCore
import Foundation
@testable import PushDelivery
import TestSupport
import Testing

/// Device owners: the API token that registered a device, in registration messages, in the
/// registry, and in the schema migration that added them.
struct RegistryOwnerTests {
    let registry = DeviceRegistry(database: try! PushDatabase.inMemory())
    let ios = RegistryFixtures.apnsToken("a")

    @Test func aRegistrationMessageCarriesItsOwnerBothWays() throws {
        let message = try RegistrationMessage.decode(
            json: #"{"type":"register","platform":"ios","token":"\#(ios)","owner":"anna"}"#)
        #expect(message == .register(platform: .ios, token: ios, environment: nil, name: nil, owner: "anna"))
        #expect(try RegistrationMessage.decode(json: message.encodeJSON()) == message)
        let old = try RegistrationMessage.decode(json: #"{"type":"register","platform":"ios","token":"\#(ios)"}"#)
        #expect(old == .register(platform: .ios, token: ios, environment: nil, name: nil, owner: nil))
        #expect(!String(decoding: old.encodeJSON(), as: UTF8.self).contains("owner"))
    }

    @Test(arguments: [
        (#""owner":"""#, "owner: must not be empty"),
        (#""owner":5"#, "owner: expected a string, got a number"),
        (#""owner":"a\nb""#, "owner: an owner must not contain control characters (such as line breaks)"),
    ])
    func aBadOwnerIsRefusedNamingTheField(_ field: String, _ reason: String) throws {
        let body = #"{"type":"register","platform":"ios","token":"\#(ios)",\#(field)}"#
        #expect(throws: FormatError.self) { try RegistrationMessage.decode(json: body) }
        do {
            _ = try RegistrationMessage.decode(json: body)
        } catch {
            #expect(error.description == reason)
        }
    }

    @Test func theRegistryStoresTheOwnerAndAReRegistrationWithoutOneKeepsIt() async throws {
        try await RegistrationMessage.register(platform: .ios, token: ios, environment: nil, name: nil, owner: "anna")
            .apply(to: registry)
        #expect(try await registry.list().map(\.owner) == ["anna"])
        try await registry.add(platform: .ios, token: ios, name: "Anna's iPhone")
        #expect(try await registry.list().map(\.owner) == ["anna"])
        try await registry.add(platform: .ios, token: ios, owner: "ben")
        #expect(try await registry.list().map(\.owner) == ["ben"])
        try await registry.add(platform: .android, token: RegistryFixtures.fcmToken("x"))
        #expect(try await registry.list().map(\.owner) == ["ben", nil])
    }

    @Test func theRegistryRefusesAnEmptyOwner() async throws {
        await #expect { try await registry.add(platform: .ios, token: ios, owner: "") } throws: { error in
            (error as? RegistryError)?.code == .invalidOwner
        }
    }

    @Test func theVersion3MigrationKeepsDevicesWithoutAnOwner() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending("push.sqlite")
            let token = try DeviceToken(ios, provider: .apns)
            let eventID = UUID()
            try await OldPushDatabase.write(at: path, upTo: "v2", token: token, deliveredEvent: eventID)
            let database = try PushDatabase(path: path)
            #expect(try await database.schemaVersions() == ["v1", "v2", "v3"])
            let registry = DeviceRegistry(database: database)
            let old = try #require(try await registry.list().first)
            #expect(old.name == "Old phone")
            #expect(old.owner == nil)
            #expect(try await DeliveryLedger(database: database).deliveredDevices(eventID: eventID) == [token])
            try await registry.add(platform: .ios, token: ios, owner: "anna")
            #expect(try await registry.list().map(\.owner) == ["anna"])
        }
    }
}
