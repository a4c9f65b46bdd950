import EnvisalinkTPI
@testable import EnvisalinkSimulator
import Testing

@Suite("The panel model: arming, entry delay, alarm, disarming")
struct PanelArmingTests {
    @Test func ackComesFirstThenTheResults() {
        var panel = PanelModel.test()
        let effects = panel.respond(to: "0301")
        #expect(effects.frames == ["500030", "6561", "51083"])
        #expect(effects.startedTimers == [.exitDelay(partition: 1)])
        #expect(panel.partitions[1] == .exitDelay(.away, .special))
    }

    @Test func exitDelayEndArmsWithASpecialClosing() {
        var panel = PanelModel.test()
        _ = panel.respond(to: "0311")
        let effects = panel.timerFired(.exitDelay(partition: 1), at: .test)
        #expect(effects.frames == ["65211", "7011", "51082"])
        #expect(panel.partitions[1] == .armed(.stay))
    }

    @Test func armingWithACodeClosesAsThatUser() {
        var panel = PanelModel.test { $0.userCodes = [12: "2468"] }
        #expect(panel.respond(to: "03312468").frames == ["500033", "6561", "51083"])
        #expect(panel.timerFired(.exitDelay(partition: 1), at: .test).frames == ["65210", "70010012", "51082"])
        #expect(panel.respond(to: "03311111").frames == ["502024"])  // already armed
    }

    @Test func notReadyRejectsWithoutChangingAnything() {
        var panel = PanelModel.test()
        _ = panel.openZone(2)
        let before = panel.partitions
        #expect(panel.respond(to: "0301") == [.send(SystemError.notReadyToArm.frame)])
        #expect(panel.partitions == before)
    }

    @Test func bypassedOpenZoneDoesNotBlockArming() {
        var panel = PanelModel.test()
        _ = panel.openZone(2)
        #expect(panel.respond(to: "0711*102#").frames == ["500071", "6160200000000000000", "6501", "51089"])
        #expect(panel.respond(to: "0301").frames == ["500030", "6561", "5108B"])
    }

    @Test func disarmingClearsTheBypassesOfThePartitionsZones() {
        var panel = PanelModel.test()
        _ = panel.openZone(2)
        _ = panel.respond(to: "0711*102#")
        _ = panel.respond(to: "0301")
        _ = panel.timerFired(.exitDelay(partition: 1), at: .test)
        #expect(panel.respond(to: "04011234").frames == ["500040", "75010040", "6551", "6511", "51080"])
        #expect(panel.respond(to: "0711*1#").frames == ["500071", "6160000000000000000"])
    }

    @Test func disarmChecksStateThenCode() {
        var panel = PanelModel.test()
        #expect(panel.respond(to: "04011234").frames == ["502023"])
        panel.armAway()
        #expect(panel.respond(to: "04019999").frames == ["500040", "6701"])
        #expect(panel.partitions[1] == .armed(.away))
        #expect(panel.respond(to: "04011234").frames == ["500040", "75010040", "6551", "6501", "51081"])
        #expect(panel.partitions[1] == .disarmed)
    }

    @Test func disarmingDuringTheExitDelayCancelsIt() {
        var panel = PanelModel.test()
        _ = panel.respond(to: "0301")
        let effects = panel.respond(to: "04011234")
        #expect(effects.cancelledTimers == [.exitDelay(partition: 1)])
        #expect(panel.timerFired(.exitDelay(partition: 1), at: .test) == [])
    }

    @Test func armedZoneOpeningRunsTheEntryDelayThenAlarms() {
        var panel = PanelModel.test()
        panel.armAway()
        let opened = panel.openZone(3)
        #expect(opened.frames == ["609003", "6571"])
        #expect(opened.startedTimers == [.entryDelay(partition: 1)])
        #expect(panel.openZone(4).frames == ["609004"])  // the entry delay is already running
        #expect(panel.timerFired(.entryDelay(partition: 1), at: .test).frames == ["6011003", "6541", "51086"])
        #expect(panel.openZone(1).frames == ["609001", "6011001"])
        #expect(panel.respond(to: "04011234").frames == ["500040", "75010040", "6551", "6511", "51084"])
        // The alarm memory lasts until the next arming.
        _ = panel.closeZone(1, at: .test)
        _ = panel.closeZone(3, at: .test)
        _ = panel.closeZone(4, at: .test)
        #expect(panel.respond(to: "0301").frames == ["500030", "6561", "51083"])
    }

