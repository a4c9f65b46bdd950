public import Beanstalk

/// The MQTT bridge (`howalarming-mqtt`): section `mqtt`. Present, the bridge publishes the panel
/// to an MQTT broker, with Home Assistant discovery, and takes commands from it.
public struct MQTTConfig: Sendable, Hashable {
    /// The broker's port without TLS.
    public static let plainPort = 1883
    /// The broker's port with TLS.
    public static let tlsPort = 8883

    /// Host name or IP address of the broker (`host`, default `127.0.0.1`).
    public var host = "127.0.0.1"
    /// TCP port of the broker (`port`, default 1883, or 8883 with `tls`).
    public var port = MQTTConfig.plainPort
    /// TLS to the broker (`tls`), `nil` for plain TCP.
    public var tls: MQTTTLSConfig?
    /// The user name the bridge logs in with (`username`, default none).
    public var username: String?
    /// The password (`password`, `password_file` or `HOWALARMING_MQTT_PASSWORD`; default none).
    public var password: Secret?
    /// The site: one MQTT topic level of letters, digits, `_` and `-` that every topic, the
    /// discovery node id, the unique ids and the client id carry (`site`, default `home`).
    public var site = "home"
    /// The MQTT client id (`client_id`, default `howalarming-` and the site).
    public var clientID = "howalarming-home"
    /// Home Assistant's discovery prefix (`discovery_prefix`, default `homeassistant`).
    public var discoveryPrefix = "homeassistant"
    /// Tube the bridge reads events from (`tube`, default `mqtt`).
    public var tube = TubeName(validLiteral: "mqtt")
    /// Seconds between keep-alive packets, 5–65535 (`keep_alive`, default 30).
    public var keepAlive = 30
    /// Whether arming from MQTT needs an access code typed in Home Assistant
    /// (`code_arm_required`, default `false`: the panel arms without one).
    public var codeArmRequired = false
    /// Whether disarming from MQTT needs an access code typed in Home Assistant; `false` lets
    /// anyone who may publish on the command topics disarm with the integrator's master code
    /// (`code_disarm_required`, default `true`).
    public var codeDisarmRequired = true

    /// Where `/healthz` and `/metrics` are served (`metrics`, `HOST:PORT`, loopback unless
    /// `metrics_allow_non_loopback: true`; default none: not served).
    public var metrics: MetricsConfig?

    /// The defaults: a broker on the local host without TLS or login, site `home`.
    public init() {}
}

/// TLS to the MQTT broker: section `mqtt.tls`. Present (even empty), the bridge uses TLS.
public struct MQTTTLSConfig: Sendable, Hashable {
    /// PEM file of CA certificates trusted instead of the system's (`ca_file`, default none).
    public var caFile: String?
    /// PEM client certificate (`cert_file`, with `key_file`; default none).
    public var certificateFile: String?
    /// PEM private key of the client certificate (`key_file`, with `cert_file`; default none).
    public var keyFile: String?

    /// TLS trusting `caFile` (the system's CAs when `nil`), with the client certificate if given.
    public init(caFile: String? = nil, certificateFile: String? = nil, keyFile: String? = nil) {
        self.caFile = caFile
        self.certificateFile = certificateFile
        self.keyFile = keyFile
    }
}

extension MQTTConfig {
    /// The characters a site may have: it is a topic level and part of Home Assistant ids.
    static let siteCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
    /// The longest site accepted.
    static let siteLimit = 64

    /// Reads the `mqtt` mapping; absent keys keep their defaults.
    init(reading map: ConfigMap) throws(ConfigError) {
        self.init()
        host = try map.value("host")?.nonEmptyText() ?? host
        tls = try map.section("tls").map(MQTTTLSConfig.init(reading:))
        port = try map.value("port")?.port() ?? (tls == nil ? MQTTConfig.plainPort : MQTTConfig.tlsPort)
        username = try map.value("username")?.nonEmptyText()
        password = try map.secret("password")
        if password != nil, username == nil {
            throw map.reader.error(at: map.path(of: "password"), "needs mqtt.username: MQTT sends no password without a user name")
        }
        site = try map.value("site")?.site() ?? site
        clientID = try map.value("client_id")?.clientID() ?? "howalarming-\(site)"
        discoveryPrefix = try map.value("discovery_prefix")?.topicPrefix() ?? discoveryPrefix
        tube = try map.value("tube")?.tubeName() ?? tube
        keepAlive = try map.value("keep_alive")?.integer(in: 5...65535) ?? keepAlive
        codeArmRequired = try map.value("code_arm_required")?.boolean() ?? codeArmRequired
        codeDisarmRequired = try map.value("code_disarm_required")?.boolean() ?? codeDisarmRequired
        metrics = try map.metrics()
    }
}

extension MQTTTLSConfig {
    /// Reads the `mqtt.tls` mapping: the client certificate and its key come together or not at all.
    init(reading map: ConfigMap) throws(ConfigError) {
        self.init(
            caFile: try map.value("ca_file")?.inputFile(),
            certificateFile: try map.value("cert_file")?.inputFile(),
            keyFile: try map.value("key_file")?.inputFile())
        if (certificateFile == nil) != (keyFile == nil) {
            let missing = certificateFile == nil ? "cert_file" : "key_file"
            throw map.reader.error(at: map.path(of: missing), "is required with \(missing == "cert_file" ? "key_file" : "cert_file")")
        }
    }
}

extension ConfigValue {
    /// A site: 1–64 letters, digits, `_` or `-` (one MQTT topic level, and valid in Home Assistant ids).
    fileprivate func site() throws(ConfigError) -> String {
        let text = try nonEmptyText()
        guard text.count <= MQTTConfig.siteLimit, text.allSatisfy(MQTTConfig.siteCharacters.contains) else {
            throw failure(
                "must be 1 to \(MQTTConfig.siteLimit) letters, digits, _ or - (it is one MQTT topic level "
                    + "and part of Home Assistant ids), got \(String(reflecting: text))")
        }
        return text
    }

    /// An MQTT client id: 1–256 bytes of printable characters without spaces.
    fileprivate func clientID() throws(ConfigError) -> String {
        let text = try nonEmptyText()
        let spaceOrControl = text.unicodeScalars.contains { $0.properties.isWhitespace || $0.properties.generalCategory == .control }
        guard text.utf8.count <= 256, !spaceOrControl else {
            throw failure("must be at most 256 bytes without spaces or control characters, got \(String(reflecting: text))")
        }
        return text
    }

    /// A topic prefix: one or more non-empty topic levels without the wildcards `+` and `#`.
    fileprivate func topicPrefix() throws(ConfigError) -> String {
        let text = try nonEmptyText()
        let levels = text.split(separator: "/", omittingEmptySubsequences: false)
        guard !levels.contains(where: \.isEmpty), !text.contains(where: { "+#\u{0}".contains($0) }) else {
            throw failure("must be MQTT topic levels separated by /, none empty, without + or #, got \(String(reflecting: text))")
        }
        return text
    }
}
