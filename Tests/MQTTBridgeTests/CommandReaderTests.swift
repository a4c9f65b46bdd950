import AlarmCore
import MQTTBridge
import Testing

/// Commands from MQTT into the command tube's form, and every refusal, without a broker.
@Suite struct CommandReaderTests {
    static let topics = BridgeTopics(site: "site1", discoveryPrefix: "homeassistant")

    static func reader(codeArmRequired: Bool = false, codeDisarmRequired: Bool = true) -> BridgeCommandReader {
        BridgeCommandReader(
            topics: topics, partitions: 2, codeArmRequired: codeArmRequired, codeDisarmRequired: codeDisarmRequired,
            masterCode: Secret("572913"))
    }

    static func read(
        _ payload: String, on topic: String = "howalarming/site1/p2/set", retained: Bool = false,
        reader: BridgeCommandReader = reader(), reportedZonePartitions: [Int: Int] = [:]
    ) -> Result<AlarmCommand, BridgeCommandRefusal> {
        reader.command(topic: topic, payload: Array(payload.utf8), retained: retained, reportedZonePartitions: reportedZonePartitions)
    }

    static func refusal(_ result: Result<AlarmCommand, BridgeCommandRefusal>) -> String? {
        if case .failure(let refusal) = result { refusal.reason } else { nil }
    }

