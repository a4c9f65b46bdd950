import AlarmCore
import PushDelivery

/// The events the push consumer puts on the other event tubes about its own path: a provider
/// that halted (`fault`, code `push`), the same provider sending again (`recovery`, code `push`),
/// and a phone pruned (`info`, code `pruned`). Messages name providers, devices and the
/// providers' reasons, never a key, token or endpoint.
enum PushPathEvents {
    /// The `code` of a provider's `fault` and `recovery`.
    static let providerCode = "push"
    /// The `code` of a pruned phone's `info`.
    static let prunedCode = "pruned"

    /// "APNs refuses our credentials (InvalidProviderToken): notifications to 3 iPhones are held";
    /// `raw` is the provider (`apns`, `fcm`, `webpush`).
    static func halted(_ provider: PushProvider, reason: String, heldDevices: Int, timestamp: Int64) -> AlarmEvent {
        let held = "notifications to \(heldDevices) \(provider.deviceNoun(count: heldDevices)) are held"
        let refusal =
            if let local = reason.droppingPrefix("credential: ") {
                "\(provider.displayName) cannot use our credentials (\(local))"
            } else {
                "\(provider.displayName) refuses our \(provider.refusedPart(reason: reason)) (\(reason))"
            }
        return AlarmEvent(
            type: .fault, code: providerCode, message: "\(refusal): \(held)", raw: provider.rawValue, timestamp: timestamp)
    }

    /// "APNs sends again (halted for InvalidProviderToken): held notifications go out"; `raw` is
    /// the provider.
    static func resumed(_ provider: PushProvider, haltedFor reason: String, timestamp: Int64) -> AlarmEvent {
        AlarmEvent(
            type: .recovery, code: providerCode,
            message: "\(provider.displayName) sends again (halted for \(reason)): held notifications go out",
            raw: provider.rawValue, timestamp: timestamp)
    }

    /// "Anna's iPhone will no longer receive alarms (Unregistered)", or for an unnamed device its
    /// platform and id; `raw` is the device id.
    static func pruned(_ device: RegisteredDevice, reason: String, timestamp: Int64) -> AlarmEvent {
        let label = device.name ?? "\(device.platform) device \(device.id)"
        return AlarmEvent(
            type: .info, code: prunedCode, message: "\(label) will no longer receive alarms (\(reason))",
            raw: device.id.description, timestamp: timestamp)
    }
}

extension PushProvider {
    /// The provider's name for people.
    var displayName: String {
        switch self {
        case .apns: "APNs"
        case .fcm: "FCM"
        case .webPush: "Web Push"
        }
    }

    /// "iPhone", "Android phones", "browsers" …
    func deviceNoun(count: Int) -> String {
        let noun =
            switch self {
            case .apns: "iPhone"
            case .fcm: "Android phone"
            case .webPush: "browser"
            }
        return count == 1 ? noun : noun + "s"
    }

    /// What of ours the provider refuses, by its reason: the topic, the project, the VAPID key,
    /// or else the credentials.
    func refusedPart(reason: String) -> String {
        if self == .webPush { return "VAPID key" }
        if reason.contains("Topic") { return "topic" }
        if reason == "SENDER_ID_MISMATCH" { return "project" }
        return "credentials"
    }
}

extension String {
    /// The rest after `prefix`; `nil` when it does not start with it.
    fileprivate func droppingPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
