/// The EnvisaLink (DSC IT-100 compatible) panel interface: section `envisalinkd`
/// (`envisalink` is accepted as an alias).
public struct EnvisalinkConfig: Sendable, Hashable {
    /// The section's name in the file and in key paths and environment variables.
    static let sectionName = "envisalinkd"
    /// The zone numbers a panel can have.
    public static let zoneNumbers = 1...128

    /// Host name or IP address of the EnvisaLink module (`host`, default `127.0.0.1`).
    public var host = "127.0.0.1"
    /// TCP port of the EnvisaLink module (`port`, default 4025).
    public var port = 4025
    /// The EnvisaLink login password (`password`, `password_file` or
    /// `HOWALARMING_ENVISALINKD_PASSWORD`; default none).
    public var password: Secret?
    /// The master code used to arm and disarm (`code_master`, `code_master_file` or
    /// `HOWALARMING_ENVISALINKD_CODE_MASTER`; default none).
    public var codeMaster: Secret?
    /// Zone names by zone number 1–128 (`zones`, keys such as `"001"`; default none).
    public var zones: [Int: String] = [:]
    /// The sensor type of the zones whose `zones` entry gives one (`"001": {name: Front door, type: door}`).
    public var zoneTypes: [Int: ZoneType] = [:]
    /// The partition of the zones whose `zones` entry gives one (`"009": {name: Garage, partition: 2}`),
    /// 1 to ``partitions``: where a bypass of the zone alone is sent (the MQTT bypass switch).
    public var zonePartitions: [Int: Int] = [:]
    /// User names by panel user number 1–9999 (`users`, keys such as `"40"`; default none).
    /// Names only: a value made of digits alone is refused, so that no access code is put here.
    public var users: [Int: String] = [:]
    /// How many partitions the panel has, 1–8 (`partitions`, default 1).
    public var partitions = 1
    /// The panel's exit delay in seconds, 1–255 (`exit_delay`, default 120, the DSC default):
    /// an arm command the panel took is reported failed when the partition is not armed
    /// within this and ``armMargin``.
    public var exitDelay = 120
    /// How long after the exit delay an arming may still be reported by the panel.
    public static let armMargin = 5
    /// Seconds between keep-alive polls, 1–1199: the EVL reboots after 20 minutes without one
    /// (`poll_interval`, default 60).
    public var pollInterval = 60
    /// Raw panel command codes a JSON command may send (`allow_raw`). Programming (072/073),
    /// key strings (070/071), login (005) and code send (200) are left out by default.
    public var allowedRawCodes = ["000", "001", "008", "010", "020", "030", "031", "032", "033", "040", "055", "056", "057", "060", "074"]
    /// Where events wait while beanstalkd is unreachable (`spool`,
    /// default `/var/lib/howalarming/envisalink-spool.jsonl`).
    public var spool = "/var/lib/howalarming/envisalink-spool.jsonl"
    /// Where the event sequence counter is kept across restarts (`sequence_file`,
    /// default `/var/lib/howalarming/envisalink.sequence`).
    public var sequenceFile = "/var/lib/howalarming/envisalink.sequence"
    /// Seconds a queued command stays valid: an older one is refused rather than sent late (`command_max_age`, default 60).
    public var commandMaxAge = 60
    /// The checks of the event tubes' consumers (`supervision`).
    public var supervision = SupervisionConfig()
    /// How the panel's clock is kept (`clock`).
    public var clock = ClockConfig()
    /// Zone bypass: profiles, re-applying one after each disarm, the pace of keypad keys (`bypass`).
    public var bypass = BypassConfig()
    /// The TPI proxy that shares the panel session with other TPI clients (`proxy`; default none: off).
    public var proxy: TPIProxyConfig?

    /// Where `/healthz` and `/metrics` are served (`metrics`, `HOST:PORT`, loopback unless
    /// `metrics_allow_non_loopback: true`; default none: not served).
    public var metrics: MetricsConfig?

    /// The defaults: a module on the local host, no secrets, no zone names.
    public init() {}

    /// The password, or an error saying how to set it, for executables that cannot start without it.
    public func requirePassword() throws(ConfigError) -> Secret {
        try EnvisalinkConfig.require(password, key: "password")
    }

    /// The master code, or an error saying how to set it, for executables that cannot start without it.
    public func requireCodeMaster() throws(ConfigError) -> Secret {
        try EnvisalinkConfig.require(codeMaster, key: "code_master")
    }

