/// Which APNs servers to use.
public enum APNSEnvironment: String, Sendable, Hashable, CaseIterable {
    /// `api.push.apple.com`: apps from the App Store or TestFlight.
    case production
    /// `api.sandbox.push.apple.com`: development builds.
    case sandbox
}

/// Apple Push Notification service credentials (token-based): section `push.apns`.
public struct APNSConfig: Sendable, Hashable {
    /// The `.p8` signing key from Apple (`key_file`, required), resolved relative to the config file.
    public var keyFile: String
    /// The key's 10-character ID (`key_id`, required).
    public var keyID: String
    /// The 10-character developer team ID (`team_id`, required).
    public var teamID: String
    /// The app's bundle ID (`topic`, required).
    public var topic: String
    /// Which APNs servers to use (`environment`, `production` or `sandbox`, default `production`).
    public var environment: APNSEnvironment
    /// A different server URL, for tests and proxies (`endpoint`, default none: Apple's).
    public var endpoint: String?
    /// PEM file of CA certificates to trust instead of the system's (`ca_file`, default none).
    public var caFile: String?

    /// APNs settings; the keys without a default must be given.
    public init(
        keyFile: String, keyID: String, teamID: String, topic: String,
        environment: APNSEnvironment = .production, endpoint: String? = nil, caFile: String? = nil
    ) {
        self.keyFile = keyFile
        self.keyID = keyID
        self.teamID = teamID
        self.topic = topic
        self.environment = environment
        self.endpoint = endpoint
        self.caFile = caFile
    }
}

extension APNSConfig {
    /// Reads the `push.apns` mapping.
    init(reading map: ConfigMap) throws(ConfigError) {
        self.init(
            keyFile: try map.required("key_file").inputFile(),
            keyID: try map.required("key_id").appleIdentifier(),
            teamID: try map.required("team_id").appleIdentifier(),
            topic: try map.required("topic").nonEmptyText())
        environment = try map.value("environment")?.choice() ?? environment
        endpoint = try map.value("endpoint")?.url()
        caFile = try map.value("ca_file")?.inputFile()
    }
}

extension ConfigValue {
    /// An Apple key or team ID: 10 characters from A–Z and 0–9.
    fileprivate func appleIdentifier() throws(ConfigError) -> String {
        let text = try text()
        guard text.count == 10, text.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) else {
            throw failure("must be 10 characters from A-Z and 0-9 (as Apple shows it), got \(String(reflecting: text))")
        }
        return text
    }
}
