import AlarmCore
import AlarmState
import Testing

/// Partitions through arming, alarms and disarming, as the integrator reports them.
@Suite struct PartitionStateTests {
    @Test func armingAwayGoesThroughExitDelayAndAnAlarmEndsInDisarmed() throws {
        var events = PanelEvents()
        var state = PanelState()
        #expect(state.apply(try events.panel("6501")) == [.partition(1, .ready), .link(up: true)])
        #expect(state.apply(try events.panel("6561")) == [.partition(1, .exitDelay)])
        #expect(state.apply(try events.panel("65210")) == [.partition(1, .armedAway)])
        #expect(state.apply(try events.panel("6571")) == [.partition(1, .entryDelay)])
        events.timestamp += 30
        let alarm = state.apply(try events.panel("6011001"))
        #expect(alarm.first == .partition(1, .alarm))
        #expect(state.apply(try events.panel("6541")) == [])
        #expect(state.apply(try events.panel("6551")) == [.partition(1, .ready)])
        #expect(state.apply(try events.panel("6511")) == [.partition(1, .notReady)])
        #expect(state.partitions == [1: .notReady])
    }

    @Test(arguments: [
        ("65210", PartitionState.armedAway, "armed_away"), ("65211", .armedStay, "armed_stay"),
        ("65212", .armedZeroEntryAway, "armed_away"), ("65213", .armedZeroEntryStay, "armed_stay"),
        ("65219", .armed, "armed"),
    ])
    func theArmingModeComesFromThe652(line: String, expected: PartitionState, console: String) throws {
        var events = PanelEvents()
        var state = PanelState()
        _ = state.apply(try events.panel(line))
        #expect(state.partitions[1] == expected)
        #expect(expected.consoleName == console)
    }

    /// The console's `partitionState` (model.js) for the same events, step by step.
    @Test func theConsoleShowsTheSameStates() throws {
        var events = PanelEvents()
        var state = PanelState()
        let steps: [(String, String)] = [
            ("6502", "ready"), ("6512", "not_ready"), ("6532", "ready"), ("6562", "exit_delay"), ("65221", "armed_stay"),
            ("6572", "entry_delay"), ("6552", "ready"), ("6562", "exit_delay"), ("6592", "ready"), ("6562", "exit_delay"),
            ("6722", "ready"), ("65222", "armed_away"), ("6542", "alarm"), ("6552", "ready"),
        ]
        for (line, console) in steps {
            _ = state.apply(try events.panel(line))
            #expect(state.partitions[2]?.consoleName == console, "after \(line)")
        }
    }

    @Test func otherEventsNamingAPartitionMakeItKnownOnly() throws {
        var events = PanelEvents()
        var state = PanelState()
        #expect(state.apply(try events.panel("6633")) == [.partition(3, .unknown), .link(up: true)])
        #expect(state.apply(try events.panel("6643")) == [.partition(3, .unknown)], "the chime changed: the same state again")
        #expect(state.apply(try events.panel("6703")) == [])
        #expect(state.apply(try events.panel("6553")) == [.partition(3, .disarmed)])
    }

    @Test func anEventWithoutAPartitionConcernsPartitionOne() throws {
        // The original Python integrator's events name no partition.
        var state = PanelState()
        let old = try AlarmEvent.decode(json: #"{"type": "armed", "code": "652", "message": "armed", "raw": "", "timestamp": "1199145600"}"#)
        #expect(state.apply(old) == [.partition(1, .armed), .link(up: true)])
    }

    @Test func repeatsAndLateCopiesChangeNothing() throws {
        var events = PanelEvents()
        var state = PanelState()
        let ready = try events.panel("6501")
        let exitDelay = try events.panel("6561")
        let armed = try events.panel("65210")
        _ = apply([ready, exitDelay, armed], to: &state)
        #expect(state.apply(armed) == [])
        #expect(state.apply(exitDelay) == [], "a late copy of the exit delay must not undo the arming")
        #expect(state.apply(ready) == [])
        #expect(state.apply(try events.panel("65210")) == [], "the same state again")
        #expect(state.partitions == [1: .armedAway])
    }

    @Test func eventsFromOtherSourcesApplyInArrivalOrder() throws {
        var state = PanelState()
        let disarmed = AlarmEvent(type: .disarmed, code: "655", timestamp: 1, source: "a", sequence: 9, partition: 1)
        let armed = AlarmEvent(type: .armed, code: "652", message: "Partition 1 armed (away)", timestamp: 2, source: "b", sequence: 1, partition: 1)
        _ = apply([disarmed, armed], to: &state)
        #expect(state.partitions[1] == .armedAway)
    }
}

/// Jobs come back late and twice (released, retried): the order of arrival must not matter.
@Suite struct ArrivalOrderTests {
    @Test(arguments: 0..<40)
    func anyOrderWithRepeatsEndsInTheStateOfTheEventsOrder(seed: UInt64) throws {
        var events = PanelEvents()
        let lines = [
            "6501", "609001", "6011003", "802", "6561", "65210", "610001", "6571", "6541", "6021003", "6032003",
            "6160100000000000000", "803", "6551", "84902", "6511", "605004", "6160000000000000000", "606004", "65211",
        ]
        let inOrder = try lines.map { try events.panel($0) }
            + [try events.link(up: false), try events.link(up: true)]
        var expected = PanelState()
        _ = apply(inOrder, to: &expected)

        var generator = SeededGenerator(seed: seed)
        let arrivals = (inOrder + inOrder.filter { _ in Bool.random(using: &generator) }).shuffled(using: &generator)
        var state = PanelState()
        _ = apply(arrivals, to: &state)
        #expect(state.partitions == expected.partitions)
        #expect(state.zones.mapValues(\.flags) == expected.zones.mapValues(\.flags))
        #expect(state.troubles == expected.troubles)
        #expect(state.linkUp == expected.linkUp)
    }
}

extension ZoneState {
    /// The zone's flags, without the time they changed (which depends on when each event came).
    var flags: [Bool] { [open, alarm, tamper, fault, bypassed] }
}

/// A small deterministic generator (SplitMix64), so that a failing order can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
