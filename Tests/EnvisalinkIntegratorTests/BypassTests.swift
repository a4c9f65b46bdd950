import AlarmCore
import EnvisalinkSimulator
import EnvisalinkTPI
import Foundation
import TestSupport
import Testing

/// `bypass` and `unbypass` against the simulated panel: keys through its `*1` menu, paced as its
/// keybus needs, and the response checked against its bypass report (`616`).
@Suite("Zone bypass against the simulated panel")
struct BypassTests {
    /// The simulated panel's zones 5 and 6 besides the harness's two, and zone 9 in partition 2.
    static func panel(keypadGap: Duration) -> (inout SimulatorConfiguration) -> Void {
        { panel in
            panel.partitionCount = 2
            panel.zones += [
                SimulatedZone(number: 5, name: "Upstairs motion"), SimulatedZone(number: 6, name: "Hall motion"),
                SimulatedZone(number: 9, name: "Garage", partition: 2),
            ]
            panel.keypadGap = keypadGap
        }
    }

    /// The integrator's zone names and bypass settings.
    static func integrator(keypressGap: Duration) -> (inout HowAlarmingConfig) -> Void {
        { configuration in
            configuration.envisalink?.zones = [1: "Front door", 5: "Upstairs motion", 6: "Hall motion", 9: "Garage"]
            configuration.envisalink?.bypass.profiles = ["night": [5, 6]]
            configuration.envisalink?.bypass.keypressGap = keypressGap
        }
    }

