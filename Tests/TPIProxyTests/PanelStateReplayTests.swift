import EnvisalinkTPI
import TPIProxy
import Testing

/// The panel state the proxy replays for `001` and `008`, from the frames the panel sent.
@Suite("TPI proxy panel state replay")
struct PanelStateReplayTests {
    let start = ContinuousClock.now

    private func frame(_ text: String) -> TPIFrame {
        try! TPIFrame(code: String(text.prefix(3)), data: String(text.dropFirst(3)))
    }

    private func texts(_ frames: [TPIFrame]) -> [String] {
        frames.map { $0.code + $0.data }
    }

    private func replay(_ frames: [String], at offsets: [Int]? = nil) -> PanelStateReplay {
        var replay = PanelStateReplay()
        for (index, text) in frames.enumerated() {
            replay.record(frame(text), at: start + .seconds(offsets?[index] ?? 0))
        }
        return replay
    }

    @Test func theStatusReportHasTheLastStateOfEachThingInTheEVLsOrder() {
        let replay = replay([
            "510" + "81", "610002", "609001", "6501", "6512", "8411", "8412", "6552", "610001", "609003",
            "6501", "65210", "8401", "849" + "02", "6091" /* not a zone number: ignored */, "5501230112526", "601" + "1003",
        ])
        #expect(texts(replay.statusReport()) == [
            "610001", "610002", "609003",
            "6501", "65210", "6512", "6552",
            "8401", "8412",
            "84902", "51081",
        ])
    }

    @Test func theVerboseTroubleIsDroppedWhenTheTroubleClears() {
        #expect(!texts(replay(["8401", "84902", "8411"]).statusReport()).contains("84902"))
        #expect(!texts(replay(["8401", "84902", "84900"]).statusReport()).contains { $0.hasPrefix("849") })
    }

    @Test func zoneTimersCountDownFromTheCloseAsOnTheEVL() {
        // Zone 1 open; zone 2 closed 12 s after it opened at 0; zone 3 seen only closed; zone 65 is past the dump.
        let replay = replay(["609001", "609002", "610002", "610003", "609065"], at: [0, 0, 3, 0, 0])
        let dump = replay.zoneTimers(at: start + .seconds(15))
        #expect(dump.code == "615")
        #expect(dump.data.count == 64 * 4)
        let timers = stride(from: 0, to: 12, by: 4).map { String(Array(dump.data)[$0..<$0 + 4]) }
        // Little-endian: FFFF open; FFFE less 2 steps of 5 s is FFFC, written FCFF; never seen open is 0000.
        #expect(timers == ["FFFF", "FCFF", "0000"])
        #expect(dump.data.dropFirst(12).allSatisfy { $0 == "0" })
    }

    @Test func forgettingLeavesNothingToReplay() {
        var replay = replay(["609001", "6501", "51081"])
        #expect(!replay.isEmpty)
        replay.forget()
        #expect(replay.isEmpty)
        #expect(replay.statusReport().isEmpty)
        #expect(replay.zoneTimers(at: start).data == String(repeating: "0", count: 256))
    }
}
