/// The integrator's TPI proxy: section `envisalinkd.proxy`. Present with `listen`, the integrator
/// serves the EVL's side of the TPI to the clients named here, sharing its one panel session.
public struct TPIProxyConfig: Sendable, Hashable {
    /// Where the proxy listens (`listen`, `HOST:PORT`): loopback unless `allow_remote: true`.
    public var listen: ListenAddress
    /// Whether `listen` may be an address other machines reach (`allow_remote`, default `false`).
    public var allowRemote = false
    /// The clients that may log in, by name (`clients`, at least one).
    public var clients: [TPIProxyClientConfig]

    /// A proxy on `listen` for `clients`.
    public init(listen: ListenAddress, allowRemote: Bool = false, clients: [TPIProxyClientConfig]) {
        self.listen = listen
        self.allowRemote = allowRemote
        self.clients = clients
    }
}

/// One client of the TPI proxy: section `envisalinkd.proxy.clients.NAME`.
public struct TPIProxyClientConfig: Sendable, Hashable {
    /// What a client may send to the panel beyond polls and status requests.
    public enum Permission: String, Sendable, Hashable, CaseIterable {
        /// Sees everything the panel says; sends nothing to it.
        case read
        /// May also arm, disarm and raise panic alarms, and answer the panel's code requests.
        case control
    }

    /// The longest client name: it is a key, part of an environment variable and of events' `source`.
    public static let nameLimit = 32

    /// The client's name: letters, digits and `_` (the key under `clients`).
    public var name: String
    /// Its TPI password, 1–6 printable characters, as an EVL takes (`password`, `password_file` or
    /// `HOWALARMING_ENVISALINKD_PROXY_CLIENTS_NAME_PASSWORD`); it tells the clients apart, so each is different.
    public var password: Secret
    /// What it may send (`permission`, default `read`).
    public var permission = Permission.read
    /// Further panel command codes it may send (`allow_raw`, default none).
    public var allowedRawCodes: Set<String> = []
    /// How many connections it may have open at once (`connections`, 1–16, default 1).
    public var connections = 1

    /// A client `name` with `password` and the defaults.
    public init(name: String, password: Secret, permission: Permission = .read,
                allowedRawCodes: Set<String> = [], connections: Int = 1) {
        self.name = name
        self.password = password
        self.permission = permission
        self.allowedRawCodes = allowedRawCodes
        self.connections = connections
    }
}

extension TPIProxyConfig {
    /// Reads the `proxy` mapping: `nil` when it has no `listen` (the proxy is off).
    static func reading(_ map: ConfigMap) throws(ConfigError) -> TPIProxyConfig? {
        let (listen, allowRemote) = try map.loopbackListenAddress("listen", allowNonLoopback: "allow_remote")
        let clientsValue = map.value("clients")
        guard let listen else {
            if let clientsValue { throw clientsValue.failure("needs \(map.path(of: "listen")): the proxy listens nowhere without it") }
            return nil
        }
        guard let clientsValue else {
            throw map.reader.error(at: map.path(of: "clients"), "is required with listen: name at least one client and its password")
        }
        var clients: [TPIProxyClientConfig] = []
        var ownerOfPassword: [String: String] = [:]
        for (name, value) in try clientsValue.map().allEntries() {
            let client = try TPIProxyClientConfig(name: name, reading: value)
            if let other = ownerOfPassword[client.password.value] {
                throw value.failure("has the same password as client \(other): the password tells the clients apart")
            }
            ownerOfPassword[client.password.value] = name
            clients.append(client)
        }
        guard !clients.isEmpty else { throw clientsValue.failure("must name at least one client") }
        return TPIProxyConfig(listen: listen, allowRemote: allowRemote, clients: clients)
    }
}

extension TPIProxyClientConfig {
    /// The characters a client name may have.
    static let nameCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")

    /// Reads one client's mapping, `value`, under the key `name`.
    fileprivate init(name: String, reading value: ConfigValue) throws(ConfigError) {
        guard (1...Self.nameLimit).contains(name.count), name.allSatisfy(Self.nameCharacters.contains) else {
            throw value.failure("client names must be 1 to \(Self.nameLimit) letters, digits or _, got \(String(reflecting: name))")
        }
        let map = try value.map()
        guard let password = try map.secret("password") else {
            let keyPath = map.path(of: "password")
            throw map.reader.error(at: keyPath, ConfigMap.missingSecretReason(key: "password", keyPath: keyPath))
        }
        let length = password.value.utf8.count
        guard length <= 6, password.value.utf8.allSatisfy({ (0x21..<0x7F).contains($0) }) else {
            throw map.reader.error(
                at: map.path(of: "password"),
                "must be 1 to 6 printable characters without spaces, as an EVL's password (it has \(length) characters)")
        }
        self.init(name: name, password: password)
        permission = try map.value("permission")?.choice(of: Permission.self) ?? permission
        allowedRawCodes = try map.value("allow_raw")?.panelCodes().reduce(into: Set()) { $0.insert($1) } ?? allowedRawCodes
        connections = try map.value("connections")?.integer(in: 1...16) ?? connections
    }
}
