import AlarmCore
import enum AlarmState.Trouble
import Foundation
import Testing

@testable import CommandAPI

/// The state derived from events, without a database or a queue.
@Suite struct PanelStateTests {
    private func event(
        _ type: EventType, _ code: String, partition: Int? = nil, zone: Int? = nil, zoneName: String? = nil,
        source: String? = "panel", sequence: UInt64? = nil, timestamp: Int64 = 1_700_000_000, message: String = "",
        raw: String = ""
    ) -> AlarmEvent {
        AlarmEvent(
            type: type, code: code, message: message, raw: raw, timestamp: timestamp, source: source, sequence: sequence,
            partition: partition, zone: zone, zoneName: zoneName)
    }

    private func state(_ events: [AlarmEvent]) -> PanelState {
        var state = PanelState()
        for event in events { state.apply(event) }
        return state
    }

    @Test func nothingIsKnownBeforeTheFirstEvent() {
        let state = PanelState()
        #expect(state.partitions.isEmpty)
        #expect(state.openZones.isEmpty)
        #expect(state.activeTroubles.isEmpty)
        #expect(state.link == nil)
    }

    @Test func armingFollowsArmedDisarmedAndAlarm() {
        let armed = state([event(.armed, "652", partition: 1, message: "Partition 1 armed (away)")])
        #expect(armed.partitions[1]?.value == .armed)
        #expect(armed.partitions[1]?.message == "Partition 1 armed (away)")
        let alarm = state([event(.armed, "652", partition: 1), event(.alarm, "654", partition: 1, timestamp: 1_700_000_100)])
        #expect(alarm.partitions[1]?.value == .alarm)
        #expect(alarm.partitions[1]?.since == 1_700_000_100)
        let zoneAlarm = state([event(.alarm, "601", partition: 2, zone: 5)])
        #expect(zoneAlarm.partitions[2]?.value == .alarm)
        let disarmed = state([event(.alarm, "654", partition: 1), event(.disarmed, "655", partition: 1)])
        #expect(disarmed.partitions[1]?.value == .disarmed)
    }

    @Test func otherAlarmsDoNotPutThePartitionInAlarm() {
        let state = state([event(.disarmed, "655", partition: 1), event(.alarm, "670", partition: 1)])
        #expect(state.partitions[1]?.value == .disarmed)
    }

    @Test func eventsWithoutAPartitionConcernPartitionOne() {
        let state = state([event(.armed, "123", source: nil)])
        #expect(state.partitions[1]?.value == .armed)
    }

    @Test func aPartitionSeenOnlyInOtherEventsIsUnknownUntilArmed() {
        let seen = state([event(.info, "657", partition: 3, sequence: 6)])
        #expect(seen.partitions[3]?.value == .unknown)
        // An older arming event from the same source still says more than "seen".
        let armedLate = state([event(.info, "657", partition: 3, sequence: 6), event(.armed, "652", partition: 3, sequence: 5)])
        #expect(armedLate.partitions[3]?.value == .armed)
    }

    @Test(arguments: ["650", "651", "653"])
    func theReadyCodesSayThePartitionIsDisarmed(code: String) {
        // What the panel answers to the integrator's status request after a login.
        let ready = state([event(.info, code, partition: 2, sequence: 3)])
        #expect(ready.partitions[2]?.value == .disarmed)
        // They are arming facts like the others: a later armed event wins, an older one does not.
        let armedLater = state([event(.info, code, partition: 2, sequence: 3), event(.armed, "652", partition: 2, sequence: 4)])
        #expect(armedLater.partitions[2]?.value == .armed)
        let armedEarlier = state([event(.info, code, partition: 2, sequence: 3), event(.armed, "652", partition: 2, sequence: 2)])
        #expect(armedEarlier.partitions[2]?.value == .disarmed)
    }

