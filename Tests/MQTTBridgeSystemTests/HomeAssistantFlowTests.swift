import Foundation
import Testing
import TestSupport

/// What Home Assistant sees and does through the bridge, end to end on the simulated panel.
@Suite struct HomeAssistantFlowTests {
    static let state = "howalarming/home/p1/state"
    static let refused = "howalarming/home/command/refused"

    @Test func aZonesBypassSwitchBypassesItAndShowsThePanelsReport() async throws {
        try await BridgeStage.run { stage in
            let observer = stage.observer
            let config = try await observer.waitFor("homeassistant/switch/howalarming_home/z002_bypass/config") { !$0.isEmpty }
            #expect(config.contains(#""command_topic":"howalarming/home/zone/002/bypass/set""#), "\(config)")
            #expect(config.contains(#""name":"Hall PIR bypass""#), "\(config)")
            try await observer.waitFor("howalarming/home/panel", "online")
            try await observer.waitFor(Self.state, "disarmed")

            // As the switch's command template makes it: with a timestamp, so that it is never taken for a backlog.
            let now = Int(Date().timeIntervalSince1970)
            try await stage.publish("howalarming/home/zone/002/bypass/set", #"{"state":"ON","timestamp":\#(now)}"#)
            _ = try await observer.waitFor("howalarming/home/event", timeout: .seconds(20)) {
                $0.contains(#""type":"response""#) && $0.contains("Bypassed: Hall PIR")
            }
            let attributes = "howalarming/home/zone/002/attributes"
            try await waitUntil("zone 2 bypassed") { observer.latest(attributes)?.contains(#""bypassed":true"#) == true }
            try await stage.publish("howalarming/home/zone/002/bypass/set", #"{"state":"OFF","timestamp":\#(now)}"#)
            try await waitUntil("zone 2 no longer bypassed", timeout: .seconds(20)) {
                observer.latest(attributes)?.contains(#""bypassed":false"#) == true
            }
            try await stage.publish("howalarming/home/zone/002/bypass/set", "TOGGLE")
            let refusal = try await observer.waitFor(Self.refused) { $0.contains("bypass/set") }
            #expect(refusal == #"{"reason":"a bypass switch sends ON or OFF","topic":"howalarming/home/zone/002/bypass/set"}"#)
        }
    }

    @Test func aPartitionsChimeSwitchSetsTheChimeAndShowsThePanelsReport() async throws {
        try await BridgeStage.run { stage in
            let observer = stage.observer
            let config = try await observer.waitFor("homeassistant/switch/howalarming_home/p1_chime/config") { !$0.isEmpty }
            #expect(config.contains(#""command_topic":"howalarming/home/p1/chime/set""#), "\(config)")
            try await observer.waitFor("howalarming/home/panel", "online")
            try await observer.waitFor(Self.state, "disarmed")

            let now = Int(Date().timeIntervalSince1970)
            try await stage.publish("howalarming/home/p1/chime/set", #"{"state":"ON","timestamp":\#(now)}"#)
            _ = try await observer.waitFor("howalarming/home/event", timeout: .seconds(20)) {
                $0.contains(#""type":"response""#) && $0.contains("Chime on on partition 1")
            }
            let attributes = "howalarming/home/p1/attributes"
            try await waitUntil("the chime on") { observer.latest(attributes)?.contains(#""chime":true"#) == true }
            #expect(observer.latest(attributes)?.contains(#""leds_source":"panel""#) == true, "partition 1's LEDs are the panel's 510")
            try await stage.publish("howalarming/home/p1/chime/set", #"{"state":"OFF","timestamp":\#(now)}"#)
            try await waitUntil("the chime off", timeout: .seconds(20)) { observer.latest(attributes)?.contains(#""chime":false"#) == true }
        }
    }

    @Test func aPanicButtonRaisesThePanicOnThePanelAsTheQueuesCommand() async throws {
        try await BridgeStage.run { stage in
            let observer = stage.observer
            for key in ["fire", "medical", "police"] {
                let config = try await observer.waitFor("homeassistant/button/howalarming_home/panic_\(key)/config") { !$0.isEmpty }
                #expect(config.contains(#""command_topic":"howalarming/home/panic/\#(key)/set""#), "\(config)")
            }
            try await observer.waitFor("howalarming/home/panel", "online")

            // As the button's command template makes it.
            let now = Int(Date().timeIntervalSince1970)
            try await stage.publish("howalarming/home/panic/fire/set", #"{"action":"PRESS","timestamp":\#(now)}"#)
            _ = try await observer.waitFor("howalarming/home/event") { $0.contains(#""type":"command""#) && $0.contains(#""code":"060""#) }
            _ = try await observer.waitFor("howalarming/home/event") { $0.contains(#""type":"alarm""#) && $0.contains(#""code":"621""#) }
            // Anything but PRESS is refused (a retained press too: CommandReaderTests).
            try await stage.publish("howalarming/home/panic/police/set", "HOLD")
            let refusal = try await observer.waitFor(Self.refused) { $0.contains("panic/police/set") }
            #expect(refusal == #"{"reason":"a panic button sends PRESS","topic":"howalarming/home/panic/police/set"}"#)
            #expect(!observer.events().contains { $0.contains(#""code":"625""#) }, "no police panic from a refused press")
        }
    }

    @Test func discoveryZonesArmingAlarmAndCodes() async throws {
        let staleZone = "homeassistant/binary_sensor/howalarming_home/z009/config"
        try await BridgeStage.run(before: { stage in
            // A zone since removed from the configuration, as a bridge of before left it.
            try await stage.publish(staleZone, #"{"name":"Old zone","state_topic":"howalarming/home/zone/009/state"}"#, retain: true)
        }) { stage in
            let observer = stage.observer
            // Discovery: one panel, two zones with their device classes, troubles, the link.
            let panel = try await observer.waitFor("homeassistant/alarm_control_panel/howalarming_home/p1/config") { !$0.isEmpty }
            #expect(panel.contains(#""unique_id":"howalarming_home_p1""#) && panel.contains(#""command_topic":"howalarming/home/p1/set""#))
            let door = try #require(observer.latest("homeassistant/binary_sensor/howalarming_home/z001/config"))
            #expect(door.contains(#""device_class":"door""#) && door.contains(#""name":"Front door""#))
            #expect(observer.latest("homeassistant/binary_sensor/howalarming_home/z002/config")?.contains(#""device_class":"motion""#) == true)
            #expect(observer.latest("homeassistant/binary_sensor/howalarming_home/panel_link/config") != nil)
            try await observer.waitFor(staleZone, "")
            try await observer.waitFor("howalarming/home/bridge", "online")
            try await observer.waitFor("howalarming/home/panel", "online")
            try await observer.waitFor(Self.state, "disarmed")

            // A zone opens and closes.
            try await stage.panel("open 1")
            try await observer.waitFor("howalarming/home/zone/001/state", "ON")
            #expect(observer.latest("howalarming/home/zone/001/attributes")?.contains(#""alarm":false"#) == true)
            try await stage.panel("close 1")
            try await observer.waitFor("howalarming/home/zone/001/state", "OFF")

            // Arm away from Home Assistant: arming (exit delay), then armed away.
            try await stage.homeAssistantCommand("ARM_AWAY")
            try await observer.waitFor(Self.state, "arming")
            try await observer.waitFor(Self.state, "armed_away")
            // Every event goes out as its JSON, the command's echo with the code masked.
            #expect(observer.events().contains { $0.contains(#""type":"armed""#) })

            // An alarm: triggered, with the zone in alarm.
            try await stage.panel("alarm 1")
            try await observer.waitFor(Self.state, "triggered")
            try await observer.waitFor("howalarming/home/zone/001/attributes") { $0.contains(#""alarm":true"#) }

            // Disarming needs a code; a wrong one is refused by the panel and changes nothing.
            try await stage.homeAssistantCommand("DISARM")
            let refusal = try await observer.waitFor(Self.refused) { $0.contains("p1/set") }
            #expect(refusal == #"{"reason":"disarming needs a code (mqtt.code_disarm_required)","topic":"howalarming/home/p1/set"}"#)
            try await stage.homeAssistantCommand("DISARM", code: "111111")
            let invalid = try await observer.waitFor("howalarming/home/event") { $0.contains(#""code":"670""#) }
            #expect(invalid.contains("invalid access code"))
            #expect(observer.latest(Self.state) == "triggered")
            try await stage.homeAssistantCommand("DISARM", code: BridgeStage.masterCode)
            try await observer.waitFor(Self.state, "disarmed")

            // No code in any event, state or refusal the bridge published.
            let published = observer.messages.filter { !$0.topic.hasSuffix("/set") }.map(\.payload).joined()
            #expect(!published.contains(BridgeStage.masterCode) && !published.contains("111111"))

            // A clean stop says offline itself, retained.
            #expect(try await stage.stop() == .exited(0))
            try await observer.waitFor("howalarming/home/bridge", "offline")
        }
    }

    @Test func badCommandsAreRefusedWithAReasonAndTheBridgeGoesOn() async throws {
        try await BridgeStage.run { stage in
            let observer = stage.observer
            try await observer.waitFor(Self.state, "disarmed")
            let bad: [(topic: String, payload: String, retain: Bool, reason: String)] = [
                ("howalarming/home/p1/set", "{not json", false, "expected"),
                ("howalarming/home/p1/set", #"{"action":"SELF_DESTRUCT"}"#, false, "is not one of"),
                ("howalarming/home/p1/set", #"{"action":"DISARM","code":"12ab"}"#, false, "4 to 6 digits"),
                ("howalarming/home/p7/set", "ARM_AWAY", false, "partition 7 is not configured"),
                ("howalarming/home/command", "arm_awayy", false, "unknown command"),
            ]
            for (index, command) in bad.enumerated() {
                try await stage.publish(command.topic, command.payload, retain: command.retain)
                try await waitUntil("refusal \(index + 1)") { observer.messages(on: Self.refused).count > index }
                let refusal = observer.messages(on: Self.refused)[index]
                #expect(refusal.contains(command.reason) && refusal.contains(command.topic), "\(refusal)")
            }
            // A raw command outside the allow-list passes the bridge and is refused by the integrator.
            // (With its timestamp: a command without one in the bridge's first 2 s is of unknown age.)
            let now = Int(Date().timeIntervalSince1970)
            try await stage.publish("howalarming/home/command", #"{"code":"072","data":"1234","timestamp":\#(now)}"#)
            let response = try await observer.waitFor("howalarming/home/event") { $0.contains(#""type":"response""#) && $0.contains("072") }
            #expect(!response.contains("1234"))
            // Still alive: a good command after the bad ones runs.
            try await stage.publish("howalarming/home/command", #"{"code":"arm_stay","timestamp":\#(now)}"#)
            try await observer.waitFor(Self.state, "armed_home")
            #expect(!stage.output().contains("12ab"))
        }
    }
}
