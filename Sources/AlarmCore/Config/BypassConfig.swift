/// Zone bypass: section `envisalinkd.bypass`.
public struct BypassConfig: Sendable, Hashable {
    /// Named lists of zones a `bypass` or `unbypass` command may give as its `profile`
    /// (`profiles`, such as `{night: [5, 6]}`; names of 1–32 letters, digits, `_` and `-`;
    /// zones 1–64, each in `envisalinkd.zones` when that names any; default none).
    public var profiles: [String: [Int]] = [:]
    /// The profile bypassed again after each disarm, since a DSC panel clears its bypasses when
    /// disarmed (`reapply_after_disarm`, a profile's name or `false`; default `false`).
    public var reapplyAfterDisarm: String?
    /// The least time between two keypad frames: a keybus drops keys sent faster than about
    /// 1.5–3 s apart (`keypress_gap`, seconds, 0.1–10, default 2).
    public var keypressGap: Duration = .seconds(2)
    /// Whether the panel is programmed to want a code for bypassing: it answers `*1` with `900`,
    /// so `*1` goes alone, and the zone keys only after the integrator answered with `code_master`
    /// (`code_required`, default `false`).
    public var codeRequired = false

    /// The defaults: no profiles, nothing re-applied, 2 s between keypad frames, no code.
    public init() {}
}

extension BypassConfig {
    /// Reads the `bypass` mapping; absent keys keep their defaults. `knownZones` are the zones
    /// `envisalinkd.zones` names: when there are any, a profile may name only those.
    init(reading map: ConfigMap, knownZones: Set<Int>) throws(ConfigError) {
        self.init()
        if let entries = try map.value("profiles")?.map().allEntries() {
            for (name, value) in entries {
                guard AlarmCommand.isProfileName(name) else {
                    throw value.failure("a profile's name must be 1 to 32 letters, digits, _ and -")
                }
                profiles[name] = try value.bypassZones(knownZones: knownZones)
            }
        }
        if let value = map.value("reapply_after_disarm") {
            if (try? value.boolean()) != false {
                let name = try value.nonEmptyText()
                guard profiles[name] != nil else {
                    throw value.failure("must be false or the name of a profile in \(map.path(of: "profiles")), got \(String(reflecting: name))")
                }
                reapplyAfterDisarm = name
            }
        }
        if let value = map.value("keypress_gap") {
            let text = try value.text(expected: "a number of seconds")
            guard let seconds = Double(text), (0.1...10).contains(seconds) else {
                throw value.failure("must be a number of seconds from 0.1 to 10, got \(String(reflecting: text))")
            }
            keypressGap = .milliseconds(Int((seconds * 1000).rounded()))
        }
        codeRequired = try map.value("code_required")?.boolean() ?? codeRequired
    }
}

extension ConfigValue {
    /// A non-empty list of distinct zone numbers a bypass can name (1–64), each in `knownZones` unless that is empty.
    fileprivate func bypassZones(knownZones: Set<Int>) throws(ConfigError) -> [Int] {
        try uniqueList { item throws(ConfigError) in
            let zone = try item.integer(in: FormatLimits.bypassZones)
            guard knownZones.isEmpty || knownZones.contains(zone) else {
                throw item.failure("zone \(zone) is not one of envisalinkd.zones")
            }
            return zone
        }
    }
}
