import AlarmCore
import PushDelivery

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One registered device as `devices list` prints it: tab-separated, `-` for what is missing.
/// A web device's token is its endpoint's origin only (`https://host/…`): the path is the
/// capability to push.
struct DeviceLine {
    let text: String

    init(_ device: RegisteredDevice) {
        let fields: [String?] = [
            device.id.description, device.platform.rawValue, device.environment?.rawValue, device.token.redacted, device.name,
            Self.time(device.registeredAt), device.lastSuccessAt.map(Self.time), device.lastError, device.owner,
        ]
        text = fields.map { Self.cell($0) }.joined(separator: "\t")
    }

    /// A field without tabs or line breaks, so that a line stays one device.
    private static func cell(_ value: String?) -> String {
        guard let value, !value.isEmpty else { return "-" }
        return String(value.map { $0 == "\t" || $0.isNewline ? " " : $0 })
    }

    private static func time(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
