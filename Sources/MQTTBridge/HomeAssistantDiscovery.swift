public import AlarmCore
public import AlarmState

/// Home Assistant MQTT discovery for one panel: the retained config of every entity, all on one
/// device. Per partition an `alarm_control_panel`; per configured zone a `binary_sensor` with its
/// zone type as device class, and a `switch` that bypasses it (zones 1–64); per partition a
/// `switch` for its door chime; a diagnostic `binary_sensor` per trouble; a `button` per panic key
/// (fire, medical, police); the panel link as a
/// `connectivity` sensor. Every entity but the link is available only while both the bridge
/// (`bridge`, its will) and the panel link (`panel`) are `online`; the link sensor follows the
/// bridge alone, so that it reads *disconnected* rather than unavailable.
public struct HomeAssistantDiscovery: Sendable {
    /// The arming features offered: home (stay), away, night (zero entry delay).
    public static let supportedFeatures = ["arm_home", "arm_away", "arm_night"]
    /// What the command topic receives: the action, the code typed and when (Unix seconds, so
    /// that a command the broker kept for the bridge is refused once older than
    /// `command_max_age`), as JSON.
    public static let commandTemplate = "{{ {'action': action, 'code': code, 'timestamp': now().timestamp() | int} | tojson }}"
    /// What a switch's (bypass, chime) command topic receives: `ON` or `OFF` and when, as JSON.
    public static let switchCommandTemplate = "{{ {'state': value, 'timestamp': now().timestamp() | int} | tojson }}"

    /// The topics.
    public let topics: BridgeTopics
    /// The number of partitions (`envisalinkd.partitions`).
    public let partitions: Int
    /// The configured zones' names and types (`envisalinkd.zones`).
    public let zones: [Int: (name: String, type: ZoneType?)]
    /// Whether arming needs a code typed in Home Assistant.
    public let codeArmRequired: Bool
    /// Whether disarming needs a code typed in Home Assistant.
    public let codeDisarmRequired: Bool
    /// The bridge's version, for `origin`.
    public let version: String

    /// Discovery for the panel `envisalink` describes, published as `topics` say. Home
    /// Assistant asks for a code to disarm unless `codeDisarmRequired` is `false`, and to arm
    /// only when `codeArmRequired`.
    public init(
        topics: BridgeTopics, envisalink: EnvisalinkConfig, version: String, codeArmRequired: Bool = false,
        codeDisarmRequired: Bool = true
    ) {
        self.topics = topics
        self.partitions = envisalink.partitions
        self.zones = Dictionary(
            uniqueKeysWithValues: envisalink.zones.map { ($0.key, (name: $0.value, type: envisalink.zoneTypes[$0.key])) })
        self.codeArmRequired = codeArmRequired
        self.codeDisarmRequired = codeDisarmRequired
        self.version = version
    }

    /// Every entity's config: partitions, their chime switches, zones in order, their bypass
    /// switches, troubles, the panic buttons, the link.
    public var configs: [BridgeMessage] {
        (1...partitions).map(partitionConfig) + (1...partitions).map(partitionChimeConfig) + zones.keys.sorted().compactMap(zoneConfig)
            + zones.keys.sorted().compactMap(zoneBypassConfig) + Trouble.allCases.map(troubleConfig) + panicButtonConfigs
            + [linkConfig]
    }

    /// The config topics of `configs`, so that a retained config on any other of the bridge's
    /// discovery topics (a zone since removed) can be deleted with ``BridgeMessage/removal(of:)``.
    public var configTopics: Set<String> { Set(configs.map(\.topic)) }

    /// Partition `number`'s `alarm_control_panel`.
    public func partitionConfig(_ number: Int) -> BridgeMessage {
        let needsCode = codeArmRequired || codeDisarmRequired
        let config = AlarmControlPanelConfig(
            name: "Partition \(number)", uniqueID: uniqueID("p\(number)"), stateTopic: topics.partitionState(number),
            commandTopic: topics.partitionCommand(number), commandTemplate: Self.commandTemplate,
            code: needsCode ? "REMOTE_CODE" : nil, codeArmRequired: codeArmRequired, codeDisarmRequired: codeDisarmRequired,
            codeTriggerRequired: true, supportedFeatures: Self.supportedFeatures,
            jsonAttributesTopic: topics.partitionAttributes(number), qos: 1, retain: false, device: device, origin: origin,
            availability: availability, availabilityMode: "all")
        return BridgeMessage(topic: topics.discovery(.alarmControlPanel, objectID: "p\(number)"), json: config)
    }

