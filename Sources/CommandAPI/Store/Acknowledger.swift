public import AlarmCore

/// Who acknowledged an event: the holder of an API token, or a device with the acknowledgement
/// token its notification carried.
public enum Acknowledger: Sendable, Hashable {
    /// The API token named `name`.
    case token(name: String)
    /// The device `device`, with the name it had in the push consumer's device list (if any).
    case device(DeviceID, name: String?)

    /// How people call it: the token's name, the device's name, or `device <id>` for a device
    /// without one.
    public var displayName: String {
        switch self {
        case .token(let name): name
        case .device(let device, let name): name ?? "device \(device)"
        }
    }

    /// The device, when a device acknowledged.
    public var device: DeviceID? {
        if case .device(let device, _) = self { device } else { nil }
    }

    /// A key naming it among everyone who may acknowledge: `token:<name>` or `device:<id>`.
    var key: String {
        switch self {
        case .token(let name): "token:\(name)"
        case .device(let device, _): "device:\(device)"
        }
    }
}
