import AlarmCore
import AlarmState
import Foundation
import MQTTBridge
import Testing

/// The state messages of panel changes, in Home Assistant's values.
@Suite struct BridgeStateTests {
    let topics = BridgeTopics(site: "site1", discoveryPrefix: "homeassistant")

    private func text(_ messages: [BridgeMessage], _ topic: String) -> String? {
        messages.first { $0.topic == topic }.map { String(decoding: $0.payload, as: UTF8.self) }
    }

    @Test(arguments: PartitionState.allCases)
    func everyPartitionStateIsAnAlarmControlPanelState(state: PartitionState) {
        guard let published = BridgeState.alarmState(state) else {
            #expect(state == .unknown)
            return
        }
        #expect(BridgeState.alarmStates.contains(published))
        #expect(published != "disarming" && published != "armed_vacation" && published != "armed_custom_bypass")
    }

    @Test func anArmingAndAnAlarmAsHomeAssistantSeesThem() {
        let steps: [(PartitionState, String)] = [
            (.ready, "disarmed"), (.exitDelay, "arming"), (.armedAway, "armed_away"), (.entryDelay, "pending"),
            (.alarm, "triggered"), (.notReady, "disarmed"), (.armedStay, "armed_home"), (.armedZeroEntryAway, "armed_night"),
            (.armedZeroEntryStay, "armed_night"),
        ]
        for (state, expected) in steps {
            let messages = BridgeState.messages(for: .partition(1, state), topics: topics)
            #expect(text(messages, "howalarming/site1/p1/state") == expected, "\(state)")
            #expect(messages.allSatisfy { $0.retain })
        }
        let attributes = BridgeState.messages(for: .partition(1, .notReady), topics: topics)
        #expect(text(attributes, "howalarming/site1/p1/attributes")
            == #"{"alarm_memory":[],"alarm_memory_zones":[],"leds":[],"leds_flashing":[],"leds_source":"derived","ready":false,"#
            + #""sounding":"none","status":"not_ready"}"#)
        #expect(BridgeState.messages(for: .partition(1, .unknown), topics: topics).map(\.topic) == ["howalarming/site1/p1/attributes"])
    }

    @Test func whoChangedThePartitionAndItsAlarmMemoryAreAttributes() throws {
        var activity = PartitionActivity()
        let events = [
            AlarmEvent(type: .alarm, code: "601", timestamp: 1_700_000_000, sequence: 1, partition: 1, zone: 3, zoneName: "Back door"),
            AlarmEvent(type: .info, code: "750", timestamp: 1_700_000_000, sequence: 2, partition: 1, user: 40, userName: "Anna"),
        ]
        let changed = events.map { activity.apply($0) }
        #expect(changed == [true, true])
        let messages = BridgeState.messages(for: .partition(1, .ready), topics: topics, activities: [1: activity])
        #expect(text(messages, "howalarming/site1/p1/state") == "disarmed")
        #expect(text(messages, "howalarming/site1/p1/attributes") == #"{"alarm_memory":["Back door"],"alarm_memory_zones":[3],"#
            + #""changed_by":"Anna (user 40)","changed_by_user":40,"leds":["memory"],"leds_flashing":[],"leds_source":"derived","#
            + #""ready":true,"sounding":"alarm","status":"ready"}"#)
    }

    @Test func theChimeAndThePanelsKeypadLEDsAreAttributes() throws {
        var activity = PartitionActivity()
        let events = [
            AlarmEvent(type: .info, code: "663", timestamp: 1_700_000_000, sequence: 1, partition: 1),
            AlarmEvent(type: .info, code: "510", raw: "510 91", timestamp: 1_700_000_000, sequence: 2),
            AlarmEvent(type: .info, code: "511", raw: "511 10", timestamp: 1_700_000_000, sequence: 3),
            AlarmEvent(type: .fault, code: "840", timestamp: 1_700_000_000, sequence: 4, partition: 1),
        ]
        #expect(events.map { activity.apply($0) } == [true, true, true, false], "the panel's LEDs already show the trouble")
        let messages = BridgeState.messages(for: .partition(1, .ready), topics: topics, activities: [1: activity])
        #expect(text(messages, "howalarming/site1/p1/attributes") == #"{"alarm_memory":[],"alarm_memory_zones":[],"chime":true,"#
            + #""leds":["ready","trouble","backlight"],"leds_flashing":["trouble"],"leds_source":"panel","ready":true,"#
            + #""sounding":"trouble","status":"ready"}"#)
        // Another partition's LEDs are derived from its events, its Bypass LED from the zones the state knows as its.
        var second = PartitionActivity()
        _ = second.apply(AlarmEvent(type: .info, code: "656", timestamp: 1_700_000_000, sequence: 5, partition: 2))
        let derived = BridgeState.messages(for: .partition(2, .exitDelay), topics: topics, activities: [2: second], bypassedPartitions: [2])
        #expect(text(derived, "howalarming/site1/p2/attributes") == #"{"alarm_memory":[],"alarm_memory_zones":[],"#
            + #""leds":["armed","bypass"],"leds_flashing":[],"leds_source":"derived","ready":false,"sounding":"exit_delay","#
            + #""status":"exit_delay"}"#)
    }

    @Test func zonesTroublesAndTheLink() throws {
        var zone = ZoneState(since: 1_700_000_000)
        zone.open = true
        zone.bypassed = true
        zone.partition = 1
        let messages = BridgeState.messages(for: .zone(5, zone), topics: topics)
        #expect(text(messages, "howalarming/site1/zone/005/state") == "ON")
        let attributes = try #require(text(messages, "howalarming/site1/zone/005/attributes"))
        #expect(
            attributes == #"{"alarm":false,"bypassed":true,"fault":false,"last_change":"2023-11-14T22:13:20Z","partition":1,"tamper":false}"#)
        #expect(text(BridgeState.messages(for: .trouble(.acPower, active: true), topics: topics), "howalarming/site1/trouble/ac_power/state") == "OFF")
        #expect(text(BridgeState.messages(for: .trouble(.bell, active: true), topics: topics), "howalarming/site1/trouble/bell/state") == "ON")
        #expect(text(BridgeState.messages(for: .link(up: false), topics: topics), "howalarming/site1/panel") == "offline")
        #expect(text(BridgeState.messages(for: .link(up: true), topics: topics), "howalarming/site1/panel") == "online")
    }

    @Test func panelEventsBecomeHomeAssistantStates() throws {
        // The integrator's events (code, type, message as its mapper writes them) for an arming away and an alarm.
        let events: [(EventType, String, String)] = [
            (.info, "650", "Partition 1 ready"), (.info, "656", "Partition 1 exit delay in progress"),
            (.armed, "652", "Partition 1 armed (away)"), (.info, "657", "Partition 1 entry delay in progress"),
            (.alarm, "654", "Partition 1 in alarm"), (.disarmed, "655", "Partition 1 disarmed"),
        ]
        var state = PanelState()
        var published: [String] = []
        for (sequence, (type, code, message)) in events.enumerated() {
            let event = AlarmEvent(
                type: type, code: code, message: message, timestamp: 1_700_000_000, source: "howalarming-envisalink",
                sequence: UInt64(sequence + 1), partition: 1)
            for change in state.apply(event) {
                published += BridgeState.messages(for: change, topics: topics).filter { $0.topic == topics.partitionState(1) }
                    .map { String(decoding: $0.payload, as: UTF8.self) }
            }
        }
        #expect(published == ["disarmed", "arming", "armed_away", "pending", "triggered", "disarmed"])
    }
}
