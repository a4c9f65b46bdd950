/// The phone's operating system, which decides the push provider.
public enum DevicePlatform: String, Codable, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// iPhone and iPad: delivered through APNs.
    case ios
    /// Android: delivered through FCM.
    case android

    /// The provider that delivers to this platform's tokens.
    public var provider: PushProvider {
        switch self {
        case .ios: .apns
        case .android: .fcm
        }
    }

    public var description: String { rawValue }
}