    private static func require(_ secret: Secret?, key: String) throws(ConfigError) -> Secret {
        if let secret { return secret }
        let keyPath = "\(sectionName).\(key)"
        throw ConfigError(keyPath: keyPath, reason: ConfigMap.missingSecretReason(key: key, keyPath: keyPath))
    }
}

extension EnvisalinkConfig {
    /// Reads the `envisalinkd` mapping; absent keys keep their defaults.
    init(reading map: ConfigMap) throws(ConfigError) {
        self.init()
        host = try map.value("host")?.nonEmptyText() ?? host
        port = try map.value("port")?.port() ?? port
        password = try map.secret("password")
        codeMaster = try map.secret("code_master")
        map.ignore("code_installer")
        partitions = try map.value("partitions")?.integer(in: 1...8) ?? partitions
        if let zoneEntries = try map.value("zones")?.zones(partitions: partitions) {
            zones = zoneEntries.names
            zoneTypes = zoneEntries.types
            zonePartitions = zoneEntries.partitions
        }
        users = try map.value("users")?.users() ?? users
        exitDelay = try map.value("exit_delay")?.integer(in: 1...255) ?? exitDelay
        pollInterval = try map.value("poll_interval")?.integer(in: 1...1199) ?? pollInterval
        allowedRawCodes = try map.value("allow_raw")?.panelCodes() ?? allowedRawCodes
        spool = try map.value("spool")?.nonEmptyText() ?? spool
        sequenceFile = try map.value("sequence_file")?.nonEmptyText() ?? sequenceFile
        commandMaxAge = try map.value("command_max_age")?.integer(in: 1...86400) ?? commandMaxAge
        metrics = try map.metrics()
        supervision = try map.section("supervision").map(SupervisionConfig.init(reading:)) ?? supervision
        clock = try map.section("clock").map(ClockConfig.init(reading:)) ?? clock
        if let section = try map.section("bypass") { bypass = try BypassConfig(reading: section, knownZones: Set(zones.keys)) }
        if let section = try map.section("proxy") { proxy = try TPIProxyConfig.reading(section) }
    }
}

extension ConfigValue {
    /// A mapping of zone numbers (`"001"`, `1` or `"1"`) to zone names, or to mappings of a
    /// `name`, an optional `type` and an optional `partition` (1 to `partitions`).
    fileprivate func zones(partitions: Int) throws(ConfigError)
        -> (names: [Int: String], types: [Int: ZoneType], partitions: [Int: Int])
    {
        var names: [Int: String] = [:]
        var types: [Int: ZoneType] = [:]
        var zonePartitions: [Int: Int] = [:]
        var spellings: [Int: String] = [:]
        for (key, value) in try map().allEntries() {
            guard let zone = Int(key), EnvisalinkConfig.zoneNumbers.contains(zone) else {
                throw value.failure("zone number " + ConfigValue.outOfRange(EnvisalinkConfig.zoneNumbers, got: key))
            }
            if let earlier = spellings[zone] {
                throw value.failure("zone \(zone) is already named by key \(String(reflecting: earlier))")
            }
            spellings[zone] = key
            guard case .mapping = value.node else {
                names[zone] = try value.nonEmptyText()
                continue
            }
            let entry = try value.map()
            names[zone] = try entry.required("name").nonEmptyText()
            types[zone] = try entry.value("type")?.choice(of: ZoneType.self)
            zonePartitions[zone] = try entry.value("partition")?.integer(in: 1...partitions)
        }
        return (names, types, zonePartitions)
    }

    /// A mapping of user numbers (`"40"` or `40`) to names. A name is never echoed in an error:
    /// a mistaken one could be an access code.
    fileprivate func users() throws(ConfigError) -> [Int: String] {
        var names: [Int: String] = [:]
        for (key, value) in try map().allEntries() {
            guard let user = Int(key), FormatLimits.users.contains(user) else {
                throw value.failure("user number " + ConfigValue.outOfRange(FormatLimits.users, got: key))
            }
            guard names[user] == nil else { throw value.failure("user \(user) is already named by another key") }
            let name = try value.text(expected: "the user's name")
            guard !name.isEmpty else { throw value.failure("must not be empty") }
            guard !name.allSatisfy(\.isNumber) else {
                throw value.failure("must be the user's name, not digits: access codes never go in the configuration's users")
            }
            names[user] = name
        }
        return names
    }
}
