import AlarmCore
import AlarmState
import Testing

/// Zones, troubles and the panel link, as the integrator reports them.
@Suite struct ZoneAndTroubleTests {
    private func zone(
        open: Bool = false, alarm: Bool = false, tamper: Bool = false, fault: Bool = false, bypassed: Bool = false,
        partition: Int? = nil, since: Int64
    ) -> ZoneState {
        var zone = ZoneState(since: since)
        zone.open = open
        zone.alarm = alarm
        zone.tamper = tamper
        zone.fault = fault
        zone.bypassed = bypassed
        zone.partition = partition
        return zone
    }

    @Test func zonesOpenCloseAndKeepTheirLastChange() throws {
        var events = PanelEvents()
        var state = PanelState()
        _ = state.apply(try events.panel("51081"))
        let opened = events.timestamp
        #expect(state.apply(try events.panel("609001")) == [.zone(1, zone(open: true, since: opened))])
        events.timestamp += 5
        #expect(state.apply(try events.panel("609001")) == [], "open again is no change, and keeps its time")
        #expect(state.zones[1]?.since == opened)
        #expect(state.apply(try events.panel("610001")) == [.zone(1, zone(since: opened + 5))])
        #expect(state.apply(try events.panel("610002")) == [.zone(2, zone(since: opened + 5))], "a first word on a zone")
    }

    @Test func alarmsTampersAndFaultsAreTheZonesToo() throws {
        var events = PanelEvents()
        var state = PanelState()
        _ = state.apply(try events.panel("51081"))
        let t = events.timestamp
        #expect(state.apply(try events.panel("6011003")) == [.partition(1, .alarm), .zone(3, zone(alarm: true, partition: 1, since: t))])
        #expect(state.apply(try events.panel("6021003")) == [.zone(3, zone(partition: 1, since: t))])
        #expect(state.apply(try events.panel("6032003")) == [.partition(2, .unknown), .zone(3, zone(tamper: true, partition: 2, since: t))])
        #expect(state.apply(try events.panel("605003")) == [.zone(3, zone(tamper: true, fault: true, partition: 2, since: t))])
        #expect(state.apply(try events.panel("606003")) == [.zone(3, zone(tamper: true, partition: 2, since: t))])
        #expect(state.apply(try events.panel("6042003")) == [.zone(3, zone(partition: 2, since: t))])
    }