    /// Partition `number`'s door chime `switch` (a config entity): `ON` queues `chime_on`, `OFF`
    /// `chime_off`; its state is the partition attributes' `chime`, as the panel's last `663`/`664` says.
    public func partitionChimeConfig(_ number: Int) -> BridgeMessage {
        let objectID = "p\(number)_chime"
        let config = SwitchConfig(
            name: "Partition \(number) chime", uniqueID: uniqueID(objectID), icon: "mdi:bell-ring-outline", entityCategory: "config",
            stateTopic: topics.partitionAttributes(number), valueTemplate: "{{ 'ON' if value_json.chime else 'OFF' }}",
            commandTopic: topics.partitionChimeCommand(number), commandTemplate: Self.switchCommandTemplate, payloadOn: "ON",
            payloadOff: "OFF", stateOn: "ON", stateOff: "OFF", optimistic: false, qos: 1, retain: false, device: device,
            origin: origin, availability: availability, availabilityMode: "all")
        return BridgeMessage(topic: topics.discovery(.switch, objectID: objectID), json: config)
    }

    /// Zone `number`'s `binary_sensor`, `nil` for a zone not configured.
    public func zoneConfig(_ number: Int) -> BridgeMessage? {
        guard let zone = zones[number] else { return nil }
        let objectID = "z\(number.zeroPadded(3))"
        let config = BinarySensorConfig(
            name: zone.name, uniqueID: uniqueID(objectID), deviceClass: zone.type?.rawValue, entityCategory: nil,
            stateTopic: topics.zoneState(number), payloadOn: "ON", payloadOff: "OFF",
            jsonAttributesTopic: topics.zoneAttributes(number), qos: 1, device: device, origin: origin,
            availability: availability, availabilityMode: "all")
        return BridgeMessage(topic: topics.discovery(.binarySensor, objectID: objectID), json: config)
    }

    /// Zone `number`'s bypass `switch` (a config entity): `ON` queues a `bypass` of the zone,
    /// `OFF` an `unbypass`; its state is the zone attributes' `bypassed`, as the panel's bypass
    /// report says. `nil` for a zone not configured or beyond 64 (the keypad's bypass menu).
    public func zoneBypassConfig(_ number: Int) -> BridgeMessage? {
        guard let zone = zones[number], FormatLimits.bypassZones.contains(number) else { return nil }
        let objectID = "z\(number.zeroPadded(3))_bypass"
        let config = SwitchConfig(
            name: "\(zone.name) bypass", uniqueID: uniqueID(objectID), icon: "mdi:shield-off-outline", entityCategory: "config",
            stateTopic: topics.zoneAttributes(number), valueTemplate: "{{ 'ON' if value_json.bypassed else 'OFF' }}",
            commandTopic: topics.zoneBypassCommand(number), commandTemplate: Self.switchCommandTemplate, payloadOn: "ON", payloadOff: "OFF", stateOn: "ON", stateOff: "OFF",
            optimistic: false, qos: 1, retain: false, device: device, origin: origin, availability: availability,
            availabilityMode: "all")
        return BridgeMessage(topic: topics.discovery(.switch, objectID: objectID), json: config)
    }

    /// `trouble`'s diagnostic `binary_sensor`.
    public func troubleConfig(_ trouble: Trouble) -> BridgeMessage {
        let config = BinarySensorConfig(
            name: trouble.displayName, uniqueID: uniqueID(trouble.rawValue), deviceClass: trouble.deviceClass,
            entityCategory: "diagnostic", stateTopic: topics.troubleState(trouble), payloadOn: "ON", payloadOff: "OFF",
            jsonAttributesTopic: nil, qos: 1, device: device, origin: origin, availability: availability,
            availabilityMode: "all")
        return BridgeMessage(topic: topics.discovery(.binarySensor, objectID: trouble.rawValue), json: config)
    }

    /// The panel link's `connectivity` sensor, available while the bridge is.
    public var linkConfig: BridgeMessage {
        let config = BinarySensorConfig(
            name: "Panel link", uniqueID: uniqueID("panel_link"), deviceClass: "connectivity", entityCategory: "diagnostic",
            stateTopic: topics.panel, payloadOn: BridgeState.online, payloadOff: BridgeState.offline, jsonAttributesTopic: nil,
            qos: 1, device: device, origin: origin, availability: [AvailabilityTopic(topic: topics.bridge)],
            availabilityMode: nil)
        return BridgeMessage(topic: topics.discovery(.binarySensor, objectID: "panel_link"), json: config)
    }

    /// The unique id of the entity `objectID`: `howalarming_<site>_<object>`, the same across restarts.
    func uniqueID(_ objectID: String) -> String { "\(topics.nodeID)_\(objectID)" }

    var device: HomeAssistantDevice {
        HomeAssistantDevice(
            identifiers: ["\(topics.nodeID)_panel"], name: "Alarm \(topics.site)", manufacturer: "DSC",
            model: "PowerSeries via EnvisaLink")
    }

    var origin: HomeAssistantOrigin {
        HomeAssistantOrigin(name: "howalarming", swVersion: version)
    }

    var availability: [AvailabilityTopic] {
        [AvailabilityTopic(topic: topics.bridge), AvailabilityTopic(topic: topics.panel)]
    }
}
