import Foundation
import Testing
import TestSupport

/// The bridge when its surroundings fail: the panel link, the integrator, the broker, beanstalkd,
/// the bridge itself.
@Suite struct BridgeFaultTests {
    static let state = "howalarming/home/p1/state"
    static let panel = "howalarming/home/panel"

    /// The events that echo a command with `code` sent to the panel.
    static func commandEchoes(_ observer: MQTTObserver, code: String) -> Int {
        observer.events().filter { $0.contains(#""type":"command""#) && $0.contains(#""code":"\#(code)""#) }.count
    }

    @Test func everythingIsUnavailableWhileThePanelLinkIsDownOrTheIntegratorStopped() async throws {
        try await BridgeStage.run { stage in
            let observer = stage.observer
            try await observer.waitFor(Self.panel, "online")
            try await observer.waitFor(Self.state, "disarmed")

            // The panel stops answering: the integrator's polls (every 2 s) find the link dead.
            let stalled = ContinuousClock.now
            try await stage.panel("stall on")
            try await observer.waitFor(Self.panel, "offline", timeout: .seconds(30))
            let detected = ContinuousClock.now - stalled
            // At most a poll interval (2 s) until the next poll, the acknowledgement timeout (half
            // a poll interval) for its answer, then the event's way through the queue and the
            // bridge: within two poll intervals and a little.
            #expect(detected < .seconds(5), "link loss took \(detected) to reach MQTT")
            // Meanwhile the zone opens; when the link returns, so does the fresh state.
            try await stage.panel("stall off")
            try await observer.waitFor(Self.panel, "online", timeout: .seconds(30))
            try await stage.panel("open 2")
            try await observer.waitFor("howalarming/home/zone/002/state", "ON")

            // The integrator stops: no link event can say so, the bridge's watch does.
            try await stage.stop("howalarming-envisalink")
            try await observer.waitFor(Self.panel, "offline", timeout: .seconds(15))
            try await stage.start("howalarming-envisalink", readyLine: "logged in")
            try await observer.waitFor(Self.panel, "online", timeout: .seconds(15))
        }
    }

    @Test func aBrokerRestartLosesNeitherStateNorCommandsAndRunsNoneTwice() async throws {
        try await BridgeStage.run { stage in
            let observer = stage.observer
            try await observer.waitFor(Self.state, "disarmed")
            let onlineBefore = observer.messages(on: "howalarming/home/bridge").filter { $0 == "online" }.count

            try await stage.broker.restart()
            // The bridge is back and says so (its will said offline when the connection broke).
            try await waitUntil("the bridge online again", timeout: .seconds(30)) {
                observer.messages(on: "howalarming/home/bridge").filter { $0 == "online" }.count > onlineBefore
            }
            try await stage.homeAssistantCommand("ARM_AWAY")
            try await observer.waitFor(Self.state, "armed_away")
            #expect(Self.commandEchoes(observer, code: "030") == 1)

            // Home Assistant restarts against a broker that lost the retained state: it announces
            // itself and gets everything again.
            try await stage.publish(Self.state, "", retain: true)
            try await observer.waitFor(Self.state, "")
            try await stage.publish("homeassistant/status", "online")
            try await observer.waitFor(Self.state, "armed_away")
            let late = try await MQTTObserver.start(
                python: stage.python, broker: stage.broker, user: BridgeStage.homeAssistant, filter: "howalarming/home/#")
            defer { late.stop() }
            try await late.waitFor(Self.state, "armed_away", timeout: .seconds(5))
            #expect(Self.commandEchoes(observer, code: "030") == 1, "a republication runs no command")
        }
    }

    @Test func commandsWaitingAtTheBrokerRunOnceOrAreRefusedWhenTheirAgeIsUnknown() async throws {
        try await BridgeStage.run { stage in
            let observer = stage.observer
            let refused = "howalarming/home/command/refused"
            try await observer.waitFor(Self.state, "disarmed")
            #expect(try await stage.stop() == .exited(0))

            // While the bridge is away: a retained command, a plain one without a timestamp, and
            // Home Assistant's (which carries when it was sent).
            try await stage.publish("howalarming/home/command", "arm_away", retain: true)
            try await stage.publish("howalarming/home/command", "arm_instant")
            try await stage.homeAssistantCommand("ARM_HOME")
            try await stage.startBridge()

            try await observer.waitFor(Self.state, "armed_home")
            try await waitUntil("two refusals") { observer.messages(on: refused).count >= 2 }
            let refusals = observer.messages(on: refused)
            #expect(refusals.contains { $0.contains("a retained command is refused") }, "\(refusals)")
            #expect(refusals.contains { $0.contains("backlog") && $0.contains("unknown age") }, "\(refusals)")
            #expect(Self.commandEchoes(observer, code: "031") == 1)
            #expect(Self.commandEchoes(observer, code: "030") == 0 && Self.commandEchoes(observer, code: "032") == 0)
            try await stage.publish("howalarming/home/command", "", retain: true)
        }
    }

    @Test func aBeanstalkdRestartLosesNoEventAndNoCommand() async throws {
        try await BridgeStage.run { stage in
            let observer = stage.observer
            try await observer.waitFor(Self.state, "disarmed")
            try await stage.beanstalkd.stop()
            // A command while the queue is down waits in the bridge, and the panel's events in
            // the integrator's spool.
            try await stage.homeAssistantCommand("ARM_AWAY")
            try await waitUntil("the bridge retrying the put") { stage.output().contains("cannot put a command on the queue") }
            try await stage.panel("open 2")
            try await stage.panel("close 2")
            try await stage.beanstalkd.restart()
            try await observer.waitFor("howalarming/home/zone/002/state", timeout: .seconds(30)) { $0 == "ON" }
            try await observer.waitFor("howalarming/home/zone/002/state", "OFF")
            try await observer.waitFor(Self.state, "armed_away", timeout: .seconds(30))
            #expect(Self.commandEchoes(observer, code: "030") == 1)
        }
    }

    @Test func twoSitesOnOneBrokerAreKeptApartByTheACL() async throws {
        try await BridgeStage.run { stage in
            let cabinConfig = stage.directory.appending("cabin.yaml")
            try BridgeStage.cabinBridge.password.write(
                toFile: stage.directory.appending("cabin-password"), atomically: true, encoding: .utf8)
            try stage.configuration(site: "cabin", tube: "mqtt-cabin", user: BridgeStage.cabinBridge, passwordFile: "cabin-password")
                .write(toFile: cabinConfig, atomically: true, encoding: .utf8)
            let owner = try await MQTTObserver.start(
                python: stage.python, broker: stage.broker, user: BridgeStage.cabinOwner, filter: "#")
            defer { owner.stop() }
            try await stage.startBridge(config: cabinConfig, name: "cabin-bridge")
            try await owner.waitFor("howalarming/cabin/p1/state", "disarmed")
            #expect(owner.latest("homeassistant/alarm_control_panel/howalarming_cabin/p1/config") != nil)

            // The cabin's owner may not command the home, and sees nothing of it.
            try await stage.publish("howalarming/home/p1/set", "ARM_AWAY", as: BridgeStage.cabinOwner)
            try await stage.publish("howalarming/cabin/command", "arm_awayy", as: BridgeStage.cabinOwner)
            try await stage.observer.waitFor("howalarming/cabin/command/refused") { $0.contains("unknown command") }
            #expect(stage.observer.messages(on: "howalarming/home/p1/set").isEmpty, "the broker dropped the forbidden command")
            #expect(owner.messages.allSatisfy { $0.topic.contains("cabin") }, "\(Set(owner.messages.map(\.topic)))")
            #expect(stage.observer.latest(Self.state) == "disarmed")
        }
    }
}
