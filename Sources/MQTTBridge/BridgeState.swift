#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import AlarmCore
public import AlarmState

/// The retained state messages of a ``PanelState`` change, as the discovery configs read them.
public enum BridgeState {
    /// The availability payload of the bridge and of the panel link while up.
    public static let online = "online"
    /// The availability payload of the bridge and of the panel link while down.
    public static let offline = "offline"
    /// Every state Home Assistant's `alarm_control_panel` takes.
    public static let alarmStates: Set = [
        "disarmed", "armed_home", "armed_away", "armed_night", "armed_vacation", "armed_custom_bypass", "pending", "arming",
        "disarming", "triggered",
    ]

    /// The Home Assistant state of a partition: alarm `triggered`, exit delay `arming`, entry
    /// delay `pending`, stay `armed_home`, away (or a mode not named) `armed_away`, zero-entry
    /// `armed_night`, disarmed `disarmed`; `nil` while unknown (nothing is published).
    public static func alarmState(_ state: PartitionState) -> String? {
        switch state {
        case .unknown: nil
        case .disarmed, .ready, .notReady: "disarmed"
        case .exitDelay: "arming"
        case .entryDelay: "pending"
        case .armedStay: "armed_home"
        case .armedAway, .armed: "armed_away"
        case .armedZeroEntryStay, .armedZeroEntryAway: "armed_night"
        case .alarm: "triggered"
        }
    }

    /// The retained messages that publish `change` on `topics`: a partition's state and
    /// attributes (with its ``PartitionActivity`` from `activities`, and its keypad's derived
    /// Bypass LED lit when it is in `bypassedPartitions`), a zone's state and attributes, a
    /// trouble's state, the panel link.
    public static func messages(
        for change: PanelChange, topics: BridgeTopics, activities: [Int: PartitionActivity] = [:],
        bypassedPartitions: Set<Int> = []
    ) -> [BridgeMessage] {
        switch change {
        case let .partition(number, state):
            let attributes = BridgeMessage(
                topic: topics.partitionAttributes(number),
                json: PartitionAttributes(
                    state: state, activity: activities[number] ?? PartitionActivity(), bypass: bypassedPartitions.contains(number)))
            guard let alarmState = alarmState(state) else { return [attributes] }
            return [BridgeMessage(topic: topics.partitionState(number), text: alarmState), attributes]
        case let .zone(number, zone):
            return [
                BridgeMessage(topic: topics.zoneState(number), text: zone.open ? "ON" : "OFF"),
                BridgeMessage(topic: topics.zoneAttributes(number), json: ZoneAttributes(zone)),
            ]
        case let .trouble(trouble, active):
            return [BridgeMessage(topic: topics.troubleState(trouble), text: active == trouble.isOnWhenActive ? "ON" : "OFF")]
        case let .link(up):
            return [BridgeMessage(topic: topics.panel, text: up ? online : offline)]
        }
    }
}

/// A partition's attributes: the state in the console's words (`exit_delay`, `not_ready` …),
/// readiness, who armed or disarmed it last (`changed_by`, Home Assistant's name for it), its
/// alarm memory (the zones that alarmed since it was last armed, named, and their numbers), its
/// door chime (absent before the panel's first `663`/`664`), and its keypad: the LEDs lit and
/// flashing, whether they are the panel's (`510`/`511`, partition 1) or derived, and what it sounds.
struct PartitionAttributes: Encodable {
    var status: String
    var ready: Bool
    var changedBy: String?
    var changedByUser: Int?
    var alarmMemory: [String]
    var alarmMemoryZones: [Int]
    var chime: Bool?
    var leds: [String]
    var ledsFlashing: [String]
    var ledsSource: String
    var sounding: String

    init(state: PartitionState, activity: PartitionActivity, bypass: Bool) {
        status = state.rawValue
        ready = state == .ready
        changedBy = activity.changedBy?.text
        changedByUser = activity.changedBy?.number
        alarmMemory = activity.alarmMemory.map(\.text)
        alarmMemoryZones = activity.alarmMemory.map(\.number)
        chime = activity.chime?.on
        let indicators = activity.keypadIndicators(bypass: bypass)
        leds = indicators.lit.names
        ledsFlashing = indicators.flashing.names
        ledsSource = indicators.source.rawValue
        sounding = activity.keypad.sounding.rawValue
    }
}

/// A zone's attributes.
struct ZoneAttributes: Encodable {
    var partition: Int?
    var alarm: Bool
    var tamper: Bool
    var fault: Bool
    var bypassed: Bool
    /// When its state last changed, ISO 8601 in UTC.
    var lastChange: String

    init(_ zone: ZoneState) {
        partition = zone.partition
        alarm = zone.alarm
        tamper = zone.tamper
        fault = zone.fault
        bypassed = zone.bypassed
        lastChange = Date(timeIntervalSince1970: TimeInterval(zone.since)).formatted(.iso8601)
    }
}
