import AlarmCore
import Foundation
import PushDelivery

/// Tokens and devices for registry tests.
enum RegistryFixtures {
    /// A 64-digit APNs token made of `digit` repeated, for example `apnsToken("a")`.
    static func apnsToken(_ digit: Character) -> String {
        String(repeating: digit, count: 64)
    }

    /// An FCM-shaped registration token ending in `suffix`.
    static func fcmToken(_ suffix: String) -> String {
        "dGVzdC1kZXZpY2U:APA91b" + suffix
    }

    /// A registered device with `token`, not stored anywhere: for the pure planners.
    static func device(_ platform: DevicePlatform, _ token: String) throws -> RegisteredDevice {
        let now = Date()
        return RegisteredDevice(
            token: try DeviceToken(token, provider: platform.provider), platform: platform,
            environment: platform == .ios ? .production : nil, createdAt: now, registeredAt: now)
    }
}
