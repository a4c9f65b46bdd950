import AlarmCore
import AlarmState
import Testing

/// A partition's door chime, keypad LEDs and sounding, from the panel's own messages through the event mapper.
@Suite struct PartitionKeypadTests {
    @Test func theChimeFollowsTheLastReportAndALateOneDoesNotUndoIt() throws {
        var events = PanelEvents()
        var state = PanelState()
        let earlierOn = try events.panel("6632")
        #expect(state.apply(try events.panel("6642")).contains(.partition(2, .unknown)))
        #expect(state.activities[2]?.chime?.on == false)
        _ = state.apply(earlierOn)
        #expect(state.activities[2]?.chime?.on == false, "a late copy of an older 663 changes nothing")
        #expect(state.apply(try events.panel("6632")) == [.partition(2, .unknown)])
        #expect(state.activities[2]?.chime?.on == true)
        #expect(state.activities[1]?.chime == nil, "each partition has its own")
    }

    @Test func partitionOnesLEDsAreThePanels() throws {
        var events = PanelEvents()
        var state = PanelState()
        _ = apply([try events.panel("6501"), try events.panel("51081"), try events.panel("51110")], to: &state)
        let activity = try #require(state.activities[1])
        let indicators = activity.keypadIndicators(bypass: false)
        #expect(indicators.source == .panel)
        #expect(indicators.lit.names == ["ready", "backlight"] && indicators.flashing.names == ["trouble"])
        #expect(activity.keypad.sounding == .none, "the trouble LED only flashes: the steady one is off")
        _ = state.apply(try events.panel("51091"))
        #expect(state.activities[1]?.keypad.sounding == .trouble)
    }

    @Test func anotherPartitionsLEDsAndSoundingAreDerivedFromItsEvents() throws {
        var events = PanelEvents()
        var state = PanelState()
        let derived = { (state: PanelState) in state.activities[2]?.keypadIndicators(bypass: false) }
        _ = state.apply(try events.panel("6502"))
        #expect(derived(state)?.lit.names == ["ready"])
        #expect(derived(state)?.source == .derived)
        _ = state.apply(try events.panel("6562"))
        #expect(derived(state)?.lit.names == ["armed"], "not ready while arming")
        #expect(state.activities[2]?.keypad.sounding == .exitDelay)
        _ = apply([try events.panel("65220"), try events.panel("6572")], to: &state)
        #expect(state.activities[2]?.keypad.sounding == .entryDelay)
        _ = apply([try events.panel("6012001"), try events.panel("6542")], to: &state)
        #expect(state.activities[2]?.keypad.sounding == .alarm)
        #expect(derived(state)?.lit.names == ["armed", "memory"])
        _ = apply([try events.panel("8402"), try events.panel("6552")], to: &state)
        #expect(state.activities[2]?.keypad.sounding == .trouble, "disarming ends the alarm; the trouble beeps stay")
        #expect(derived(state)?.lit.names == ["memory", "trouble"])
        #expect(state.activities[2]?.keypadIndicators(bypass: true).lit.names == ["memory", "bypass", "trouble"])
        _ = state.apply(try events.panel("8412"))
        #expect(state.activities[2]?.keypad.sounding == PartitionKeypad.Sounding.none)
    }
}
