@testable import EnvisalinkSimulator
import EnvisalinkTPI
import Testing

@Suite("The panel model: the keypad's bypass menu, the door chime and the keybus's pace")
struct KeypadTests {
    @Test func theBypassMenuSpansSeveralFrames() {
        var panel = PanelModel.test(zones: 16)
        #expect(panel.respond(to: "0711*1").frames == ["500071"])
        #expect(panel.respond(to: "071101").frames == ["500071", "51089"])  // zone 1 bypassed: the bypass LED
        #expect(panel.respond(to: "071116").frames == ["500071"])
        #expect(panel.respond(to: "0711#").frames == ["500071", "6160180000000000000"])
        // A zone's two digits may be split between frames too; the bypass LED goes off with the last bypass.
        #expect(panel.respond(to: "0711*101").frames == ["500071"])
        #expect(panel.respond(to: "07111").frames == ["500071"])
        #expect(panel.respond(to: "07116#").frames == ["500071", "6160000000000000000", "51081"])
    }

    @Test func singleKeysWalkPartitionOnesMenu() {
        var panel = PanelModel.test(zones: 4)
        for key in ["*", "1", "0", "3"] {
            #expect(panel.respond(to: "070" + key).frames.first == "500070")
        }
        #expect(panel.respond(to: "070#").frames == ["500070", "6160400000000000000"])
    }

    @Test func keysOutsideTheMenuAndZonesOfOtherPartitionsChangeNothing() {
        var panel = PanelModel.test(zones: 4) {
            $0.partitionCount = 2
            $0.zones.append(SimulatedZone(number: 9, partition: 2))
        }
        #expect(panel.respond(to: "0711*2#").frames == ["500071"])
        #expect(panel.respond(to: "0711*109#").frames == ["500071", "6160000000000000000"])
        #expect(panel.respond(to: "0712*109#").frames == ["500071", "6160001000000000000"])
    }

    @Test func anArmedPartitionsZonesStayAsTheyAre() {
        var panel = PanelModel.test(zones: 4)
        panel.armAway()
        #expect(panel.respond(to: "0711*102#").frames == ["500071", "6160000000000000000"])
    }

    @Test func keysSoonerThanTheGapGetKeybusOverrunAndChangeNothing() {
        var panel = PanelModel.test(zones: 4) { $0.keypadGap = .seconds(2) }
        let start = Moment.test
        let at = { (seconds: Double) in Moment(instant: start.instant + .seconds(seconds), wallSeconds: start.wallSeconds) }
        #expect(panel.respond(to: "0711*1", at: start).frames == ["500071"])
        #expect(panel.respond(to: "07110", at: at(1.9)).frames == ["502010"])
        #expect(panel.respond(to: "0701", at: at(1.9)).frames == ["502010"])
        #expect(panel.respond(to: "000", at: at(1.9)).frames == ["500000"])  // other commands are not keys
        #expect(panel.respond(to: "071102#", at: at(2.0)).frames == ["500071", "6160200000000000000", "51089"])
        // A refused frame does not restart the gap: the last accepted one counts.
        #expect(panel.respond(to: "0711*1#", at: at(3.5)).frames == ["502010"])
        #expect(panel.respond(to: "0711*1#", at: at(4.0)).frames == ["500071", "6160200000000000000"])
    }

    @Test func starFourTogglesThePartitionsChimeAndReportsIt() {
        var panel = PanelModel.test(zones: 4) { $0.partitionCount = 2 }
        #expect(panel.respond(to: "0711*4").frames == ["500071", "6631"])
        #expect(panel.respond(to: "0712*4").frames == ["500071", "6632"])  // each partition has its own
        #expect(panel.respond(to: "0711*4").frames == ["500071", "6641"])
        // Single keys (partition 1's keypad) work too.
        #expect(panel.respond(to: "070*").frames == ["500070"])
        #expect(panel.respond(to: "0704").frames == ["500070", "6631"])
        #expect(panel.chime == [1, 2])
    }

    @Test func theChimeIsNotInTheStatusDump() {
        var panel = PanelModel.test(zones: 2)
        _ = panel.respond(to: "0711*4")
        #expect(!panel.respond(to: "001").frames.contains { $0.hasPrefix("663") || $0.hasPrefix("664") })
    }

    @Test func aPanelThatWantsACodeForBypassingAsksWith900AndOpensTheMenuOnAValidOne() {
        var panel = PanelModel.test(zones: 4) { $0.bypassCodeRequired = true }
        #expect(panel.respond(to: "0711*1").frames == ["500071", "900"])
        #expect(panel.respond(to: "071102").frames == ["500071"], "keys are not taken while the code is wanted")
        #expect(panel.respond(to: "2001234").frames == ["500200"])
        #expect(panel.respond(to: "071102#").frames == ["500071", "6160200000000000000", "51089"])
        // A wrong code: 670, and the keypad has left the menu.
        #expect(panel.respond(to: "0711*1").frames == ["500071", "900"])
        #expect(panel.respond(to: "2009999").frames == ["500200", "6701"])
        #expect(panel.respond(to: "071103#").frames == ["500071"], "no menu: no toggle, no report")
        #expect(panel.respond(to: "2001234").frames == ["502026"], "the code request is over")
    }

    @Test func theBypassCodeWindowEndsTheRequest() {
        var panel = PanelModel.test(zones: 4) { $0.bypassCodeRequired = true }
        #expect(panel.respond(to: "0711*1").frames == ["500071", "900"])
        #expect(panel.timerFired(.codeWindow, at: .test).frames == [])
        #expect(panel.respond(to: "2001234").frames == ["502026"])
        #expect(panel.respond(to: "071103#").frames == ["500071"], "the keypad left the code prompt")
    }
}