    @Test(arguments: [
        ("ARM_AWAY", SimpleCommand.armAway), ("ARM_HOME", .armStay), ("ARM_NIGHT", .armInstant),
    ])
    func homeAssistantArmsAPartition(action: String, expected: SimpleCommand) throws {
        let command = try Self.read(#"{"action":"\#(action)","code":null,"timestamp":1800000000}"#).get()
        #expect(command == .simple(expected, partition: 2, source: "mqtt", timestamp: 1_800_000_000))
        #expect(try Self.read(action).get() == .simple(expected, partition: 2, source: "mqtt"), "the bare action too")
    }

    @Test func aDisarmCarriesTheCodeTypedAndNeedsOneUnlessConfiguredOtherwise() throws {
        let command = try Self.read(#"{"action":"DISARM","code":"1234"}"#).get()
        #expect(command.action == .simple(.disarm) && command.accessCode == Secret("1234") && command.partition == 2)
        #expect(Self.refusal(Self.read(#"{"action":"DISARM","code":null}"#)) == "disarming needs a code (mqtt.code_disarm_required)")
        #expect(Self.refusal(Self.read(#"{"action":"DISARM","code":""}"#)) != nil, "an empty code is no code")
        let withoutCode = try Self.read(#"{"action":"DISARM"}"#, reader: Self.reader(codeDisarmRequired: false)).get()
        #expect(withoutCode.action == .simple(.disarm) && withoutCode.accessCode == nil)
    }

    @Test func aMalformedCodeIsRefusedWithoutBeingQuoted() throws {
        for code in ["12", "1234567", "12ab"] {
            let reason = try #require(Self.refusal(Self.read(#"{"action":"DISARM","code":"\#(code)"}"#)))
            #expect(reason.contains("4 to 6 digits") && !reason.contains(code), "\(reason)")
        }
    }

    @Test func armingWithCodeRequiredNeedsTheMasterCodeAndNeverSendsIt() throws {
        let reader = Self.reader(codeArmRequired: true)
        let armed = try Self.read(#"{"action":"ARM_AWAY","code":"572913"}"#, reader: reader).get()
        #expect(armed.action == .simple(.armAway) && armed.accessCode == nil)
        #expect(Self.refusal(Self.read(#"{"action":"ARM_AWAY","code":"111111"}"#, reader: reader)) == "wrong code")
        #expect(Self.refusal(Self.read(#"{"action":"ARM_AWAY"}"#, reader: reader)) == "arming needs a code (mqtt.code_arm_required)")
        let codeIgnored = try Self.read(#"{"action":"ARM_AWAY","code":"1"}"#).get()
        #expect(codeIgnored.accessCode == nil, "without code_arm_required a code typed to arm is dropped")
    }

    @Test func thePlainTopicTakesTheQueuesForms() throws {
        let plain = try Self.read("arm_stay", on: "howalarming/site1/command").get()
        #expect(plain == .simple(.armStay, source: "mqtt"))
        let json = try Self.read(
            #"{"code":"disarm","partition":1,"access_code":"4321","source":"node-red","timestamp":1800000000}"#,
            on: "howalarming/site1/command"
        ).get()
        #expect(json.accessCode == Secret("4321") && json.source == "mqtt" && json.timestamp == 1_800_000_000)
        #expect(Self.refusal(Self.read("disarm", on: "howalarming/site1/command")) == "disarming needs an access_code (mqtt.code_disarm_required)")
        #expect(try Self.read(#"{"code":"001"}"#, on: "howalarming/site1/command").get().action == .raw(code: "001", data: ""))
    }

    @Test func aZonesBypassSwitchBypassesAndUnbypassesIt() throws {
        let on = try Self.read(#"{"state":"ON","timestamp":1800000000}"#, on: "howalarming/site1/zone/005/bypass/set").get()
        #expect(on == .simple(.bypass, source: "mqtt", timestamp: 1_800_000_000, zones: [5]))
        #expect(try Self.read("ON", on: "howalarming/site1/zone/005/bypass/set").get() == .simple(.bypass, source: "mqtt", zones: [5]))
        let off = try Self.read("OFF", on: "howalarming/site1/zone/064/bypass/set").get()
        #expect(off == .simple(.unbypass, source: "mqtt", zones: [64]))
        #expect(Self.refusal(Self.read("TOGGLE", on: "howalarming/site1/zone/005/bypass/set")) == "a bypass switch sends ON or OFF")
        #expect(Self.refusal(Self.read(#"{"state":1}"#, on: "howalarming/site1/zone/005/bypass/set")) == "a bypass switch sends ON or OFF")
        #expect(Self.refusal(Self.read("ON", on: "howalarming/site1/zone/065/bypass/set"))?.contains("between 1 and 64") == true)
        #expect(Self.refusal(Self.read("ON", on: "howalarming/site1/zone/005/bypass/set", retained: true)) != nil)
        #expect(try Self.read(#"{"code":"bypass","profile":"night"}"#, on: "howalarming/site1/command").get().profile == "night")
        for other in ["howalarming/site1/zone/5/bypass/set", "howalarming/site1/zone/00a/bypass/set", "howalarming/site1/zone/0005/bypass/set"] {
            #expect(Self.topics.zone(ofBypassTopic: other) == nil, "\(other)")
        }
    }

    @Test func aPartitionsChimeSwitchSetsItsChime() throws {
        let on = try Self.read(#"{"state":"ON","timestamp":1800000000}"#, on: "howalarming/site1/p2/chime/set").get()
        #expect(on == .simple(.chimeOn, partition: 2, source: "mqtt", timestamp: 1_800_000_000))
        #expect(try Self.read("OFF", on: "howalarming/site1/p1/chime/set").get() == .simple(.chimeOff, partition: 1, source: "mqtt"))
        #expect(Self.refusal(Self.read("TOGGLE", on: "howalarming/site1/p1/chime/set")) == "a chime switch sends ON or OFF")
        #expect(Self.refusal(Self.read("ON", on: "howalarming/site1/p3/chime/set")) == "partition 3 is not configured (envisalinkd.partitions is 2)")
        #expect(Self.refusal(Self.read("ON", on: "howalarming/site1/p1/chime/set", retained: true)) != nil)
        #expect(try Self.read("chime_on", on: "howalarming/site1/command").get() == .simple(.chimeOn, source: "mqtt"))
        #expect(Self.topics.partition(ofChimeTopic: "howalarming/site1/p8/chime/set") == 8)
        for other in ["howalarming/site1/p1/set", "howalarming/site1/p01/chime/set", "howalarming/site1/zone/001/chime/set"] {
            #expect(Self.topics.partition(ofChimeTopic: other) == nil, "\(other)")
        }
        #expect(Self.topics.partition(ofCommandTopic: "howalarming/site1/p1/chime/set") == nil)
    }

    @Test func aZonesBypassSwitchBypassesInTheZonesPartition() throws {
        let reader = BridgeCommandReader(
            topics: Self.topics, partitions: 2, codeArmRequired: false, codeDisarmRequired: true, masterCode: nil,
            zonePartitions: [9: 2])
        let configured = try Self.read("ON", on: "howalarming/site1/zone/009/bypass/set", reader: reader, reportedZonePartitions: [9: 1]).get()
        #expect(configured == .simple(.bypass, partition: 2, source: "mqtt", zones: [9]), "the configuration wins")
        let reported = try Self.read("OFF", on: "howalarming/site1/zone/010/bypass/set", reader: reader, reportedZonePartitions: [10: 2]).get()
        #expect(reported == .simple(.unbypass, partition: 2, source: "mqtt", zones: [10]), "else the events' partition")
        let unknown = try Self.read("ON", on: "howalarming/site1/zone/011/bypass/set", reader: reader, reportedZonePartitions: [10: 2]).get()
        #expect(unknown == .simple(.bypass, source: "mqtt", zones: [11]), "else none: the integrator's default")
    }

    @Test(arguments: [SimpleCommand.fire, .medical, .police])
    func aPanicButtonQueuesItsPanicForThePanel(key: SimpleCommand) throws {
        let topic = "howalarming/site1/panic/\(key.rawValue)/set"
        #expect(Self.topics.panicKey(ofCommandTopic: topic) == key)
        let pressed = try Self.read(#"{"action":"PRESS","timestamp":1800000000}"#, on: topic).get()
        #expect(pressed == .simple(key, source: "mqtt", timestamp: 1_800_000_000), "no partition: a DSC panic is the panel's")
        #expect(try Self.read("PRESS", on: topic).get() == .simple(key, source: "mqtt"), "the bare press too")
        #expect(Self.refusal(Self.read("ON", on: topic)) == "a panic button sends PRESS")
        #expect(Self.refusal(Self.read(#"{"action":"PRESS","code":"1234"}"#, on: topic)) == nil, "a code is ignored, never sent")
        #expect(Self.refusal(Self.read("PRESS", on: topic, retained: true))?.hasPrefix("a retained command is refused") == true)
        #expect(Self.refusal(Self.read("PRESS", on: "howalarming/site1/panic/duress/set")) == "not a command topic")
    }

    @Test(arguments: [
        (#"{"action":"TRIGGER"}"#, "\"TRIGGER\" is not one of ARM_AWAY, ARM_HOME, ARM_NIGHT, DISARM"),
        (#"{"action":"ARM_1234"}"#, "an action is not one of ARM_AWAY, ARM_HOME, ARM_NIGHT, DISARM"),
        (#"{"action":5}"#, #"expected {"action": …, "code": …} or an action name"#),
        ("{not json", #"expected {"action": …, "code": …} or an action name"#),
    ])
    func badHomeAssistantPayloadsAreRefusedWithTheReason(payload: String, reason: String) {
        #expect(Self.refusal(Self.read(payload)) == reason)
    }

    @Test func retainedCommandsOtherTopicsAndUnknownPartitionsAreRefused() {
        #expect(Self.refusal(Self.read("ARM_AWAY", retained: true))?.hasPrefix("a retained command is refused") == true)
        #expect(Self.refusal(Self.read("ARM_AWAY", on: "howalarming/site1/p3/set")) == "partition 3 is not configured (envisalinkd.partitions is 2)")
        #expect(Self.refusal(Self.read(#"{"code":"arm","partition":3}"#, on: "howalarming/site1/command")) != nil)
        #expect(Self.refusal(Self.read("ARM_AWAY", on: "howalarming/other/p1/set")) == "not a command topic")
        #expect(Self.refusal(Self.read("bogus", on: "howalarming/site1/command"))?.contains("unknown command") == true)
    }

    @Test func commandTopicsAndDiscoveryTopicsAreRecognised() {
        let topics = Self.topics
        #expect(topics.partition(ofCommandTopic: "howalarming/site1/p8/set") == 8)
        for other in ["howalarming/site1/p/set", "howalarming/site1/p01/set", "howalarming/site1/px/set", "howalarming/site1/p1/state"] {
            #expect(topics.partition(ofCommandTopic: other) == nil, "\(other)")
        }
        #expect(topics.isDiscoveryConfig("homeassistant/binary_sensor/howalarming_site1/z009/config"))
        #expect(!topics.isDiscoveryConfig("homeassistant/binary_sensor/howalarming_site2/z009/config"))
        #expect(!topics.isDiscoveryConfig("homeassistant/status"))
        let nested = BridgeTopics(site: "a", discoveryPrefix: "ha/prod")
        #expect(nested.isDiscoveryConfig("ha/prod/alarm_control_panel/howalarming_a/p1/config"))
        #expect(nested.discoveryFilter == "ha/prod/+/howalarming_a/+/config")
    }
}

/// When a command without a timestamp counts as issued, and redeliveries recognised.
@Suite struct CommandArrivalTests {
    @Test func aBacklogAtTheFirstConnectionIsOfUnknownAgeAndLaterOnesDateFromTheLoss() {
        let first = CommandArrival(connectedAt: 1000, previousLoss: nil)
        #expect(first.issueTime(receivedAt: 1000) == nil, "the broker's backlog from before the bridge started")
        #expect(first.issueTime(receivedAt: 1001) == nil)
        #expect(first.issueTime(receivedAt: 1002) == 1002, "after the window, a command is fresh")
        let again = CommandArrival(connectedAt: 1530, previousLoss: 1500)
        #expect(again.issueTime(receivedAt: 1530) == 1500, "at the earliest when the connection before was lost")
        #expect(again.issueTime(receivedAt: 1540) == 1540)
    }

    @Test func onlyADuplicateOfARecentCommandIsARedelivery() {
        var recent = RecentCommands(retention: 60)
        let payload = Array("ARM_AWAY".utf8)
        recent.record(topic: "t", payload: payload, packetID: 7, now: 100)
        #expect(recent.isRedelivery(topic: "t", payload: payload, packetID: 7, duplicate: true, now: 110))
        #expect(!recent.isRedelivery(topic: "t", payload: payload, packetID: 7, duplicate: false, now: 110), "sent again by a person")
        #expect(!recent.isRedelivery(topic: "t", payload: payload, packetID: 8, duplicate: true, now: 110))
        #expect(!recent.isRedelivery(topic: "t", payload: Array("DISARM".utf8), packetID: 7, duplicate: true, now: 110))
        #expect(!recent.isRedelivery(topic: "t", payload: payload, packetID: 7, duplicate: true, now: 161), "past the retention")
        #expect(!recent.isRedelivery(topic: "t", payload: payload, packetID: nil, duplicate: true, now: 110))
    }
}
