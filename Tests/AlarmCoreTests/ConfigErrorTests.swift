import AlarmCore
import Testing

/// A document that must fail, the key path the error must name, and part of its reason.
struct InvalidConfigCase: Sendable, CustomTestStringConvertible {
    let yaml: String
    let keyPath: String?
    let reason: String

    var testDescription: String { keyPath ?? "document: \(reason)" }
}

@Suite struct ConfigErrorTests {
    static let apns = "{key_file: k.p8, key_id: ABCDEFGHIJ, team_id: ABCDEFGHIJ, topic: t"

    static let cases: [InvalidConfigCase] = [
        .init(yaml: "beanstalkd: {port: eleven}", keyPath: "beanstalkd.port",
              reason: #"must be an integer from 1 to 65535, got "eleven""#),
        .init(yaml: "beanstalkd: {port: 70000}", keyPath: "beanstalkd.port",
              reason: #"must be an integer from 1 to 65535, got "70000""#),
        .init(yaml: "beanstalkd: {port: [1]}", keyPath: "beanstalkd.port", reason: "must be an integer, got a list"),
        .init(yaml: "beanstalkd: {host: ''}", keyPath: "beanstalkd.host", reason: "must not be empty"),
        .init(yaml: "beanstalkd: {tubes: {events: [cli, -abc]}}", keyPath: "beanstalkd.tubes.events[1]",
              reason: #"invalid tube name "-abc": it must not begin with '-'"#),
        .init(yaml: "beanstalkd: {tubes: {events: [cli, a b]}}", keyPath: "beanstalkd.tubes.events[1]",
              reason: "' ' is not allowed"),
        .init(yaml: "beanstalkd: {tubes: {commands: []}}", keyPath: "beanstalkd.tubes.commands",
              reason: "must not be an empty list"),
        .init(yaml: "beanstalkd: {tubes: {events: [cli, log, cli]}}", keyPath: "beanstalkd.tubes.events[2]",
              reason: "duplicate of beanstalkd.tubes.events[0]"),
        .init(yaml: "beanstalkd: {tubes: [cli]}", keyPath: "beanstalkd.tubes",
              reason: "must be a mapping of keys, got a list"),
        .init(yaml: "log: {tube: 'x y'}", keyPath: "log.tube", reason: "invalid tube name"),
        .init(yaml: "push: {triggers: [alarm, alarms]}", keyPath: "push.triggers[1]",
              reason: "must be one of command, info, armed, disarmed, response, alarm, recovery, fault, unknown, "
                + #"got "alarms""#),
        .init(yaml: "envisalinkd: {zones: {abc: Door}}", keyPath: "envisalinkd.zones.abc",
              reason: #"zone number must be an integer from 1 to 128, got "abc""#),
        .init(yaml: "envisalinkd: {zones: {200: Door}}", keyPath: "envisalinkd.zones.200",
              reason: #"zone number must be an integer from 1 to 128, got "200""#),
        .init(yaml: "envisalinkd: {zones: {'001': Door, 1: Hall}}", keyPath: "envisalinkd.zones.1",
              reason: #"zone 1 is already named by key "001""#),
        .init(yaml: "envisalinkd: {zones: {'001': ''}}", keyPath: "envisalinkd.zones.001", reason: "must not be empty"),
        .init(yaml: "envisalinkd: {zones: [Door]}", keyPath: "envisalinkd.zones",
              reason: "must be a mapping of keys, got a list"),
        .init(yaml: "envisalinkd: {zones: {'001': {name: Door, type: doors}}}", keyPath: "envisalinkd.zones.001.type",
              reason: #"must be one of door, garage_door, window, opening, motion, occupancy, presence, vibration, sound, "#
                + #"smoke, heat, cold, gas, carbon_monoxide, moisture, tamper, safety, problem, got "doors""#),
        .init(yaml: "envisalinkd: {zones: {'001': {type: door}}}", keyPath: "envisalinkd.zones.001.name", reason: "is required"),
        .init(yaml: "envisalinkd: {zones: {'001': {name: ''}}}", keyPath: "envisalinkd.zones.001.name", reason: "must not be empty"),
        .init(yaml: "envisalinkd: {zones: {'001': {name: Door, type: [door]}}}", keyPath: "envisalinkd.zones.001.type",
              reason: "must be a single value, got a list"),
        .init(yaml: "mqtt: {site: 'a/b'}", keyPath: "mqtt.site", reason: #"must be 1 to 64 letters, digits, _ or -"#),
        .init(yaml: "mqtt: {site: '+'}", keyPath: "mqtt.site", reason: #"got "+""#),
        .init(yaml: "mqtt: {site: 'home#'}", keyPath: "mqtt.site", reason: #"got "home#""#),
        .init(yaml: "mqtt: {site: ''}", keyPath: "mqtt.site", reason: "must not be empty"),
        .init(yaml: "mqtt: {port: 0}", keyPath: "mqtt.port", reason: #"must be an integer from 1 to 65535, got "0""#),
        .init(yaml: "mqtt: {keep_alive: 0}", keyPath: "mqtt.keep_alive", reason: #"must be an integer from 5 to 65535, got "0""#),
        .init(yaml: "mqtt: {password: secret}", keyPath: "mqtt.password", reason: "needs mqtt.username"),
        .init(yaml: "mqtt: {client_id: 'a b'}", keyPath: "mqtt.client_id", reason: "without spaces or control characters"),
        .init(yaml: "mqtt: {client_id: \"a\\tb\"}", keyPath: "mqtt.client_id", reason: "without spaces or control characters"),
        .init(yaml: "mqtt: {discovery_prefix: 'ha/+'}", keyPath: "mqtt.discovery_prefix", reason: "without + or #"),
        .init(yaml: "mqtt: {discovery_prefix: 'ha/'}", keyPath: "mqtt.discovery_prefix", reason: "none empty"),
        .init(yaml: "mqtt: {tube: 'a b'}", keyPath: "mqtt.tube", reason: "invalid tube name"),
        .init(yaml: "mqtt: {tls: {cert_file: c.pem}}", keyPath: "mqtt.tls.key_file", reason: "is required with cert_file"),
        .init(yaml: "mqtt: {tls: {key_file: k.pem}}", keyPath: "mqtt.tls.cert_file", reason: "is required with key_file"),
        .init(yaml: "mqtt: {tls: yes}", keyPath: "mqtt.tls", reason: "must be a mapping of keys, got a single value"),
        .init(yaml: "beanstalkd: {tubes: {taps: [cli, mqtt]}}\nmqtt: {}", keyPath: "mqtt.tube", reason: "is a tap"),
        .init(yaml: "envisalinkd: {port: 0}\nenvisalink: {port: 4025}", keyPath: "envisalinkd",
              reason: "use either envisalinkd or envisalink (an older name), not both"),
        .init(yaml: "envisalink: {port: x}", keyPath: "envisalinkd.port", reason: "must be an integer"),
        .init(yaml: "command: {listen: localhost}", keyPath: "command.listen",
              reason: #"must be HOST:PORT, such as 127.0.0.1:8080 or [::1]:8080, got "localhost""#),
        .init(yaml: "command: {listen: '::1:8080'}", keyPath: "command.listen", reason: "must be HOST:PORT"),
        .init(yaml: "command: {listen: ':8080'}", keyPath: "command.listen", reason: "must be HOST:PORT"),
        .init(yaml: "command: {listen: 'localhost:99999'}", keyPath: "command.listen",
              reason: #"port must be an integer from 1 to 65535, got "99999""#),
        .init(yaml: "push: {apns: \(apns), environment: staging}}", keyPath: "push.apns.environment",
              reason: #"must be one of production, sandbox, got "staging""#),
        .init(yaml: "push: {apns: \(apns), endpoint: 'ftp://example.org'}}", keyPath: "push.apns.endpoint",
              reason: #"must be an https:// or http:// URL with a host, got "ftp://example.org""#),
        .init(yaml: "push: {fcm: {service_account_file: sa.json, endpoint: 'https:///path'}}",
              keyPath: "push.fcm.endpoint", reason: "must be an https:// or http:// URL"),
        .init(yaml: "push: {apns: {key_file: k.p8, key_id: abc, team_id: ABCDEFGHIJ, topic: t}}",
              keyPath: "push.apns.key_id",
              reason: #"must be 10 characters from A-Z and 0-9 (as Apple shows it), got "abc""#),
        .init(yaml: "push: {apns: {key_file: k.p8, key_id: ABCDEFGHIJ, team_id: ABCDEFGHIJ}}",
              keyPath: "push.apns.topic", reason: "is required"),
        .init(yaml: "push: {fcm: {}}", keyPath: "push.fcm.service_account_file", reason: "is required"),
        .init(yaml: "push: [a, b]", keyPath: "push", reason: "must be a mapping of keys, got a list"),
        .init(yaml: "log: just-a-string", keyPath: "log", reason: "must be a mapping of keys, got a single value"),
        .init(yaml: "- beanstalkd", keyPath: nil, reason: "must be a mapping of keys, got a list"),
        .init(yaml: "beanstalkd:\n  host: a\n  port: [11300\nlog: {}\n", keyPath: nil, reason: "invalid YAML at line 4"),
        .init(yaml: "beanstalkd:\n  port: 1\n  port: 2\n", keyPath: nil,
              reason: "invalid YAML at line 3, column 3: duplicate key 'port'"),
        .init(yaml: "a: b\n---\nc: d\n", keyPath: nil, reason: "but found another document"),
        .init(yaml: "log: {}\nbad: \u{7}\n", keyPath: nil,
              reason: "invalid YAML at line 2, column 6: control characters are not allowed"),
    ]

    @Test(arguments: cases)
    func invalidDocumentIsRejected(_ invalid: InvalidConfigCase) {
        let error = #expect(throws: ConfigError.self) {
            try HowAlarmingConfig.parse(yaml: invalid.yaml, path: "config.yaml", environment: [:])
        }
        #expect(error?.file == "config.yaml")
        #expect(error?.keyPath == invalid.keyPath)
        #expect(error?.reason.contains(invalid.reason) == true, "reason: \(error?.reason ?? "none")")
        #expect(error?.description.hasPrefix("config.yaml: " + (invalid.keyPath.map { "\($0): " } ?? "")) == true)
    }

    @Test func descriptionIsFileKeyPathReason() {
        let error = #expect(throws: ConfigError.self) {
            try HowAlarmingConfig.parse(yaml: "beanstalkd:\n  port: eleven\n", path: "config.yaml", environment: [:])
        }
        #expect(error?.description == #"config.yaml: beanstalkd.port: must be an integer from 1 to 65535, got "eleven""#)
        #expect(ConfigError(reason: "r").description == "r")
        #expect(ConfigError(keyPath: "a.b", reason: "r").description == "a.b: r")
    }

    @Test func syntaxErrorNamesLineAndColumn() {
        let error = #expect(throws: ConfigError.self) {
            try HowAlarmingConfig.parse(yaml: "log:\n  file: x\n   tube: y: z\n", path: nil, environment: [:])
        }
        #expect(error?.keyPath == nil)
        #expect(error?.reason.contains("line 3, column") == true, "reason: \(error?.reason ?? "none")")
    }
}