    @Test func aLateOlderEventDoesNotRollTheStateBack() {
        let state = state([
            event(.armed, "652", partition: 1, sequence: 10),
            event(.disarmed, "655", partition: 1, sequence: 11),
            event(.armed, "652", partition: 1, sequence: 10),  // a retried copy arriving late
        ])
        #expect(state.partitions[1]?.value == .disarmed)
    }

    @Test func eventsOfOtherSourcesOrWithoutSequenceApplyInArrivalOrder() {
        let otherSource = state([
            event(.disarmed, "655", partition: 1, source: "a", sequence: 100),
            event(.armed, "652", partition: 1, source: "b", sequence: 1),
        ])
        #expect(otherSource.partitions[1]?.value == .armed)
        let noSequence = state([
            event(.disarmed, "655", partition: 1, sequence: 100), event(.armed, "652", partition: 1, sequence: nil),
        ])
        #expect(noSequence.partitions[1]?.value == .armed)
    }

    @Test func zonesOpenAndClose() {
        let state = state([
            event(.info, "609", partition: 1, zone: 5, zoneName: "Front door", timestamp: 10),
            event(.info, "609", partition: 1, zone: 2, zoneName: "Hall", timestamp: 11),
            event(.info, "610", partition: 1, zone: 2, zoneName: "Hall", timestamp: 12),
        ])
        #expect(state.openZones.map(\.zone) == [5])
        #expect(state.openZones.first?.fact.value.name == "Front door")
        #expect(state.openZones.first?.fact.since == 10)
        #expect(state.zones[2]?.value.open == false)
    }

    @Test func theLastBypassReportGivesTheBypassedZones() {
        func report(_ raw: String, sequence: UInt64, timestamp: Int64) -> AlarmEvent {
            AlarmEvent(type: .info, code: "616", message: "Bypassed zones", raw: raw, timestamp: timestamp, source: "panel", sequence: sequence)
        }
        #expect(state([]).bypassedZones == nil)
        let bypassed = state([report("616 1000000000000080", sequence: 1, timestamp: 10)])
        #expect(bypassed.bypassedZones?.value == [5, 64] && bypassed.bypassedZones?.since == 10)
        let cleared = state([report("616 1000000000000080", sequence: 1, timestamp: 10), report("616 0000000000000000", sequence: 2, timestamp: 11)])
        #expect(cleared.bypassedZones?.value == [])
        let late = state([report("616 0000000000000000", sequence: 2, timestamp: 11), report("616 1000000000000080", sequence: 1, timestamp: 10)])
        #expect(late.bypassedZones?.value == [], "an older report does not roll the list back")
        #expect(state([event(.fault, "616")]).bypassedZones == nil, "only the info report counts")
    }

