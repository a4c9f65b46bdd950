import AlarmCore
import EnvisalinkTPI
import Testing

@Suite("Panel commands: simple commands from the queue")
struct SimpleCommandTests {
    static let rows: [(simple: SimpleCommand, partition: Int?, command: PanelCommand, wire: String)] = [
        (.status, nil, .statusReport, "00191"),
        (.status, 3, .statusReport, "00191"),
        (.arm, nil, .armAway(partition: 1), "0301C4"),
        (.arm, 2, .armAway(partition: 2), "0302C5"),
        (.armAway, nil, .armAway(partition: 1), "0301C4"),
        (.armStay, nil, .armStay(partition: 1), "0311C5"),
        (.armInstant, nil, .armZeroEntry(partition: 1), "0321C6"),
        (.disarm, nil, .disarm(partition: 1, code: "1234"), "040112348F"),
        (.fire, nil, .panic(.fire), "0601C7"),
        (.medical, 5, .panic(.ambulance), "0602C8"),
        (.police, nil, .panic(.police), "0603C9"),
    ]

    @Test("mapping", arguments: rows)
    func maps(simple: SimpleCommand, partition: Int?, command: PanelCommand, wire: String) throws {
        let mapped = try PanelCommand(simple: simple, partition: partition, accessCode: "1234")
        #expect(mapped == command)
        #expect(try mapped.frame().wireBytes == Array(wire.utf8) + [0x0D, 0x0A])
    }

    @Test func everySimpleCommandHasARowButTheBypassesAndTheChimeWhichAreKeys() throws {
        #expect(Set(Self.rows.map(\.simple)) == Set(SimpleCommand.allCases.filter { !$0.takesZones && $0.chime == nil }))
        for simple in [SimpleCommand.bypass, .unbypass] {
            let error = try #require(throws: CommandError.self) { try PanelCommand(simple: simple, partition: 1, accessCode: nil) }
            #expect(error.reason.contains("a series of keypad keys"))
        }
        for simple in [SimpleCommand.chimeOn, .chimeOff] {
            let error = try #require(throws: CommandError.self) { try PanelCommand(simple: simple, partition: 1, accessCode: nil) }
            #expect(error.reason.contains("keypad keys that depend on the panel's answer"))
        }
    }

    @Test func disarmNeedsAValidAccessCode() throws {
        let missing = try #require(throws: CommandError.self) {
            try PanelCommand(simple: .disarm, partition: nil, accessCode: nil)
        }
        #expect(missing.reason.contains("needs an access code"))
        let bad = try #require(throws: CommandError.self) {
            try PanelCommand(simple: .disarm, partition: nil, accessCode: "98765432")
        }
        #expect(bad.reason == "access code must be 4 to 6 digits")
        #expect(throws: Never.self) { try PanelCommand(simple: .arm, partition: nil, accessCode: nil) }
    }

    @Test func partitionIsChecked() throws {
        let error = try #require(throws: CommandError.self) {
            try PanelCommand(simple: .armStay, partition: 9, accessCode: nil)
        }
        #expect(error.reason == "partition must be 1–8, got 9")
    }
}
