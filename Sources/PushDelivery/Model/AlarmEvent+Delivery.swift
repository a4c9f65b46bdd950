import AlarmCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AlarmEvent {
    /// The notification text: the message, or the code when there is no message.
    var alertBody: String {
        message.isEmpty ? "Code \(code)" : message
    }

    /// The event as FCM `data`: every field the canonical JSON has, under the same key, as a
    /// string (FCM data values must be strings).
    var pushData: [(key: String, value: String)] {
        let fields: [(String, String?)] = [
            ("type", type.rawValue),
            ("code", code),
            ("message", message),
            ("raw", raw),
            ("timestamp", String(timestamp)),
            ("id", id.map { $0.uuidString.lowercased() }),
            ("source", source),
            ("sequence", sequence.map { String($0) }),
            ("partition", partition.map { String($0) }),
            ("zone", zone.map { String($0) }),
            ("zone_name", zoneName),
            ("user", user.map { String($0) }),
            ("user_name", userName),
            ("command_id", commandID.map { $0.uuidString.lowercased() }),
        ]
        return fields.compactMap { key, value in value.map { (key, $0) } }
    }
}
