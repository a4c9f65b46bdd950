@testable import EnvisalinkSimulator
import EnvisalinkTPI
import Testing

@Suite("The panel model: reports, troubles, the clock and broadcasts")
struct PanelReportTests {
    @Test func statusReportCoversZonesPartitionsTroublesAndLEDs() {
        var panel = PanelModel.test(zones: 2) { $0.partitionCount = 2 }
        _ = panel.openZone(2)
        _ = panel.setTrouble(.acPower, on: true)
        #expect(panel.respond(to: "001").frames == [
            "500001", "610001", "609002", "6511", "6502", "8401", "8402", "84902", "51090",
        ])
        panel = PanelModel.test(zones: 1)
        panel.armAway()
        #expect(panel.respond(to: "001").frames == ["500001", "610001", "65210", "8411", "51082"])
    }

    @Test func zoneTimersAreLittleEndianAndCountDownEveryFiveSeconds() {
        var panel = PanelModel.test(zones: 3) { $0.zones.append(SimulatedZone(number: 64)) }
        let start = Moment.test
        _ = panel.openZone(1)
        _ = panel.openZone(2)
        _ = panel.closeZone(2, at: start)
        _ = panel.openZone(64)
        let later = Moment(instant: start.instant + .seconds(12), wallSeconds: start.wallSeconds + 12)
        let dump = panel.respond(to: "008", at: later).frames
        #expect(dump.count == 2)
        let timers = Array(dump[1].dropFirst(3))
        #expect(timers.count == 256)
        let zone = { (number: Int) in String(timers[(number - 1) * 4..<number * 4]) }
        #expect(zone(1) == "FFFF")
        #expect(zone(2) == "FCFF")  // 0xFFFE − 2 steps of 5 s = 0xFFFC, low byte first
        #expect(zone(3) == "0000")
        #expect(zone(64) == "FFFF")
    }

    @Test func bypassReportHasOneBitPerZoneLowestFirst() {
        var panel = PanelModel.test(zones: 16)
        #expect(panel.respond(to: "0711*101#").frames == ["500071", "6160100000000000000", "51089"])
        #expect(panel.respond(to: "0711*110#").frames == ["500071", "6160102000000000000"])
        #expect(panel.respond(to: "0711*101#").frames == ["500071", "6160002000000000000"])
        #expect(panel.respond(to: "0711*1#").frames == ["500071", "6160002000000000000"])
        #expect(panel.respond(to: "07111234").frames == ["500071"])  // other keys change nothing
    }

    @Test func troublesRaiseAndClearTheirMessagesAndRepeat849() {
        var panel = PanelModel.test()
        let raised = panel.setTrouble(.battery, on: true)
        #expect(raised.frames == ["800", "84901", "8401", "51091"])
        #expect(raised.startedTimers == [.troubleRepeat])
        #expect(panel.setTrouble(.battery, on: true) == [])
        #expect(panel.timerFired(.troubleRepeat, at: .test).frames == ["84901"])
        let cleared = panel.setTrouble(.battery, on: false)
        #expect(cleared.frames == ["801", "8411", "51081"])
        #expect(cleared.cancelledTimers == [.troubleRepeat])
        #expect(panel.timerFired(.troubleRepeat, at: .test) == [])
    }

    @Test func setTimeMovesThePanelClockForBroadcastsAndTimestamps() {
        var panel = PanelModel.test()
        #expect(panel.respond(to: "0100815123125").frames == ["500010"])
        #expect(panel.timestampPrefix(at: .test) == "08:15:00 ")
        let later = Moment(instant: Moment.test.instant, wallSeconds: Moment.test.wallSeconds + 3600 * 16)
        #expect(panel.panelTime(at: later).tpiData == "0015010126")  // past midnight into 2026

        #expect(panel.respond(to: "0561").startedTimers == [.timeBroadcast])
        #expect(panel.timerFired(.timeBroadcast, at: .test).frames == ["5500815123125"])
        #expect(panel.respond(to: "0560").cancelledTimers == [.timeBroadcast])
        #expect(panel.timerFired(.timeBroadcast, at: .test) == [])
    }

    @Test func panicKeysSendAlarmThenRestore() {
        var panel = PanelModel.test()
        #expect(panel.respond(to: "0601").frames == ["500060", "621", "622"])
        #expect(panel.respond(to: "0602").frames == ["500060", "623", "624"])
        #expect(panel.respond(to: "0603").frames == ["500060", "625", "626"])
    }

    @Test func pollsKeepAlivesKeysAndOutputsAreJustAcked() {
        var panel = PanelModel.test()
        for wire in ["000", "0741", "0705", "02011", "0571", "0551"] {
            #expect(panel.respond(to: wire).frames == ["500" + wire.prefix(3)])
        }
        #expect(panel.timestamps && panel.temperatureBroadcast)
    }
}
