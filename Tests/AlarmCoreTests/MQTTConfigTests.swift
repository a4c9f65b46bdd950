import AlarmCore
import Testing

/// The `mqtt` section (the MQTT bridge) and the zone types of `envisalinkd.zones`.
@Suite struct MQTTConfigTests {
    private func parse(_ yaml: String, path: String? = nil, environment: [String: String] = [:]) throws -> HowAlarmingConfig {
        try HowAlarmingConfig.parse(yaml: yaml, path: path, environment: environment)
    }

    @Test func absentSectionMeansNoBridge() throws {
        #expect(try parse("log: {}").mqtt == nil)
        #expect(try parse("mqtt: ~").mqtt == nil)
    }

    @Test func anEmptySectionTakesTheDefaults() throws {
        let config = try parse("mqtt: {}")
        let mqtt = try #require(config.mqtt)
        #expect(mqtt == MQTTConfig())
        #expect(mqtt.host == "127.0.0.1")
        #expect(mqtt.port == 1883)
        #expect(mqtt.tls == nil)
        #expect(mqtt.username == nil && mqtt.password == nil)
        #expect(mqtt.site == "home")
        #expect(mqtt.clientID == "howalarming-home")
        #expect(mqtt.discoveryPrefix == "homeassistant")
        #expect(mqtt.tube.rawValue == "mqtt")
        #expect(mqtt.keepAlive == 30)
        #expect(!mqtt.codeArmRequired && mqtt.codeDisarmRequired)
        #expect(config.warnings.isEmpty)
    }

    @Test func everyKeyIsRead() throws {
        let config = try parse(
            """
            mqtt:
              host: broker.example.org
              port: 18883
              username: site1
              password: s3cret
              site: site_1-a
              client_id: bridge-1
              discovery_prefix: ha/discovery
              tube: mqtt-site1
              keep_alive: 15
              code_arm_required: true
              code_disarm_required: false
              tls: {ca_file: ca.pem, cert_file: /etc/c.pem, key_file: k.pem}
            """, path: "/etc/howalarming/config.yaml")
        let mqtt = try #require(config.mqtt)
        #expect(config.warnings.isEmpty)
        #expect(mqtt.host == "broker.example.org")
        #expect(mqtt.port == 18883)
        #expect(mqtt.username == "site1")
        #expect(mqtt.password?.value == "s3cret")
        #expect(mqtt.site == "site_1-a")
        #expect(mqtt.clientID == "bridge-1")
        #expect(mqtt.discoveryPrefix == "ha/discovery")
        #expect(mqtt.tube.rawValue == "mqtt-site1")
        #expect(mqtt.keepAlive == 15)
        #expect(mqtt.codeArmRequired && !mqtt.codeDisarmRequired)
        #expect(
            mqtt.tls
                == MQTTTLSConfig(caFile: "/etc/howalarming/ca.pem", certificateFile: "/etc/c.pem", keyFile: "/etc/howalarming/k.pem"))
    }

    @Test func tlsChangesTheDefaultPortOnly() throws {
        #expect(try parse("mqtt: {tls: {}}").mqtt?.port == 8883)
        #expect(try parse("mqtt: {tls: {}}").mqtt?.tls == MQTTTLSConfig())
        #expect(try parse("mqtt: {tls: {}, port: 1884}").mqtt?.port == 1884)
        #expect(try parse("mqtt: {tls: ~}").mqtt?.port == 1883)
    }

    @Test func theClientIDFollowsTheSite() throws {
        #expect(try parse("mqtt: {site: shop2}").mqtt?.clientID == "howalarming-shop2")
    }

    @Test func thePasswordIsASecret() throws {
        let fromEnvironment = try parse(
            "mqtt: {username: u, password: in-file}", environment: ["HOWALARMING_MQTT_PASSWORD": "from-env"])
        #expect(fromEnvironment.mqtt?.password?.value == "from-env")
        let both = #expect(throws: ConfigError.self) { try parse("mqtt: {username: u, password: hunter2, password_file: pw}") }
        #expect(both?.keyPath == "mqtt.password")
        #expect(both?.description.contains("hunter2") == false)
        #expect("\(try parse("mqtt: {username: u, password: hunter2}"))".contains("hunter2") == false)
    }

    @Test func unknownKeysAreWarnings() throws {
        let config = try parse("mqtt: {hots: broker, tls: {ca: x}}")
        #expect(config.warnings.count == 2)
        #expect(config.warnings.contains { $0.hasPrefix("mqtt.hots: unknown key") })
        #expect(config.warnings.contains { $0.hasPrefix("mqtt.tls.ca: unknown key") })
    }

    @Test func zonesTakeANameOrANameAndAType() throws {
        let config = try parse(
            """
            envisalinkd:
              zones:
                "001": Front door
                "002": {name: Hall PIR, type: motion}
                3: {name: Kitchen smoke, type: smoke}
                "004":
                  name: Garage
                "005": {name: Boiler room, type: carbon_monoxide}
            """)
        let envisalink = try #require(config.envisalink)
        #expect(config.warnings.isEmpty)
        #expect(envisalink.zones == [1: "Front door", 2: "Hall PIR", 3: "Kitchen smoke", 4: "Garage", 5: "Boiler room"])
        #expect(envisalink.zoneTypes == [2: .motion, 3: .smoke, 5: .carbonMonoxide])
    }

    @Test func everyZoneTypeIsAHomeAssistantDeviceClass() throws {
        // Home Assistant's binary_sensor device classes (docs: developers.home-assistant.io, "Binary sensor entity").
        let homeAssistant: Set = [
            "battery", "battery_charging", "carbon_monoxide", "cold", "connectivity", "door", "garage_door", "gas", "heat",
            "light", "lock", "moisture", "motion", "moving", "occupancy", "opening", "plug", "power", "presence", "problem",
            "running", "safety", "smoke", "sound", "tamper", "update", "vibration", "window",
        ]
        for type in ZoneType.allCases {
            #expect(homeAssistant.contains(type.rawValue), "\(type)")
            let yaml = "envisalinkd: {zones: {7: {name: Z, type: \(type.rawValue)}}}"
            #expect(try parse(yaml).envisalink?.zoneTypes[7] == type)
        }
    }

    @Test func aZoneMayGiveItsPartitionWithinThePanels() throws {
        let config = try parse("envisalinkd: {partitions: 2, zones: {'009': {name: Garage, partition: 2}, '001': Door}}")
        #expect(config.envisalink?.zonePartitions == [9: 2])
        let error = #expect(throws: ConfigError.self) { try parse("envisalinkd: {zones: {'009': {name: Garage, partition: 2}}}") }
        #expect(error?.keyPath == "envisalinkd.zones.009.partition", "one partition by default")
    }

    @Test func aZoneWithAnUnknownKeyWarns() throws {
        let config = try parse("envisalinkd: {zones: {'001': {name: Door, kind: door}}}")
        #expect(config.warnings.map { $0.hasPrefix("envisalinkd.zones.001.kind: unknown key") } == [true])
    }
}
