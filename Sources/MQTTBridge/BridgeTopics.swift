public import AlarmCore
public import AlarmState

/// The bridge's MQTT topics for one site: its own under `howalarming/<site>/`, and Home
/// Assistant's discovery topics under the discovery prefix.
public struct BridgeTopics: Sendable, Hashable {
    /// The site (`mqtt.site`): one topic level.
    public let site: String
    /// Home Assistant's discovery prefix (`mqtt.discovery_prefix`).
    public let discoveryPrefix: String

    /// The topics of `site`, with discovery under `discoveryPrefix`.
    public init(site: String, discoveryPrefix: String) {
        self.site = site
        self.discoveryPrefix = discoveryPrefix
    }

    /// The topics the configuration `mqtt` names.
    public init(_ mqtt: MQTTConfig) {
        self.init(site: mqtt.site, discoveryPrefix: mqtt.discoveryPrefix)
    }

    /// What every one of the bridge's own topics begins with.
    public var base: String { "howalarming/\(site)" }
    /// The bridge's availability: `online`, or `offline` (its will, and a clean stop).
    public var bridge: String { "\(base)/bridge" }
    /// The panel link: `online` while the integrator's link to the panel is up, else `offline`.
    public var panel: String { "\(base)/panel" }
    /// The discovery node id, and the prefix of every `unique_id`: `howalarming_<site>`.
    public var nodeID: String { "howalarming_\(site)" }
    /// Where Home Assistant announces itself (`online` after it starts).
    public var homeAssistantStatus: String { "\(discoveryPrefix)/status" }

    /// Partition `number`'s Home Assistant state.
    public func partitionState(_ number: Int) -> String { "\(base)/p\(number)/state" }
    /// Partition `number`'s attributes (JSON).
    public func partitionAttributes(_ number: Int) -> String { "\(base)/p\(number)/attributes" }
    /// Where Home Assistant sends partition `number`'s commands (never retained).
    public func partitionCommand(_ number: Int) -> String { "\(base)/p\(number)/set" }
    /// Where Home Assistant's chime switch of partition `number` sends `ON` or `OFF` (never retained).
    public func partitionChimeCommand(_ number: Int) -> String { "\(base)/p\(number)/chime/set" }
    /// Zone `number`'s state: `ON` (open) or `OFF`.
    public func zoneState(_ number: Int) -> String { "\(base)/zone/\(number.zeroPadded(3))/state" }
    /// Zone `number`'s attributes (JSON).
    public func zoneAttributes(_ number: Int) -> String { "\(base)/zone/\(number.zeroPadded(3))/attributes" }
    /// Where Home Assistant's bypass switch of zone `number` sends `ON` (bypass) or `OFF` (never retained).
    public func zoneBypassCommand(_ number: Int) -> String { "\(base)/zone/\(number.zeroPadded(3))/bypass/set" }
    /// `trouble`'s state: `ON` or `OFF`, as its Home Assistant device class reads them.
    public func troubleState(_ trouble: Trouble) -> String { "\(base)/trouble/\(trouble.rawValue)/state" }

    /// The discovery config topic of the entity `objectID` of platform `component`.
    public func discovery(_ component: HomeAssistantComponent, objectID: String) -> String {
        "\(discoveryPrefix)/\(component.rawValue)/\(nodeID)/\(objectID)/config"
    }
}

/// The Home Assistant MQTT platforms the bridge configures.
public enum HomeAssistantComponent: String, Sendable, Hashable, CaseIterable {
    case alarmControlPanel = "alarm_control_panel"
    case binarySensor = "binary_sensor"
    case button
    case `switch`
}