    @Test func disarmingInTheEntryDelayPreventsTheAlarm() {
        var panel = PanelModel.test()
        panel.armAway()
        _ = panel.openZone(1)
        #expect(panel.respond(to: "04011234").cancelledTimers == [.entryDelay(partition: 1)])
        #expect(panel.timerFired(.entryDelay(partition: 1), at: .test) == [])
    }

    @Test func zeroEntryAlarmsAtOnce() {
        var panel = PanelModel.test()
        _ = panel.respond(to: "0321")
        _ = panel.timerFired(.exitDelay(partition: 1), at: .test)
        #expect(panel.openZone(2).frames == ["609002", "6011002", "6541", "51086"])
    }

    @Test func stayModeLeavesInteriorZonesUnarmed() {
        var panel = PanelModel.test { $0.zones[3].interior = true }
        _ = panel.respond(to: "0311")
        #expect(panel.timerFired(.exitDelay(partition: 1), at: .test).frames == ["65211", "7011", "5108A"])
        #expect(panel.openZone(4).frames == ["609004"])
        #expect(panel.openZone(1).frames == ["609001", "6571"])
    }

    @Test func zoneLeftOpenAtTheEndOfTheExitDelayStartsTheEntryDelay() {
        var panel = PanelModel.test()
        _ = panel.respond(to: "0301")
        _ = panel.openZone(2)  // walking out
        #expect(panel.timerFired(.exitDelay(partition: 1), at: .test).frames == ["65210", "7011", "6571"])
    }

    @Test func alarmZoneSkipsTheEntryDelay() throws {
        var panel = PanelModel.test()
        #expect(panel.alarmZone(1) == nil)
        panel.armAway()
        _ = panel.openZone(1)
        let alarmed = panel.alarmZone(2)
        let effects = try #require(alarmed)
        #expect(effects.frames == ["609002", "6011002", "6541", "51086"])
        #expect(effects.cancelledTimers == [.entryDelay(partition: 1)])
    }

    @Test func partitionsArmIndependently() {
        var panel = PanelModel.test { configuration in
            configuration.partitionCount = 2
            configuration.zones = [SimulatedZone(number: 1), SimulatedZone(number: 9, name: "Garage", partition: 2)]
        }
        _ = panel.openZone(1)
        #expect(panel.respond(to: "0302").frames == ["500030", "6562"])
        #expect(panel.timerFired(.exitDelay(partition: 2), at: .test).frames == ["65220", "7012"])
        #expect(panel.openZone(9).frames == ["609009", "6572"])
    }

    @Test func codeRequiredArmingWaitsForTheCode() {
        var panel = PanelModel.test { $0.codeRequired = .all }
        let asked = panel.respond(to: "0311")
        #expect(asked.frames == ["500031", "900"])
        #expect(asked.startedTimers == [.codeWindow])
        #expect(panel.respond(to: "2009999").frames == ["500200", "6701"])
        #expect(panel.respond(to: "2001234").frames == ["502026"])  // one attempt per 900

        _ = panel.respond(to: "0311")
        let armed = panel.respond(to: "2001234")
        #expect(armed.frames == ["500200", "6561", "51083"])
        #expect(armed.cancelledTimers == [.codeWindow])
        #expect(panel.timerFired(.exitDelay(partition: 1), at: .test).frames == ["65211", "70010040", "51082"])
    }

    @Test func codeWindowClosing() {
        var panel = PanelModel.test { $0.codeRequired = .zeroEntry }
        #expect(panel.respond(to: "0301").frames == ["500030", "6561", "51083"])  // quick arm still works
        _ = panel.respond(to: "04011234")
        #expect(panel.respond(to: "0321").frames == ["500032", "900"])
        _ = panel.timerFired(.codeWindow, at: .test)
        #expect(panel.respond(to: "2001234").frames == ["502026"])
    }
}
