/// Writing registration jobs.
extension RegistrationMessage {
    /// The message as compact JSON, in the format ``decode(json:)-(String)`` reads: what the
    /// command API puts on the registration tube.
    public func encodeJSON() -> [UInt8] {
        var writer = JSONObjectWriter()
        switch self {
        case .register(let platform, let token, let environment, let name, let owner):
            Self.write("type", "register", to: &writer)
            Self.write("platform", platform.rawValue, to: &writer)
            Self.write("token", token, to: &writer)
            Self.write("environment", environment?.rawValue, to: &writer)
            Self.write("name", name, to: &writer)
            Self.write("owner", owner, to: &writer)
        case .registerWeb(let endpoint, let keys, let name, let owner):
            Self.write("type", "register", to: &writer)
            Self.write("platform", DevicePlatform.web.rawValue, to: &writer)
            var keysObject = JSONObjectWriter()
            Self.write("p256dh", keys.p256dh, to: &keysObject)
            Self.write("auth", keys.auth, to: &keysObject)
            let keysBytes = keysObject.finish()
            var subscription = JSONObjectWriter()
            Self.write("endpoint", endpoint, to: &subscription)
            subscription.write("keys") { $0.append(contentsOf: keysBytes) }
            let subscriptionBytes = subscription.finish()
            writer.write("subscription") { $0.append(contentsOf: subscriptionBytes) }
            Self.write("name", name, to: &writer)
            Self.write("owner", owner, to: &writer)
        case .unregister(let token):
            Self.write("type", "unregister", to: &writer)
            Self.write("token", token, to: &writer)
        case .unregisterDevice(let id):
            Self.write("type", "unregister", to: &writer)
            Self.write("device", id.description, to: &writer)
        case .rename(let device, let name):
            Self.write("type", "rename", to: &writer)
            Self.write("device", device.description, to: &writer)
            Self.write("name", name, to: &writer)
        }
        return writer.finish()
    }

    /// Writes the member `key` as a JSON string, unless `value` is `nil`.
    private static func write(_ key: String, _ value: String?, to writer: inout JSONObjectWriter) {
        guard let value else { return }
        writer.write(key) { JSONObjectWriter.write(string: value, into: &$0) }
    }
}
