import AlarmCore
import AlarmState

/// The answer of `GET /v1/status`.
struct StatusDocument: Encodable {
    struct Partition: Encodable {
        let partition: Int
        let state: ArmingState
        let since: Int64
        let message: String
        let changedBy: ChangedBy?
        let alarmMemory: [AlarmZone]
        let chime: Chime?
        let keypad: Keypad

        enum CodingKeys: String, CodingKey {
            case partition, state, since, message, chime, keypad
            case changedBy = "changed_by"
            case alarmMemory = "alarm_memory"
        }
    }

    /// Who armed or disarmed a partition last: never a code.
    struct ChangedBy: Encodable {
        let user: Int
        let name: String?
        let action: String
        let since: Int64

        init(_ user: PartitionActivity.User) {
            self.user = user.number
            name = user.name
            action = user.armed ? "armed" : "disarmed"
            since = user.since
        }
    }

    /// A partition's door chime, by the panel's last `663`/`664`.
    struct Chime: Encodable {
        let on: Bool
        let since: Int64
    }

    /// A partition's keypad: its LEDs (the panel's, or derived from the events) and what it sounds.
    struct Keypad: Encodable {
        let leds: [String]
        let flashing: [String]
        let ledsSource: String
        let sounding: String

        enum CodingKeys: String, CodingKey {
            case leds, flashing, sounding
            case ledsSource = "leds_source"
        }

        init(_ activity: PartitionActivity, bypass: Bool) {
            let indicators = activity.keypadIndicators(bypass: bypass)
            leds = indicators.lit.names
            flashing = indicators.flashing.names
            ledsSource = indicators.source.rawValue
            sounding = activity.keypad.sounding.rawValue
        }
    }

    /// A zone of a partition's alarm memory.
    struct AlarmZone: Encodable {
        let zone: Int
        let name: String?
        let since: Int64
    }

    struct OpenZone: Encodable {
        let zone: Int
        let name: String?
        let partition: Int?
        let since: Int64
    }

    struct BypassedZone: Encodable {
        let zone: Int
        let name: String?
        let since: Int64
    }

    /// An active trouble: its stable name (the MQTT bridge's), its name for people, the code and
    /// message of the event that reported it last.
    struct Trouble: Encodable {
        let name: String
        let title: String
        let code: String
        let message: String
        let partition: Int?
        let zone: Int?
        let since: Int64
    }

    struct PanelLink: Encodable {
        let state: LinkState
        let since: Int64?
        let message: String?
    }

    let partitions: [Partition]
    let openZones: [OpenZone]
    let bypassedZones: [BypassedZone]
    let troubles: [Trouble]
    let panelLink: PanelLink
    let lastEvent: StoredEventDocument?
    let daemons: [DaemonStatus]

    enum CodingKeys: String, CodingKey {
        case partitions, troubles, daemons
        case openZones = "open_zones"
        case bypassedZones = "bypassed_zones"
        case panelLink = "panel_link"
        case lastEvent = "last_event"
    }

    init(state: PanelState, lastEvent: StoredEvent?, daemons: [DaemonStatus]) {
        partitions = state.partitions.sorted { $0.key < $1.key }.map { number, fact in
            let activity = state.activities[number] ?? PartitionActivity()
            return Partition(
                partition: number, state: fact.value, since: fact.since, message: fact.message,
                changedBy: activity.changedBy.map(ChangedBy.init),
                alarmMemory: activity.alarmMemory.map { AlarmZone(zone: $0.number, name: $0.name, since: $0.since) },
                chime: activity.chime.map { Chime(on: $0.on, since: $0.since) },
                keypad: Keypad(activity, bypass: state.bypassedZones?.value.contains { state.zones[$0]?.value.partition == number } == true))
        }
        openZones = state.openZones.map { zone, fact in
            OpenZone(zone: zone, name: fact.value.name, partition: fact.value.partition, since: fact.since)
        }
        bypassedZones = (state.bypassedZones?.value ?? []).map { zone in
            BypassedZone(zone: zone, name: state.zones[zone]?.value.name, since: state.bypassedZones?.since ?? 0)
        }
        troubles = state.activeTroubles.map { key, fact in
            Trouble(
                name: key.trouble.rawValue, title: key.trouble.displayName, code: fact.value.code, message: fact.message,
                partition: key.partition, zone: key.zone, since: fact.since)
        }
        panelLink = PanelLink(state: state.link?.value ?? .unknown, since: state.link?.since, message: state.link?.message)
        self.lastEvent = lastEvent.map(StoredEventDocument.init)
        self.daemons = daemons
    }

    /// Writes `null` for a missing last event, so that the key is always there.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(partitions, forKey: .partitions)
        try container.encode(openZones, forKey: .openZones)
        try container.encode(bypassedZones, forKey: .bypassedZones)
        try container.encode(troubles, forKey: .troubles)
        try container.encode(panelLink, forKey: .panelLink)
        try container.encode(lastEvent, forKey: .lastEvent)
        try container.encode(daemons, forKey: .daemons)
    }
}
