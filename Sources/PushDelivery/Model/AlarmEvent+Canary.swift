public import AlarmCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AlarmEvent {
    /// The `code` of the canary: the daily test notification (`push.canary`), an `info` event.
    public static let canaryCode = "canary"

    /// Whether this is the canary, which every device gets whatever `push.triggers` says, at
    /// low priority.
    public var isCanary: Bool {
        type == .info && code == Self.canaryCode
    }

    /// The canary of `day` (the local date it is sent on, `2026-11-26`). Its `id` is the version 5
    /// UUID of the day, so that a canary put twice the same day (a restart at that minute) is one
    /// event, which the ledger delivers once per device.
    public static func canary(day: String, timestamp: Int64) -> AlarmEvent {
        AlarmEvent(
            type: .info, code: canaryCode, message: "HowAlarming test: this phone will receive alarms",
            timestamp: timestamp, id: NameBasedUUID.version5(namespace: canaryNamespace, name: day.utf8))
    }

    /// The namespace of the canaries' ids.
    private static let canaryNamespace = UUID(uuidString: "0b854110-9234-42c7-8a4f-e98dab2bb19a")!
}
