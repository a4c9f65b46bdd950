import AlarmCore
import Foundation
import PushDelivery
import Testing

/// Token hygiene: a provider's "unregistered" verdict prunes a device only if the device was
/// (re)registered before the verdict.
struct RegistryPruneTests {
    let registry: DeviceRegistry
    let token: DeviceToken

    init() throws {
        registry = DeviceRegistry(database: try PushDatabase.inMemory())
        token = try DeviceToken(RegistryFixtures.apnsToken("e"), provider: .apns)
    }

    @Test func aDeviceRegisteredBeforeTheReplyIsPruned() async throws {
        try await registry.add(platform: .ios, token: token.value)
        #expect(try await registry.prune(token, repliedAt: Date().addingTimeInterval(1)))
        #expect(try await registry.list().isEmpty)
    }

    @Test func aDeviceReRegisteredAfterTheReplyIsKept() async throws {
        try await registry.add(platform: .ios, token: token.value)
        try await Task.sleep(for: .milliseconds(5))
        let repliedAt = Date()
        try await Task.sleep(for: .milliseconds(5))
        try await registry.add(platform: .ios, token: token.value)
        #expect(try await registry.prune(token, repliedAt: repliedAt) == false)
        #expect(try await registry.list().map(\.token) == [token])
    }

    @Test func aDeviceFirstRegisteredAfterTheReplyIsKept() async throws {
        let repliedAt = Date().addingTimeInterval(-60)
        try await registry.add(platform: .ios, token: token.value)
        #expect(try await registry.prune(token, repliedAt: repliedAt) == false)
        #expect(try await registry.list().count == 1)
    }

    @Test func pruningOnlyTouchesTheReportedProvidersDevice() async throws {
        try await registry.add(platform: .ios, token: token.value)
        try await registry.add(platform: .android, token: token.value)
        #expect(try await registry.prune(token, repliedAt: Date().addingTimeInterval(1)))
        #expect(try await registry.list().map(\.token.provider) == [.fcm])
    }

    @Test func pruningAnUnknownDeviceReportsNothingPruned() async throws {
        #expect(try await registry.prune(token, repliedAt: Date()) == false)
    }
}
