public import AlarmCore

extension APNSEnvironment {
    /// Apple's host for this environment (port 443, HTTP/2 over TLS).
    public var host: String {
        switch self {
        case .production: "api.push.apple.com"
        case .sandbox: "api.sandbox.push.apple.com"
        }
    }
}
