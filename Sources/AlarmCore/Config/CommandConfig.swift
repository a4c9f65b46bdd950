public import Beanstalk

/// The command API: section `command`.
public struct CommandConfig: Sendable, Hashable {
    /// Tube the command API reads events from (`tube`, default `command`).
    public var tube = TubeName(validLiteral: "command")
    /// Address the HTTP API listens on (`listen`, default `127.0.0.1:8080`). An address that is not
    /// loopback is refused unless ``allowNonLoopback`` is set.
    public var listen = ListenAddress(host: "127.0.0.1", port: 8080)
    /// Whether `listen` may name an address other than loopback (`allow_non_loopback`, default
    /// `false`): an explicit opt-in to being reachable from the network.
    public var allowNonLoopback = false
    /// The command API's SQLite database (`database`, default `/var/lib/howalarming/command.sqlite`).
    public var database = "/var/lib/howalarming/command.sqlite"
    /// HTTPS instead of plain HTTP (`tls`, default none).
    public var tls: CommandTLSConfig?
    /// Largest request body accepted, in bytes (`body_limit`, 1024–1048576, default 16384).
    public var bodyLimit = 16384
    /// Failed authentications from one address within ``authFailureWindow`` seconds after which
    /// its requests are refused with 429 (`auth_failure_limit`, 1–1000, default 10).
    public var authFailureLimit = 10
    /// The window of ``authFailureLimit``, in seconds (`auth_failure_window`, 1–86400, default 60).
    public var authFailureWindow = 60
    /// Days events and audit rows are kept (`retention_days`, 1–3650, default 365).
    public var retentionDays = 365
    /// The reverse proxies whose `X-Forwarded-For` names the client (`trusted_proxies`: IP
    /// addresses and `ADDRESS/PREFIX` ranges, default none). From any other peer the header is
    /// ignored, and the peer's own address is the client's.
    public var trustedProxies: [IPNetwork] = []
    /// What happens when nobody acknowledges an alarm (`escalation`).
    public var escalation = EscalationConfig()

    /// The defaults.
    public init() {}
}

/// The command API's TLS certificate: section `command.tls`.
public struct CommandTLSConfig: Sendable, Hashable {
    /// PEM file with the server certificate, then any intermediates (`certificate_file`, required),
    /// resolved relative to the config file.
    public var certificateFile: String
    /// PEM file with the certificate's private key (`key_file`, required), resolved relative to the
    /// config file.
    public var keyFile: String

    /// TLS with the certificate chain in `certificateFile` and its key in `keyFile`.
    public init(certificateFile: String, keyFile: String) {
        self.certificateFile = certificateFile
        self.keyFile = keyFile
    }
}

extension CommandConfig {
    /// Reads the `command` mapping; absent keys keep their defaults.
    init(reading map: ConfigMap) throws(ConfigError) {
        self.init()
        tube = try map.value("tube")?.tubeName() ?? tube
        let listening = try map.loopbackListenAddress(
            "listen", allowNonLoopback: "allow_non_loopback", advice: " (and prefer command.tls, a VPN or a proxy)")
        listen = listening.address ?? listen
        allowNonLoopback = listening.allowNonLoopback
        database = try map.value("database")?.nonEmptyText() ?? database
        tls = try map.section("tls").map(CommandTLSConfig.init(reading:))
        bodyLimit = try map.value("body_limit")?.integer(in: 1024...1_048_576) ?? bodyLimit
        authFailureLimit = try map.value("auth_failure_limit")?.integer(in: 1...1000) ?? authFailureLimit
        authFailureWindow = try map.value("auth_failure_window")?.integer(in: 1...86400) ?? authFailureWindow
        retentionDays = try map.value("retention_days")?.integer(in: 1...3650) ?? retentionDays
        trustedProxies = try map.value("trusted_proxies")?.ipNetworks() ?? trustedProxies
        escalation = try map.section("escalation").map(EscalationConfig.init(reading:)) ?? escalation
    }
}

extension ConfigValue {
    /// A list of IP addresses and `ADDRESS/PREFIX` ranges (a single one counts as a list of one;
    /// an empty list is none).
    fileprivate func ipNetworks() throws(ConfigError) -> [IPNetwork] {
        let items: [ConfigValue]
        if case .sequence(let nodes) = node {
            items = nodes.enumerated().map { ConfigValue(node: $1, keyPath: "\(keyPath)[\($0)]", reader: reader) }
        } else {
            items = [self]
        }
        var networks: [IPNetwork] = []
        for item in items {
            let text = try item.text(expected: "an IP address or ADDRESS/PREFIX range")
            do {
                networks.append(try IPNetwork(text))
            } catch {
                throw item.failure(error.reason)
            }
        }
        return networks
    }
}

extension CommandTLSConfig {
    /// Reads the `command.tls` mapping.
    init(reading map: ConfigMap) throws(ConfigError) {
        self.init(
            certificateFile: try map.required("certificate_file").inputFile(),
            keyFile: try map.required("key_file").inputFile())
    }
}
