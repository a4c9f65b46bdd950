import AlarmCore
import AlarmState
import Foundation
import MQTTBridge
import Testing

/// Home Assistant discovery configs checked against HA's MQTT discovery rules
/// (/work/shared/reference/mqtt-home-assistant.md §3; home-assistant.io integrations
/// `alarm_control_panel.mqtt`, `binary_sensor.mqtt`).
@Suite struct DiscoveryTests {
    /// Home Assistant's `binary_sensor` device classes.
    static let binarySensorClasses: Set = [
        "battery", "battery_charging", "carbon_monoxide", "cold", "connectivity", "door", "garage_door", "gas", "heat",
        "light", "lock", "moisture", "motion", "moving", "occupancy", "opening", "plug", "power", "presence", "problem",
        "running", "safety", "smoke", "sound", "tamper", "update", "vibration", "window",
    ]
    /// The `supported_features` an `alarm_control_panel` may list.
    static let alarmFeatures: Set = ["arm_home", "arm_away", "arm_night", "arm_vacation", "arm_custom_bypass", "trigger"]

    static func discovery(codeArmRequired: Bool = false, codeDisarmRequired: Bool = true) throws -> HomeAssistantDiscovery {
        let config = try HowAlarmingConfig.parse(
            yaml: """
                envisalinkd:
                  partitions: 2
                  zones: {"001": Front door, "002": {name: Hall PIR, type: motion}, "017": {name: Kitchen smoke, type: smoke}}
                mqtt: {site: site1}
                """, path: nil, environment: [:])
        let envisalink = try #require(config.envisalink)
        let mqtt = try #require(config.mqtt)
        return HomeAssistantDiscovery(
            topics: BridgeTopics(mqtt), envisalink: envisalink, version: "1.2.3", codeArmRequired: codeArmRequired,
            codeDisarmRequired: codeDisarmRequired)
    }

