public import AlarmCore

extension RegistrationMessage {
    /// Carries out the message on `registry`.
    public func apply(to registry: DeviceRegistry) async throws {
        switch self {
        case .register(let platform, let token, let environment, let name):
            try await registry.add(platform: platform, token: token, environment: environment, name: name)
        case .unregister(let token):
            try await registry.remove(token: token)
        }
    }
}
