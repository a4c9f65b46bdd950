import AlarmCore
import AlarmState
import Testing

/// Who armed or disarmed a partition last, and its alarm memory, as the bridge and the status keep them.
@Suite struct PartitionActivityTests {
    @Test func theUserIsKeptAndTheAlarmMemoryLastsUntilTheNextArming() throws {
        var events = PanelEvents()
        var state = PanelState()
        _ = apply([try events.panel("6561"), try events.panel("65210")], to: &state)
        #expect(state.apply(try events.panel("70010040")) == [.partition(1, .armedAway)], "who armed it changed")
        #expect(state.activities[1]?.changedBy?.text == "Anna (user 40)")
        #expect(state.activities[1]?.changedBy?.armed == true)

        _ = apply([try events.panel("6011002"), try events.panel("6541"), try events.panel("6011001")], to: &state)
        let copy = try events.panel("6011002")
        #expect(state.apply(copy) == [], "a zone already in the memory changes nothing")
        _ = apply([try events.panel("6021001"), try events.panel("6021002")], to: &state)
        let earlierClosing = try events.panel("70010040")
        _ = apply([try events.panel("75010007"), try events.panel("6551")], to: &state)
        #expect(state.apply(earlierClosing) == [], "a late copy of an older closing does not undo the opening")
        let activity = try #require(state.activities[1])
        #expect(activity.alarmMemory.map(\.number) == [2, 1], "kept after the zones restored and the partition was disarmed")
        #expect(activity.alarmMemory.map(\.text) == ["Hall PIR", "Front door"])
        #expect(activity.changedBy?.text == "user 7")
        #expect(activity.changedBy?.armed == false)

        let lateAlarm = try events.panel("6011001")
        #expect(state.apply(try events.panel("6561")) == [.partition(1, .exitDelay)])
        #expect(state.activities[1]?.alarmMemory == [], "arming again clears the memory")
        // An alarm event published before the arming and arriving after it stays cleared.
        _ = state.apply(lateAlarm)
        #expect(state.activities[1]?.alarmMemory == [])
    }

    @Test func aLateArmingClearsOnlyTheAlarmsBeforeIt() throws {
        var events = PanelEvents()
        let arming = try events.panel("6561")
        let laterAlarm = try events.panel("6011001")
        var activity = PartitionActivity()
        let added = activity.apply(laterAlarm)
        let cleared = activity.apply(arming)
        #expect(added)
        #expect(!cleared, "the zone alarmed after this arming: it stays")
        #expect(activity.alarmMemory.map(\.number) == [1])
    }
}
