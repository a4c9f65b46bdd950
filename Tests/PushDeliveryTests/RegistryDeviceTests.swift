import AlarmCore
import Foundation
import PushDelivery
import TestSupport
import Testing

/// Registering, re-registering, listing, removing and importing devices.
struct RegistryDeviceTests {
    let registry: DeviceRegistry
    let ios = RegistryFixtures.apnsToken("a")
    let android = RegistryFixtures.fcmToken("Android-1")

    init() throws {
        registry = DeviceRegistry(database: try PushDatabase.inMemory())
    }

    @Test func addingStoresTheDeviceWithItsProviderAndDefaults() async throws {
        #expect(try await registry.add(platform: .ios, token: ios.uppercased(), name: "Jane's iPhone") == .added)
        #expect(try await registry.add(platform: .android, token: android) == .added)
        let devices = try await registry.list()
        try #require(devices.count == 2)
        #expect(try devices[0].token == DeviceToken(ios, provider: .apns))
        #expect(devices[0].platform == .ios)
        #expect(devices[0].environment == .production)
        #expect(devices[0].name == "Jane's iPhone")
        #expect(devices[0].createdAt == devices[0].registeredAt)
        #expect(devices[0].lastSuccessAt == nil && devices[0].lastError == nil)
        #expect(try devices[1].token == DeviceToken(android, provider: .fcm))
        #expect(devices[1].environment == nil && devices[1].name == nil)
    }

    @Test func reAddingUpdatesRegistrationNameAndEnvironmentButKeepsCreation() async throws {
        try await registry.add(platform: .ios, token: ios, name: "Old")
        let first = try #require(try await registry.list().first)
        try await Task.sleep(for: .milliseconds(5))
        #expect(try await registry.add(platform: .ios, token: ios.uppercased(), environment: .sandbox, name: "New") == .updated)
        let devices = try await registry.list()
        #expect(devices.count == 1)
        #expect(devices[0].createdAt == first.createdAt)
        #expect(devices[0].registeredAt > first.registeredAt)
        #expect(devices[0].environment == .sandbox)
        #expect(devices[0].name == "New")
    }

    @Test func reAddingWithoutNameOrEnvironmentKeepsThemAndAnEmptyNameClears() async throws {
        try await registry.add(platform: .ios, token: ios, environment: .sandbox, name: "Kitchen iPad")
        try await registry.add(platform: .ios, token: ios)
        #expect(try await registry.list().map(\.environment) == [.sandbox])
        #expect(try await registry.list().map(\.name) == ["Kitchen iPad"])
        try await registry.add(platform: .ios, token: ios, name: "")
        #expect(try await registry.list().map(\.name) == [nil])
    }

    @Test func invalidRegistrationsAreRefusedAndStoreNothing() async throws {
        await #expect { try await registry.add(platform: .ios, token: "abc") } throws: { error in
            (error as? RegistryError)?.code == .invalidToken
        }
        await #expect { try await registry.add(platform: .android, token: android, environment: .sandbox) } throws: { error in
            (error as? RegistryError)?.code == .environmentNotApplicable
        }
        await #expect { try await registry.add(platform: .android, token: android, name: "two\nlines") } throws: { error in
            (error as? RegistryError)?.code == .invalidName
        }
        let longName = String(repeating: "n", count: 201)
        await #expect { try await registry.add(platform: .android, token: android, name: longName) } throws: { error in
            (error as? RegistryError)?.code == .invalidName
        }
        #expect(try await registry.list().isEmpty)
    }

    @Test func removingMatchesAPNsTokensInAnyCaseAndFCMTokensExactly() async throws {
        try await registry.add(platform: .ios, token: ios)
        try await registry.add(platform: .android, token: android)
        #expect(try await registry.remove(token: android.lowercased()) == false)
        #expect(try await registry.remove(token: " \(ios.uppercased())\n") == true)
        #expect(try await registry.remove(token: ios) == false)
        #expect(try await registry.list().map(\.token.value) == [android])
        #expect(try await registry.remove(token: android) == true)
        #expect(try await registry.list().isEmpty)
    }

    @Test func theSameTextIsADifferentDeviceForEachProvider() async throws {
        try await registry.add(platform: .ios, token: ios)
        #expect(try await registry.add(platform: .android, token: ios) == .added)
        #expect(try await registry.list().map(\.token.provider) == [.apns, .fcm])
        #expect(try await registry.remove(token: ios))
        #expect(try await registry.list().isEmpty)
    }

    @Test func listingIsInRegistrationOrder() async throws {
        let tokens = ["1", "2", "3", "4"].map { RegistryFixtures.fcmToken($0) }
        for token in tokens { try await registry.add(platform: .android, token: token) }
        try await registry.add(platform: .android, token: tokens[0], name: "re-registered")
        #expect(try await registry.list().map(\.token.value) == tokens)
    }

    @Test func importCountsAddedUpdatedAndInvalidLines() async throws {
        let existing = RegistryFixtures.apnsToken("b")
        try await registry.add(platform: .ios, token: existing, environment: .sandbox, name: "Kept")
        let lines = [
            "# exported from the old app",  // 1: comment
            ios,  // 2: added
            "",  // 3: blank
            "  \(existing.uppercased())  ",  // 4: updated
            "not-a-token",  // 5: invalid
            ios,  // 6: updated (again in the same file)
            RegistryFixtures.apnsToken("c") + "0",  // 7: invalid (odd length)
            RegistryFixtures.apnsToken("d"),  // 8: added
        ]
        let summary = try await registry.import(tokens: lines, platform: .ios)
        #expect(summary.added == 2)
        #expect(summary.updated == 2)
        #expect(summary.invalid.map(\.line) == [5, 7])
        #expect(summary.invalid[0].description.hasPrefix("line 5: an APNs device token has only hexadecimal digits"))
        let devices = try await registry.list()
        #expect(devices.map(\.token.value) == [existing, ios, RegistryFixtures.apnsToken("d")])
        #expect(devices.map(\.environment) == [.sandbox, .production, .production])
        #expect(devices.map(\.name) == ["Kept", nil, nil])
    }

    @Test func importOfManyTokensIsOneQuickTransaction() async throws {
        let tokens = (0..<5000).map { RegistryFixtures.fcmToken(String($0)) }
        let summary = try await registry.import(tokens: tokens, platform: .android)
        #expect(summary == ImportSummary(added: 5000))
        #expect(try await registry.list().count == 5000)
    }
}
