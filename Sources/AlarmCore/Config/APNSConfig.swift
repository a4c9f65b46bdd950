/// Which APNs servers to use.
public enum APNSEnvironment: String, Sendable, Hashable, CaseIterable {
    /// `api.push.apple.com`: apps from the App Store or TestFlight.
    case production
    /// `api.sandbox.push.apple.com`: development builds.
    case sandbox
}

/// How the push consumer proves to APNs that it may send for the app.
public enum APNSAuthentication: Sendable, Hashable {
    /// Token-based: ES256 JWTs signed with the `.p8` key `keyFile` (`key_file`), whose ID is
    /// `keyID` (`key_id`), of the developer team `teamID` (`team_id`). Apple's recommendation.
    case token(keyFile: String, keyID: String, teamID: String)
    /// Certificate-based: the TLS client certificate `certificateFile` (`certificate_file`, PEM)
    /// and its key `privateKeyFile` (`private_key_file`, PEM). Certificates expire every year.
    case certificate(certificateFile: String, privateKeyFile: String)
}

/// Apple Push Notification service settings: section `push.apns`.
public struct APNSConfig: Sendable, Hashable {
    /// Token (`key_file`, `key_id`, `team_id`) or certificate (`certificate_file`,
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
            authentication: .token(keyFile: keyFile, keyID: keyID, teamID: teamID), topic: topic,
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
                keyFile: try map.required("key_file").inputFile(),
                keyID: try map.required("key_id").appleIdentifier(),
                teamID: try map.required("team_id").appleIdentifier())
        }
        if map.value("key_file") != nil {
            throw map.reader.error(
                at: map.path(of: "certificate_file"),
                "use either key_file, key_id and team_id (token authentication) or certificate_file and "
                    + "private_key_file (certificate authentication), not both")
        }
        return .certificate(
            certificateFile: try certificate.inputFile(), privateKeyFile: try map.required("private_key_file").inputFile())
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