    /// Sends `json` (with a fresh id) and returns the events up to its response.
    static func run(_ json: String, on harness: IntegratorHarness) async throws -> (response: AlarmEvent, events: [AlarmEvent]) {
        let id = UUID()
        try await harness.send("{" + #""id":"\#(id.uuidString.lowercased())","# + json.dropFirst())
        let events = try await harness.events(until: "the response to \(json)") { $0.type == .response && $0.commandID == id }
        return (try #require(events.last), events)
    }

    /// The key strings the panel received (`071` data without the partition), in order.
    static func keyStrings(_ harness: IntegratorHarness) async -> [String] {
        await harness.panel.simulator.observation.received.filter { $0.code == "071" }.map { String($0.data.dropFirst()) }
    }

    @Test func bypassesTwoZonesPacedAndChecksTheReport() async throws {
        try await IntegratorHarness.run(
            configurePanel: Self.panel(keypadGap: .milliseconds(800)), configure: Self.integrator(keypressGap: .milliseconds(800))
        ) { harness in
            try await harness.waitForLogin()
            let start = ContinuousClock.now
            let (response, events) = try await Self.run(#"{"code":"bypass","zones":[5,6]}"#, on: harness)
            #expect(response.code == "500", "\(response.message)")
            #expect(response.message == "Bypassed: Upstairs motion, Hall motion")
            #expect(events.contains { $0.type == .command && $0.code == "071" && $0.message == "Sending bypass of Upstairs motion, Hall motion to the panel" })
            // The panel's report, as an event too (the reporter may publish it before or after the response).
            let both = { (event: AlarmEvent) in event.code == "616" && event.message.contains("Upstairs motion, Hall motion") }
            if !events.contains(where: both) {
                _ = try await harness.events(until: "the bypass report", both)
            }
            // The state was unknown: *1# asked for it; then the toggles, in two frames of at most 6 keys, each
            // one after the gap: never refused (no frame sent twice).
            #expect(await Self.keyStrings(harness) == ["*1#", "*10506", "#"])
            #expect(ContinuousClock.now - start >= .milliseconds(1600))

            let again = try await Self.run(#"{"code":"bypass","profile":"night"}"#, on: harness)
            #expect(again.response.code == "500" && again.response.message == "Bypassed: Upstairs motion, Hall motion (already)")
            let off = try await Self.run(#"{"code":"unbypass","zones":[6]}"#, on: harness)
            #expect(off.response.code == "500" && off.response.message == "Not bypassed: Hall motion", "\(off.response.message)")
            #expect(await Self.keyStrings(harness) == ["*1#", "*10506", "#", "*106#"])
        }
    }

    @Test func aPanelThatWantsACodeForBypassingGetsTheMasterCodeAfterTheMenuKeyAlone() async throws {
        try await IntegratorHarness.run(
            configurePanel: { panel in
                Self.panel(keypadGap: .milliseconds(300))(&panel)
                panel.bypassCodeRequired = true
            },
            configure: { configuration in
                Self.integrator(keypressGap: .milliseconds(300))(&configuration)
                configuration.envisalink?.bypass.codeRequired = true
            }
        ) { harness in
            try await harness.waitForLogin()
            // The events are checked for the codes as they are read (readEvents).
            let (response, _) = try await Self.run(#"{"code":"bypass","zones":[5,6]}"#, on: harness)
            #expect(response.code == "500" && response.message == "Bypassed: Upstairs motion, Hall motion", "\(response.message)")
            // *1 alone, answered 900 and 200 + code_master each time, then the keys: *1# for the
            // unknown state, then the toggles.
            #expect(await Self.keyStrings(harness) == ["*1", "#", "*1", "0506#"])
            let codes = await harness.panel.simulator.observation.received.filter { $0.code == "200" }.map(\.data)
            let answeredWithTheMasterCode = codes.count == 2 && codes.allSatisfy { $0 == IntegratorHarness.masterCode }
            #expect(answeredWithTheMasterCode, "each 900 answered once with code_master (\(codes.count) answers)")
            let off = try await Self.run(#"{"code":"unbypass","zones":[6]}"#, on: harness)
            #expect(off.response.code == "500" && off.response.message == "Not bypassed: Hall motion", "\(off.response.message)")
        }
    }

    @Test func keysTooFastForThePanelAreRefusedThenSentAgain() async throws {
        // The integrator's gap is shorter than the panel's: the panel refuses frames (502010), and
        // they go again until taken, never counted twice. The first frame is refused whatever the
        // timing (a loaded machine may space the others out past the panel's gap).
        try await IntegratorHarness.run(
            configurePanel: Self.panel(keypadGap: .milliseconds(700)), configure: Self.integrator(keypressGap: .milliseconds(100))
        ) { harness in
            try await harness.waitForLogin()
            #expect(await harness.panel.control("fail 071 010").hasPrefix("ok"))
            let (response, events) = try await Self.run(#"{"code":"bypass","profile":"night","partition":1}"#, on: harness)
            #expect(response.code == "500" && response.message == "Bypassed: Upstairs motion, Hall motion", "\(response.message)")
            let keys = await Self.keyStrings(harness)
            #expect(keys.count > 3, "the panel should have refused some frames: \(keys)")
            #expect(Array(Set(keys)).sorted() == ["#", "*1#", "*10506"])
            #expect(!events.contains { $0.type == .fault && $0.code == "panel" }, "a refused key frame is the command's, not a panel fault")
        }
    }

    @Test func refusalsAndZonesThePanelDidNotBypass() async throws {
        try await IntegratorHarness.run(
            configurePanel: Self.panel(keypadGap: .zero), configure: Self.integrator(keypressGap: .milliseconds(100))
        ) { harness in
            try await harness.waitForLogin()
            let unknownProfile = try await Self.run(#"{"code":"bypass","profile":"day"}"#, on: harness)
            #expect(unknownProfile.response.code == "refused")
            #expect(unknownProfile.response.message.contains("no bypass profile day in envisalinkd.bypass.profiles (night)"))
            let unnamed = try await Self.run(#"{"code":"bypass","zones":[5,7]}"#, on: harness)
            #expect(unnamed.response.code == "refused" && unnamed.response.message.contains("zone 7 not in envisalinkd.zones"))
            #expect(await Self.keyStrings(harness).isEmpty, "a refused bypass sends no keys")

            // Zone 9 is partition 2's: partition 1's menu leaves it as it is.
            let other = try await Self.run(#"{"code":"bypass","zones":[5,9]}"#, on: harness)
            #expect(other.response.code == "failed", "\(other.response.message)")
            #expect(other.response.message.hasPrefix("Not bypassed: Garage, by the panel's bypass report"))
            let right = try await Self.run(#"{"code":"bypass","zones":[9],"partition":2}"#, on: harness)
            #expect(right.response.code == "500" && right.response.message == "Bypassed: Garage")
        }
    }

    @Test func aLinkLostAfterTheKeysWentOutIsUnknownAndNotSentAgain() async throws {
        try await IntegratorHarness.run(
            configurePanel: Self.panel(keypadGap: .zero), configure: Self.integrator(keypressGap: .milliseconds(100))
        ) { harness in
            try await harness.waitForLogin()
            _ = try await Self.run(#"{"code":"bypass","zones":[5]}"#, on: harness)
            #expect(await harness.panel.control("drop-after 071").hasPrefix("ok"))
            let (response, _) = try await Self.run(#"{"code":"bypass","zones":[6]}"#, on: harness)
            #expect(response.code == "unknown", "\(response.message)")
            #expect(response.message.contains("not sent again"))
            try await harness.waitForLogin()
            // After the link came back, the next bypass asks for the state again (it may have changed).
            let (next, _) = try await Self.run(#"{"code":"unbypass","zones":[5]}"#, on: harness)
            #expect(next.code == "500", "\(next.message)")
            #expect(await Self.keyStrings(harness) == ["*1#", "*105#", "*106#", "*1#", "*105#"])
        }
    }

    /// The integrator keying 300 ms apart, bypassing the profile `night` again after each disarm.
    private static func reapplyingNight(_ configuration: inout HowAlarmingConfig) {
        integrator(keypressGap: .milliseconds(300))(&configuration)
        configuration.envisalink?.bypass.reapplyAfterDisarm = "night"
    }

    @Test func theProfileIsBypassedAgainAfterEachDisarm() async throws {
        try await IntegratorHarness.run(
            configurePanel: Self.panel(keypadGap: .milliseconds(300)),
            configure: Self.reapplyingNight
        ) { harness in
            try await harness.waitForLogin()
            let (bypassed, _) = try await Self.run(#"{"code":"bypass","profile":"night"}"#, on: harness)
            #expect(bypassed.code == "500", "\(bypassed.message)")
            _ = try await Self.run(#"{"code":"arm"}"#, on: harness)
            _ = try await harness.events(until: "armed") { $0.type == .armed }
            _ = try await Self.run(#"{"code":"disarm"}"#, on: harness)
            // The panel cleared the bypasses as it disarmed; the integrator queues the profile again.
            let again = try await harness.events(until: "the profile bypassed again") {
                $0.type == .response && $0.message == "Bypassed: Upstairs motion, Hall motion"
            }
            let echo = again.first { $0.type == .command && $0.code == "071" }
            #expect(echo?.message == "Sending bypass of Upstairs motion, Hall motion to the panel")
            // The state was unknown after the disarm: asked for with *1#, then both zones toggled.
            #expect(await Self.keyStrings(harness) == ["*1#", "*10506", "#", "*1#", "*10506", "#"])
        }
    }

    /// The disarm comes while beanstalkd is away: the profile is queued as soon as it is back.
    @Test func theProfileIsBypassedAgainWhenBeanstalkdWasAwayAtTheDisarm() async throws {
        let logs = RecordedLogs()
        try await IntegratorHarness.run(
            logger: logs.logger,
            configurePanel: Self.panel(keypadGap: .milliseconds(300)),
            configure: Self.reapplyingNight
        ) { harness in
            try await harness.waitForLogin()
            try await harness.server.stop()
            // The panel says partition 1 was disarmed (it was not armed: the bypass can be keyed).
            #expect(await harness.panel.control("send 6551").hasPrefix("ok"))
            try await waitUntil("the integrator to find beanstalkd away as it queues the profile") {
                logs.entries.contains { $0.message.hasPrefix("cannot queue the bypass profile after a disarm") }
            }
            try await harness.server.restart()
            let again = try await harness.events(until: "the profile bypassed again", timeout: .seconds(30)) {
                $0.type == .response && $0.message == "Bypassed: Upstairs motion, Hall motion"
            }
            #expect(again.last?.code == "500")
        }
    }

    /// Also on a panel that wants a code for bypassing (`codeRequired`): the master code then goes
    /// to the panel, and still into no log.
    @Test(arguments: [false, true])
    func theCLIBypassesThroughTheExecutablesAgainstAPacedPanel(codeRequired: Bool) async throws {
        try await withTemporaryDirectory { directory in
            try await withBinloggedBeanstalkd { server in
                let simulator = try ProcessRunner.start(try Executables.path("envisalink-simulator"), arguments: [
                    "--port", "0", "--password", IntegratorHarness.password, "--master-code", IntegratorHarness.masterCode,
                    "--zone", "1=Front door", "--zone", "5=Upstairs motion", "--zone", "6=Hall motion",
                    "--keypad-gap", "0.5", "--no-stdin-control",
                ] + (codeRequired ? ["--bypass-code-required"] : []))
                let tpiPort = try SimulatorProcess.port(in: try await simulator.awaitLine(containing: "tpi listening on"))
                let config = try IntegratorHarness.writeExecutableConfig(
                    in: directory, server: server, panelPort: tpiPort, eventTube: "log",
                    extra: #"zones: {"001": Front door, "005": Upstairs motion, "006": Hall motion}"#
                        + "\n  bypass: {profiles: {night: [5, 6]}, keypress_gap: 0.5, code_required: \(codeRequired)}")
                let integrator = try ProcessRunner.start(
                    try Executables.path("howalarming-envisalink"), arguments: ["--config", config, "--log-level", "trace"])
                let cli = try Executables.path("howalarming")
                let tube = try TubeName("log")
                _ = try await readEvents(from: server, tube: tube, until: "the status dump") { $0.code == "510" }

                for (arguments, answer) in [
                    (["send", "bypass", "5", "6"], "Bypassed: Upstairs motion, Hall motion"),
                    (["send", "unbypass", "--profile", "night"], "Not bypassed: Upstairs motion, Hall motion"),
                ] {
                    let send = try await ProcessRunner.run(cli, arguments: arguments + ["--config", config])
                    #expect(send.status.isSuccess, "\(send)")
                    let id = UUID(uuidString: send.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
                    let events = try await readEvents(from: server, tube: tube, until: "the response") {
                        $0.type == .response && $0.commandID == id
                    }
                    #expect(events.last?.code == "500" && events.last?.message == answer, "\(events.last?.message ?? "")")
                }
                let refused = try await ProcessRunner.run(cli, arguments: ["send", "bypass", "--config", config])
                #expect(!refused.status.isSuccess && refused.stderr.contains("bypass needs zones or a profile"), "\(refused)")

                integrator.signal(SIGTERM)
                #expect(try await integrator.waitForExit(timeout: .seconds(10)) == .exited(0))
                simulator.signal(SIGTERM)
                _ = try await simulator.waitForExit(timeout: .seconds(10))
                let logs = [integrator.standardOutput, integrator.standardError, simulator.standardOutput, simulator.standardError]
                    .map { String(decoding: $0, as: UTF8.self) }.joined()
                // The simulator's pace was kept: it never refused a key frame (the trace log would show 502 010).
                let overrun = logs.contains("502 010")
                #expect(!overrun, "the panel refused keys sent too fast")
                let leaked = logs.contains(IntegratorHarness.password) || logs.contains(IntegratorHarness.masterCode)
                #expect(!leaked, "a secret leaked into a log")
            }
        }
    }
}
