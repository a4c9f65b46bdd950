public import AlarmCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension DeviceToken {
    /// The device's public handle: the version 5 UUID of `provider:token` in a fixed namespace,
    /// lower case. Stable across re-registrations and hosts; push reports, the command API and
    /// `devices list` name devices by it, so that tokens and Web Push endpoints (capabilities)
    /// never leave the push consumer. The same as AlarmCore's `DeviceID`.
    public var deviceID: String {
        NameBasedUUID.version5(namespace: Self.deviceIDNamespace, name: Array("\(provider.rawValue):\(value)".utf8))
            .uuidString.lowercased()
    }

    /// The namespace of device ids (a random UUID, fixed forever).
    private static let deviceIDNamespace = UUID(uuidString: "5b0d6f1e-3f7a-4c39-9a51-2d8e6b0c4a17")!
}
