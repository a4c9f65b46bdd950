/// The parts every discovery config shares: Home Assistant's `device`, `origin` and `availability`.
struct HomeAssistantDevice: Encodable, Hashable {
    var identifiers: [String]
    var name: String
    var manufacturer: String
    var model: String
}

/// Who publishes the configs (`origin`).
struct HomeAssistantOrigin: Encodable, Hashable {
    var name: String
    var swVersion: String
}

/// One availability topic: `online` available, `offline` not.
struct AvailabilityTopic: Encodable, Hashable {
    var topic: String
    var payloadAvailable = "online"
    var payloadNotAvailable = "offline"
}

/// An `alarm_control_panel` discovery config.
struct AlarmControlPanelConfig: Encodable {
    var name: String
    var uniqueID: String
    var stateTopic: String
    var commandTopic: String
    var commandTemplate: String
    var code: String?
    var codeArmRequired: Bool
    var codeDisarmRequired: Bool
    var codeTriggerRequired: Bool
    var supportedFeatures: [String]
    var jsonAttributesTopic: String
    var qos: Int
    var retain: Bool
    var device: HomeAssistantDevice
    var origin: HomeAssistantOrigin
    var availability: [AvailabilityTopic]
    var availabilityMode: String
}

/// A `binary_sensor` discovery config.
struct BinarySensorConfig: Encodable {
    var name: String
    var uniqueID: String
    var deviceClass: String?
    var entityCategory: String?
    var stateTopic: String
    var payloadOn: String
    var payloadOff: String
    var jsonAttributesTopic: String?
    var qos: Int
    var device: HomeAssistantDevice
    var origin: HomeAssistantOrigin
    var availability: [AvailabilityTopic]
    var availabilityMode: String?
}

/// A `switch` discovery config whose state is read from a JSON attributes topic.
struct SwitchConfig: Encodable {
    var name: String
    var uniqueID: String
    var icon: String
    var entityCategory: String
    var stateTopic: String
    var valueTemplate: String
    var commandTopic: String
    var commandTemplate: String
    var payloadOn: String
    var payloadOff: String
    var stateOn: String
    var stateOff: String
    var optimistic: Bool
    var qos: Int
    var retain: Bool
    var device: HomeAssistantDevice
    var origin: HomeAssistantOrigin
    var availability: [AvailabilityTopic]
    var availabilityMode: String
}

/// A `button` discovery config: a press publishes ``commandTemplate`` on ``commandTopic``.
struct ButtonConfig: Encodable {
    var name: String
    var uniqueID: String
    var icon: String
    var commandTopic: String
    var commandTemplate: String
    var payloadPress: String
    var qos: Int
    var retain: Bool
    var device: HomeAssistantDevice
    var origin: HomeAssistantOrigin
    var availability: [AvailabilityTopic]
    var availabilityMode: String
}