    @Test func theBypassReportListsEveryBypassedZone() throws {
        var events = PanelEvents()
        var state = PanelState()
        _ = state.apply(try events.panel("609002"))
        let t = events.timestamp
        // Zones 1 and 64 bypassed; zone 2 is known and not.
        #expect(
            state.apply(try events.panel("6160100000000000080"))
                == [.zone(1, zone(bypassed: true, since: t)), .zone(64, zone(bypassed: true, since: t))])
        #expect(state.apply(try events.panel("6160100000000000080")) == [])
        #expect(
            state.apply(try events.panel("6160200000000000000"))
                == [.zone(1, zone(since: t)), .zone(2, zone(open: true, bypassed: true, since: t)), .zone(64, zone(since: t))])
    }

    @Test func troublesBeginAndEnd() throws {
        var events = PanelEvents()
        var state = PanelState()
        _ = state.apply(try events.panel("51081"))
        #expect(state.apply(try events.panel("802")) == [.trouble(.acPower, active: true)])
        #expect(state.apply(try events.panel("802")) == [])
        #expect(state.apply(try events.panel("803")) == [.trouble(.acPower, active: false)])
        #expect(state.apply(try events.panel("806")) == [.trouble(.bell, active: true)])
        #expect(state.apply(try events.panel("810")) == [.trouble(.phoneLine, active: true)])
        #expect(state.apply(try events.panel("812")) == [.trouble(.phoneLine2, active: true)], "line 2 is its own trouble")
        #expect(state.apply(try events.panel("811")) == [.trouble(.phoneLine, active: false)])
        let zoneFault = state.apply(try events.panel("605007"))
        #expect(!zoneFault.contains { if case .trouble = $0 { true } else { false } }, "a zone's fault is its flag, not the panel's trouble")
        #expect(state.apply(try events.panel("8401")) == [.trouble(.troubleLight, active: true)])
        #expect(state.apply(try events.panel("829")) == [.trouble(.systemTamper, active: true)])
        #expect(state.apply(try events.panel("832005")) == [], "a wireless zone's battery, not home automation")
        #expect(state.apply(try events.panel("832")) == [.trouble(.homeAutomation, active: false)])
        #expect(state.troubles[.acPower] == false && state.troubles[.bell] == true)
    }

    @Test func theVerboseTroubleStatusSetsEveryBit() throws {
        var events = PanelEvents()
        var state = PanelState()
        _ = state.apply(try events.panel("802"))
        let changes = state.apply(try events.panel("84901"))
        #expect(changes.count == 8)
        #expect(changes.contains(.trouble(.serviceRequired, active: true)))
        #expect(changes.contains(.trouble(.acPower, active: false)))
        #expect(changes.contains(.trouble(.lossOfTime, active: false)))
        #expect(state.apply(try events.panel("84900")) == [.trouble(.serviceRequired, active: false)])
        #expect(state.apply(try events.panel("84982")) == [.trouble(.acPower, active: true), .trouble(.lossOfTime, active: true)])
    }

    @Test func theLinkFollowsTheIntegratorAndThePanelsMessages() throws {
        var events = PanelEvents()
        var state = PanelState()
        #expect(state.linkUp == nil)
        #expect(state.apply(try events.link(up: false)) == [.link(up: false)])
        #expect(state.apply(try events.link(up: false)) == [])
        #expect(state.apply(try events.link(up: true)) == [.link(up: true)])
        #expect(state.apply(try events.link(up: false)) == [.link(up: false)])
        #expect(state.apply(try events.panel("6501")) == [.partition(1, .ready), .link(up: true)], "the panel talks: it is up")
        let response = try events.stamped(AlarmEvent(type: .response, code: "500", timestamp: 1))
        _ = state.apply(try events.link(up: false))
        #expect(state.apply(response) == [], "a response is the integrator's, not the panel's")
        #expect(state.linkUp == false)
    }

    @Test func unknownAndMalformedEventsChangeNothingAndNeverCrash() throws {
        var events = PanelEvents()
        var state = PanelState()
        _ = state.apply(try events.panel("51081"))
        let quiet: [AlarmEvent] = [
            try events.panel("999"),
            try events.panel("6011"),  // malformed: an unknown event with code 601 and no zone
            try events.stamped(AlarmEvent(type: .info, code: "616", raw: "616 zz", timestamp: 1)),
            try events.stamped(AlarmEvent(type: .info, code: "616", raw: "", timestamp: 1)),
            try events.stamped(AlarmEvent(type: .fault, code: "849", raw: "849 1", timestamp: 1)),
            try events.stamped(AlarmEvent(type: .info, code: "609", timestamp: 1)),
            try events.stamped(AlarmEvent(type: .command, code: "030", timestamp: 1, partition: 1)),
            try events.stamped(AlarmEvent(type: .fault, code: "panel", message: "Panel error", timestamp: 1)),
            try events.stamped(AlarmEvent(type: .unknown, code: "802", timestamp: 1)),
        ]
        let changes = apply(quiet, to: &state)
        #expect(changes == [])
        #expect(state.zones.isEmpty && state.troubles.isEmpty)
    }

    @Test func theCurrentStateIsEverythingKnown() throws {
        var events = PanelEvents()
        var state = PanelState()
        for line in ["6501", "609001", "802", "65210", "6160100000000000000"] { _ = state.apply(try events.panel(line)) }
        #expect(
            state.current == [
                .partition(1, .armedAway), .zone(1, zone(open: true, bypassed: true, since: events.timestamp)),
                .trouble(.acPower, active: true), .link(up: true),
            ])
    }
}