    @Test func troublesOpenAndRestoreByTheirPairedCodesUnderTheirNames() {
        let state = state([
            event(.fault, "802", message: "AC power lost"),
            event(.fault, "800", message: "Panel battery trouble"),
            event(.recovery, "801", message: "Panel battery restored"),
            event(.fault, "840", partition: 2, message: "Partition 2 trouble LED on"),
            event(.fault, "832", zone: 9, message: "Wireless zone low battery: zone 009"),
            event(.fault, "831", message: "Home automation trouble"),
            event(.recovery, "832", message: "Home automation restored"),
            event(.fault, "812", message: "Phone line 2 trouble"),
            event(.alarm, "603", partition: 1, zone: 3, message: "Zone tamper: zone 003"),
            event(.fault, "896", message: "Keybus fault"),
            event(.fault, "659", partition: 1, message: "Partition 1 failed to arm"),
        ])
        #expect(state.activeTroubles.map(\.key) == [
            TroubleKey(.acPower), TroubleKey(.phoneLine2), TroubleKey(.troubleLight, partition: 2), TroubleKey(.keybus),
            TroubleKey(.zoneTamper, partition: 1, zone: 3), TroubleKey(.zoneLowBattery, zone: 9),
        ])
        #expect(state.activeTroubles.first?.fact.message == "AC power lost")
        #expect(state.activeTroubles.first?.fact.value.code == "802")
        let restored = self.state([
            event(.fault, "840", partition: 2, sequence: 1), event(.fault, "840", partition: 1, sequence: 2),
            event(.recovery, "841", partition: 2, sequence: 3),
        ])
        #expect(restored.activeTroubles.map(\.key) == [TroubleKey(.troubleLight, partition: 1)], "each partition's trouble light")
    }

    @Test func theVerboseTroubleStatusIsEachOfItsTroubles() {
        let open = state([event(.fault, "849", sequence: 1, message: "Trouble: service required, AC lost", raw: "849 83")])
        #expect(open.activeTroubles.map(\.key.trouble) == [.acPower, .serviceRequired, .lossOfTime])
        #expect(open.activeTroubles.allSatisfy { $0.fact.value.code == "849" && $0.fact.message == "Trouble: service required, AC lost" })
        #expect(open.troubles[TroubleKey(.phoneLine)]?.value.active == false, "a bit not set ends its trouble")
        let acBack = state([event(.fault, "849", sequence: 1, raw: "849 02"), event(.recovery, "803", sequence: 2)])
        #expect(acBack.activeTroubles.isEmpty, "the restore of the trouble ends what the 849 began")
        let cleared = state([event(.fault, "849", sequence: 1, raw: "849 02"), event(.info, "849", sequence: 2, raw: "849 00")])
        #expect(cleared.activeTroubles.isEmpty)
        let late = state([event(.info, "849", sequence: 2, raw: "849 00"), event(.fault, "849", sequence: 1, raw: "849 02")])
        #expect(late.activeTroubles.isEmpty, "an older 849 does not bring a trouble back")
    }

    @Test func aStateStoredBeforeTroubleNamesIsReadWithoutItsTroubles() throws {
        let stored = #"{"partitions":{},"zones":{},"troubles":[{"code":"802","zone":null},{"value":true,"since":1,"message":"AC","stamp":{"source":"panel","sequence":1}}]}"#
        let state = try JSONDecoder().decode(PanelState.self, from: Data(stored.utf8))
        #expect(state.activeTroubles.isEmpty)
    }

    @Test func thePanelLinkGoesDownAndUp() {
        let down = state([event(.fault, "link", source: "howalarming-envisalink", message: "Panel link lost: refused")])
        #expect(down.link?.value == .down)
        #expect(down.link?.message == "Panel link lost: refused")
        let up = state([event(.fault, "link"), event(.recovery, "link")])
        #expect(up.link?.value == .up)
        #expect(state([event(.info, "link")]).link == nil)
    }

    @Test func panelMessagesBringTheLinkUpButDoNotMoveItsSince() {
        let talking = state([
            event(.info, "510", sequence: 1, timestamp: 1_700_000_000),
            event(.info, "609", zone: 1, sequence: 2, timestamp: 1_700_000_050),
        ])
        #expect(talking.link?.value == .up)
        #expect(talking.link?.since == 1_700_000_000)
        #expect(talking.link?.message == PanelState.panelTalkingMessage)
        // A message the panel sent before the link was lost does not bring it back up.
        let lost = state([event(.fault, "link", sequence: 5), event(.info, "609", zone: 1, sequence: 4)])
        #expect(lost.link?.value == .down)
        // Commands and responses come from the integrator, not the panel.
        #expect(state([event(.command, "030"), event(.response, "030")]).link == nil)
    }

    @Test func theStateSurvivesEncoding() throws {
        let original = state([
            event(.armed, "652", partition: 1, sequence: 1), event(.info, "609", partition: 1, zone: 3, sequence: 2),
            event(.fault, "802", sequence: 3), event(.fault, "link", sequence: 4),
        ])
        let decoded = try JSONDecoder().decode(PanelState.self, from: try JSONEncoder().encode(original))
        #expect(decoded == original)
    }
}
