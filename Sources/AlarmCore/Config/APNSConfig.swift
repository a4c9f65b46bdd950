/// Which APNs servers to use.
public enum APNSEnvironment: String, Sendable, Hashable, CaseIterable {
    /// `api.push.apple.com`: apps from the App Store or TestFlight.
    case production
    /// `api.sandbox.push.apple.com`: development builds.
    case sandbox
}

/// Where the APNs token signing key (Apple's `.p8` file) comes from.
public enum APNSKeySource: Sendable, Hashable {
    /// The file at this path (`key_file`), read when the push consumer starts.
    case file(String)
    /// The key's PEM text itself (`key`, or the environment variable `HOWALARMING_PUSH_APNS_KEY`),
    /// for secret stores that hand keys over as text.
    case inline(Secret)

    /// The configuration key that gives the key, for messages.
    public var keyPath: String {
        switch self {
        case .file: "push.apns.key_file"
        case .inline: "push.apns.key"
        }
    }
}

/// How the push consumer proves to APNs that it may send for the app.
public enum APNSAuthentication: Sendable, Hashable {
    /// Token-based: ES256 JWTs signed with the key `key` (`key_file` or `key`), whose ID is
    /// `keyID` (`key_id`), of the developer team `teamID` (`team_id`). Apple's recommendation.
    case token(key: APNSKeySource, keyID: String, teamID: String)
    /// Certificate-based: the TLS client certificate `certificateFile` (`certificate_file`, PEM)
    /// and its key `privateKeyFile` (`private_key_file`, PEM). Certificates expire every year.
    case certificate(certificateFile: String, privateKeyFile: String)
}

/// Apple Push Notification service settings: section `push.apns`.
public struct APNSConfig: Sendable, Hashable {
    /// Token (`key_file` or `key`, `key_id`, `team_id`) or certificate (`certificate_file`,
    /// `private_key_file`) authentication; exactly one of the two sets is required. Files are
    /// resolved relative to the config file.
    public var authentication: APNSAuthentication
    /// The app's bundle ID (`topic`, required).
    public var topic: String
    /// The APNs environment of devices that register without naming one
    /// (`environment`, `production` or `sandbox`, default `production`). Each device is sent to
    /// its own environment's servers.
    public var environment: APNSEnvironment
    /// A different server URL, for tests and proxies (`endpoint`, default none: Apple's).
    public var endpoint: String?
    /// PEM file of CA certificates trusted in addition to the system's (`ca_file`, default none).
    public var caFile: String?

    /// APNs settings.
    public init(
        authentication: APNSAuthentication, topic: String, environment: APNSEnvironment = .production,
        endpoint: String? = nil, caFile: String? = nil
    ) {
        self.authentication = authentication
        self.topic = topic
        self.environment = environment
        self.endpoint = endpoint
        self.caFile = caFile
    }

    /// APNs settings with token authentication.
    public init(
        keyFile: String, keyID: String, teamID: String, topic: String,
        environment: APNSEnvironment = .production, endpoint: String? = nil, caFile: String? = nil
    ) {
        self.init(
            authentication: .token(key: .file(keyFile), keyID: keyID, teamID: teamID), topic: topic,
            environment: environment, endpoint: endpoint, caFile: caFile)
    }
}

extension APNSConfig {
    /// Reads the `push.apns` mapping.
    init(reading map: ConfigMap) throws(ConfigError) {
        self.init(authentication: try Self.authentication(reading: map), topic: try map.required("topic").nonEmptyText())
        environment = try map.value("environment")?.choice() ?? environment
        endpoint = try map.value("endpoint")?.url()
        caFile = try map.value("ca_file")?.inputFile()
    }

    private static func authentication(reading map: ConfigMap) throws(ConfigError) -> APNSAuthentication {
        guard let certificate = map.value("certificate_file") else {
            return .token(
                key: try keySource(reading: map),
                keyID: try map.required("key_id").appleIdentifier(),
                teamID: try map.required("team_id").appleIdentifier())
        }
        if map.value("key_file") != nil || map.value("key") != nil {
            throw map.reader.error(
                at: map.path(of: "certificate_file"),
                "use either key_file (or key), key_id and team_id (token authentication) or certificate_file and "
                    + "private_key_file (certificate authentication), not both")
        }
        return .certificate(
            certificateFile: try certificate.inputFile(), privateKeyFile: try map.required("private_key_file").inputFile())
    }
}

extension APNSConfig {
    /// The `.p8` key: its text (`key` or `HOWALARMING_PUSH_APNS_KEY`) or its file (`key_file`).
    private static func keySource(reading map: ConfigMap) throws(ConfigError) -> APNSKeySource {
        let file = map.value("key_file")
        if file != nil, map.value("key") != nil {
            throw map.reader.error(at: map.path(of: "key"), "set either key or key_file, not both")
        }
        if let pem = try map.inlineSecret("key") { return .inline(pem) }
        return .file(try map.required("key_file").inputFile())
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
