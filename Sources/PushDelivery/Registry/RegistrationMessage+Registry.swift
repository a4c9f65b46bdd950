public import AlarmCore

extension RegistrationMessage {
    /// Carries out the message on `registry`.
    ///
    /// - Parameter webPushEnabled: Whether this process sends Web Push; a `web` registration
    ///   without it is refused (``RegistryError/Code/webPushNotConfigured``) rather than
    ///   registering a device nothing would ever be sent to.
    /// - Returns: Whether the registry changed (an unregister or rename of an unknown device
    ///   changes nothing).
    @discardableResult
    public func apply(to registry: DeviceRegistry, webPushEnabled: Bool = true) async throws -> Bool {
        switch self {
        case .register(let platform, let token, let environment, let name, let owner):
            try await registry.add(platform: platform, token: token, environment: environment, name: name, owner: owner)
            return true
        case .registerWeb(let endpoint, let keys, let name, let owner):
            guard webPushEnabled else {
                throw RegistryError(
                    code: .webPushNotConfigured,
                    message: "Web Push is not configured (push.web_push.vapid_key_file and push.web_push.subject): "
                        + "a web device would never get a notification")
            }
            try await registry.add(platform: .web, token: endpoint, name: name, webPushKeys: keys, owner: owner)
            return true
        case .unregister(let token):
            return try await registry.remove(token: token)
        case .unregisterDevice(let id):
            return try await registry.remove(deviceID: id)
        case .rename(let device, let name):
            return try await registry.rename(deviceID: device, name: name)
        }
    }
}
