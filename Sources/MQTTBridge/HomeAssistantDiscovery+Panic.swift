public import AlarmCore

extension HomeAssistantDiscovery {
    /// What a panic button's command topic receives: `PRESS` and when (Unix seconds), as JSON.
    public static let buttonCommandTemplate = "{{ {'action': value, 'timestamp': now().timestamp() | int} | tojson }}"

    /// The panic buttons' configs: fire, medical, police.
    public var panicButtonConfigs: [BridgeMessage] { BridgeTopics.panicKeys.map(panicButtonConfig) }

    /// The `button` of the panic key `key` (one of ``BridgeTopics/panicKeys``): a press queues the
    /// queue command `key` (`fire`, `medical`, `police`) for the whole panel.
    public func panicButtonConfig(_ key: SimpleCommand) -> BridgeMessage {
        let (name, icon) = switch key {
        case .fire: ("Fire panic", "mdi:fire")
        case .medical: ("Medical panic", "mdi:ambulance")
        default: ("Police panic", "mdi:police-badge")
        }
        let objectID = "panic_\(key.rawValue)"
        let config = ButtonConfig(
            name: name, uniqueID: uniqueID(objectID), icon: icon, commandTopic: topics.panicCommand(key),
            commandTemplate: Self.buttonCommandTemplate, payloadPress: Self.buttonPress, qos: 1, retain: false, device: device,
            origin: origin, availability: availability, availabilityMode: "all")
        return BridgeMessage(topic: topics.discovery(.button, objectID: objectID), json: config)
    }

    /// What a button sends when pressed: Home Assistant's default.
    public static let buttonPress = "PRESS"
}
