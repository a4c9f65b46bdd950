public import AlarmCore
public import Logging
public import ServiceLifecycle

/// Builds the MQTT bridge's service from the configuration; `main` runs it.
public enum MQTTConsumerApp {
    /// The bridge's version, in Home Assistant's `origin`.
    public static let version = "0.1.0"

    /// The bridge, after checking what only it needs: an `mqtt` section, its tube among the
    /// event tubes, and the master code when arming needs a code.
    /// - Throws: ``ConfigError`` naming the key.
    public static func services(configuration: HowAlarmingConfig, logger: Logger) throws(ConfigError) -> [any Service] {
        let file = configuration.path
        guard let mqtt = configuration.mqtt else {
            throw ConfigError(file: file, keyPath: "mqtt", reason: "the MQTT bridge needs an mqtt section (mqtt: {} for every default)")
        }
        guard configuration.beanstalkd.consumerEventTubes.contains(mqtt.tube) else {
            throw ConfigError(
                file: file, keyPath: "beanstalkd.tubes.events",
                reason: "does not list \(mqtt.tube) (mqtt.tube): the bridge would get no events; add it")
        }
        let envisalink = configuration.envisalink ?? EnvisalinkConfig()
        if mqtt.codeArmRequired, envisalink.codeMaster == nil {
            throw ConfigError(
                file: file, keyPath: "mqtt.code_arm_required",
                reason: "needs envisalinkd.code_master: the code typed to arm is checked against it")
        }
        return [MQTTBridgeService(configuration: configuration, mqtt: mqtt, envisalink: envisalink, logger: logger)]
    }
}