    static func object(_ message: BridgeMessage) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(message.payload)) as? [String: Any], "\(message.topic)")
    }

    @Test func everyConfigFollowsTheDiscoveryRules() throws {
        let discovery = try Self.discovery()
        let configs = discovery.configs
        #expect(configs.count == 2 + 2 + 3 + 3 + Trouble.allCases.count + 3 + 1)
        var uniqueIDs: Set<String> = []
        for message in configs {
            let levels = message.topic.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            #expect(levels.count == 5, "\(message.topic)")
            #expect(levels[0] == "homeassistant" && levels[2] == "howalarming_site1" && levels[4] == "config")
            #expect(["alarm_control_panel", "binary_sensor", "switch", "button"].contains(levels[1]))
            #expect(levels[3].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") })
            #expect(message.retain, "configs are retained")
            let config = try Self.object(message)
            let uniqueID = try #require(config["unique_id"] as? String)
            #expect(uniqueID.hasPrefix("howalarming_site1_"))
            #expect(uniqueIDs.insert(uniqueID).inserted, "duplicate unique_id \(uniqueID)")
            #expect(config["name"] is String)
            let ownTopic = levels[1] == "button" ? config["command_topic"] : config["state_topic"]
            #expect((ownTopic as? String)?.hasPrefix("howalarming/site1/") == true, "a button has no state")
            let device = try #require(config["device"] as? [String: Any])
            #expect(device["identifiers"] as? [String] == ["howalarming_site1_panel"])
            #expect(device["name"] is String && device["manufacturer"] is String && device["model"] is String)
            let origin = try #require(config["origin"] as? [String: Any])
            #expect(origin["name"] as? String == "howalarming" && origin["sw_version"] as? String == "1.2.3")
            let availability = try #require(config["availability"] as? [[String: Any]])
            #expect(!availability.isEmpty)
            for entry in availability {
                #expect(entry["payload_available"] as? String == "online" && entry["payload_not_available"] as? String == "offline")
            }
            if let mode = config["availability_mode"] { #expect(["all", "any", "latest"].contains(mode as? String)) }
            if let deviceClass = config["device_class"] { #expect(Self.binarySensorClasses.contains(deviceClass as? String ?? "")) }
            if let category = config["entity_category"] { #expect(["diagnostic", "config"].contains(category as? String)) }
            for topic in configs.map(\.topic) + [config["state_topic"], config["command_topic"]].compactMap({ $0 as? String }) {
                #expect(!topic.contains("+") && !topic.contains("#"), "\(topic)")
            }
        }
    }

    @Test func aPartitionIsAnAlarmControlPanelAvailableWithBridgeAndPanel() throws {
        let message = try Self.discovery().partitionConfig(2)
        #expect(message.topic == "homeassistant/alarm_control_panel/howalarming_site1/p2/config")
        let config = try Self.object(message)
        #expect(config["unique_id"] as? String == "howalarming_site1_p2")
        #expect(config["state_topic"] as? String == "howalarming/site1/p2/state")
        #expect(config["command_topic"] as? String == "howalarming/site1/p2/set")
        #expect(config["json_attributes_topic"] as? String == "howalarming/site1/p2/attributes")
        #expect(config["command_template"] as? String == "{{ {'action': action, 'code': code, 'timestamp': now().timestamp() | int} | tojson }}")
        #expect(config["code"] as? String == "REMOTE_CODE", "a code typed in HA, never a fixed one")
        #expect(config["code_arm_required"] as? Bool == false)
        #expect(config["code_disarm_required"] as? Bool == true)
        #expect(config["retain"] as? Bool == false, "commands are never retained")
        #expect(config["qos"] as? Int == 1)
        let features = try #require(config["supported_features"] as? [String])
        #expect(Set(features).isSubset(of: Self.alarmFeatures) && features.contains("arm_night"))
        #expect(config["availability_mode"] as? String == "all")
        let topics = (config["availability"] as? [[String: Any]])?.compactMap { $0["topic"] as? String }
        #expect(topics == ["howalarming/site1/bridge", "howalarming/site1/panel"])
    }

    @Test func withoutRequiredCodesThereIsNoKeypad() throws {
        let config = try Self.object(try Self.discovery(codeDisarmRequired: false).partitionConfig(1))
        #expect(config["code"] == nil)
        #expect(config["code_disarm_required"] as? Bool == false)
        let arming = try Self.object(try Self.discovery(codeArmRequired: true).partitionConfig(1))
        #expect(arming["code_arm_required"] as? Bool == true && arming["code"] as? String == "REMOTE_CODE")
    }

    @Test func zonesAreBinarySensorsWithTheirConfiguredType() throws {
        let discovery = try Self.discovery()
        let motion = try Self.object(try #require(discovery.zoneConfig(2)))
        #expect(try #require(discovery.zoneConfig(2)).topic == "homeassistant/binary_sensor/howalarming_site1/z002/config")
        #expect(motion["name"] as? String == "Hall PIR")
        #expect(motion["device_class"] as? String == "motion")
        #expect(motion["unique_id"] as? String == "howalarming_site1_z002")
        #expect(motion["state_topic"] as? String == "howalarming/site1/zone/002/state")
        #expect(motion["json_attributes_topic"] as? String == "howalarming/site1/zone/002/attributes")
        #expect(motion["payload_on"] as? String == "ON" && motion["payload_off"] as? String == "OFF")
        #expect(motion["availability_mode"] as? String == "all")
        let untyped = try Self.object(try #require(discovery.zoneConfig(1)))
        #expect(untyped["device_class"] == nil, "no type configured: HA's plain on/off")
        #expect(discovery.zoneConfig(3) == nil, "only configured zones")
        #expect(discovery.configTopics.contains("homeassistant/binary_sensor/howalarming_site1/z017/config"))
        #expect(!discovery.configTopics.contains("homeassistant/binary_sensor/howalarming_site1/z003/config"))
        #expect(BridgeMessage.removal(of: "t") == BridgeMessage(topic: "t", payload: [], retain: true))
    }

    @Test func eachZoneHasABypassSwitchReadFromItsAttributes() throws {
        let discovery = try Self.discovery()
        let message = try #require(discovery.zoneBypassConfig(2))
        #expect(message.topic == "homeassistant/switch/howalarming_site1/z002_bypass/config")
        let config = try Self.object(message)
        #expect(config["name"] as? String == "Hall PIR bypass")
        #expect(config["unique_id"] as? String == "howalarming_site1_z002_bypass")
        #expect(config["entity_category"] as? String == "config")
        #expect(config["command_topic"] as? String == "howalarming/site1/zone/002/bypass/set")
        #expect(config["state_topic"] as? String == "howalarming/site1/zone/002/attributes")
        #expect(config["value_template"] as? String == "{{ 'ON' if value_json.bypassed else 'OFF' }}")
        #expect(config["payload_on"] as? String == "ON" && config["payload_off"] as? String == "OFF")
        #expect(config["command_template"] as? String == "{{ {'state': value, 'timestamp': now().timestamp() | int} | tojson }}")
        #expect(config["state_on"] as? String == "ON" && config["state_off"] as? String == "OFF")
        #expect(config["optimistic"] as? Bool == false, "the switch shows the panel's report, not the wish")
        #expect(config["retain"] as? Bool == false, "commands are never retained")
        #expect(config["availability_mode"] as? String == "all")
        #expect(discovery.zoneBypassConfig(3) == nil, "only configured zones")
    }

    @Test func eachPartitionHasAChimeSwitchReadFromItsAttributes() throws {
        let discovery = try Self.discovery()
        let message = discovery.partitionChimeConfig(2)
        #expect(message.topic == "homeassistant/switch/howalarming_site1/p2_chime/config")
        #expect(discovery.configTopics.contains(message.topic))
        let config = try Self.object(message)
        #expect(config["name"] as? String == "Partition 2 chime")
        #expect(config["unique_id"] as? String == "howalarming_site1_p2_chime")
        #expect(config["entity_category"] as? String == "config")
        #expect(config["command_topic"] as? String == "howalarming/site1/p2/chime/set")
        #expect(config["state_topic"] as? String == "howalarming/site1/p2/attributes")
        #expect(config["value_template"] as? String == "{{ 'ON' if value_json.chime else 'OFF' }}")
        #expect(config["command_template"] as? String == HomeAssistantDiscovery.switchCommandTemplate)
        #expect(config["optimistic"] as? Bool == false, "the switch shows the panel's report, not the wish")
        #expect(config["retain"] as? Bool == false, "commands are never retained")
        #expect(config["availability_mode"] as? String == "all")
    }

    @Test(arguments: [
        (SimpleCommand.fire, "Fire panic", "mdi:fire"), (.medical, "Medical panic", "mdi:ambulance"),
        (.police, "Police panic", "mdi:police-badge"),
    ])
    func eachPanicKeyIsAButtonOfTheWholePanel(key: SimpleCommand, name: String, icon: String) throws {
        let message = try Self.discovery().panicButtonConfig(key)
        #expect(message.topic == "homeassistant/button/howalarming_site1/panic_\(key.rawValue)/config")
        let config = try Self.object(message)
        #expect(config["name"] as? String == name && config["icon"] as? String == icon)
        #expect(config["unique_id"] as? String == "howalarming_site1_panic_\(key.rawValue)")
        #expect(config["command_topic"] as? String == "howalarming/site1/panic/\(key.rawValue)/set")
        #expect(config["command_template"] as? String == "{{ {'action': value, 'timestamp': now().timestamp() | int} | tojson }}")
        #expect(config["payload_press"] as? String == "PRESS")
        #expect(config["retain"] as? Bool == false, "commands are never retained")
        #expect(config["state_topic"] == nil && config["entity_category"] == nil, "a main control, without state")
        let topics = (config["availability"] as? [[String: Any]])?.compactMap { $0["topic"] as? String }
        #expect(topics == ["howalarming/site1/bridge", "howalarming/site1/panel"] && config["availability_mode"] as? String == "all")
    }

    @Test func troublesAndTheLinkAreDiagnostics() throws {
        let discovery = try Self.discovery()
        let ac = try Self.object(discovery.troubleConfig(.acPower))
        #expect(ac["device_class"] as? String == "power")
        #expect(ac["state_topic"] as? String == "howalarming/site1/trouble/ac_power/state")
        #expect(try Self.object(discovery.troubleConfig(.panelBattery))["device_class"] as? String == "battery")
        #expect(try Self.object(discovery.troubleConfig(.bell))["device_class"] as? String == "problem")
        let link = try Self.object(discovery.linkConfig)
        #expect(link["device_class"] as? String == "connectivity")
        #expect(link["state_topic"] as? String == "howalarming/site1/panel")
        #expect(link["payload_on"] as? String == "online" && link["payload_off"] as? String == "offline")
        let topics = (link["availability"] as? [[String: Any]])?.compactMap { $0["topic"] as? String }
        #expect(topics == ["howalarming/site1/bridge"], "disconnected, not unavailable, when the panel link is down")
    }

    @Test func theConfigsAreTheSameEveryTime() throws {
        #expect(try Self.discovery().configs == (try Self.discovery().configs))
    }
}
