import EnvisalinkTPI
import Foundation
import Testing

@Suite("Panel commands: frames")
struct PanelCommandTests {
    /// Every command with its exact wire frame (code + data + checksum); the reference's
    /// checksum examples where it has one.
    static let frames: [(command: PanelCommand, wire: String)] = [
        (.poll, "00090"),
        (.statusReport, "00191"),
        (.login(password: "user"), "005user54"),
        (.login(password: "secret-and-longer"), "005secret1B"),
        (.dumpZoneTimers, "00898"),
        (.setTime(PanelDateTime(year: 2024, month: 12, day: 31, hour: 23, minute: 59)), "010235912312491"),
        (.commandOutput(partition: 1, pgm: 2), "02012F5"),
        (.armAway(partition: 1), "0301C4"),
        (.armStay(partition: 1), "0311C5"),
        (.armZeroEntry(partition: 1), "0321C6"),
        (.armWithCode(partition: 2, code: "123456"), "0332123456FD"),
        (.disarm(partition: 1, code: "1234"), "040112348F"),
        (.timestampControl(on: true), "0551CB"),
        (.timestampControl(on: false), "0550CA"),
        (.timeBroadcast(on: true), "0561CC"),
        (.timeBroadcast(on: false), "0560CB"),
        (.temperatureBroadcast(on: true), "0571CD"),
        (.panic(.fire), "0601C7"),
        (.panic(.ambulance), "0602C8"),
        (.panic(.police), "0603C9"),
        (.singleKey("*"), "070*C1"),
        (.singleKey("A"), "070AD8"),
        (.keyString(partition: 1, keys: "*1#"), "0711*1#47"),
        (.keepAlive(partition: 3), "0743CE"),
        (.codeSend(code: "1234"), "20012345C"),
        (.raw(code: "072", data: "1"), "0721CA"),
        (.raw(code: "000", data: ""), "00090"),
    ]

    @Test("exact frame", arguments: frames)
    func frame(command: PanelCommand, wire: String) throws {
        let frame = try command.frame()
        #expect(frame.wireBytes == Array(wire.utf8) + [0x0D, 0x0A])
        #expect(frame.code == command.code)
    }

    /// A date and time in UTC, from Unix seconds.
    private static func utc(_ seconds: TimeInterval, offsetHours: Int = 0) -> PanelDateTime {
        PanelDateTime(Date(timeIntervalSince1970: seconds), in: TimeZone(secondsFromGMT: offsetHours * 3600)!)
    }

    @Test func setTimeUsesTheCalendarYearAroundNewYear() throws {
        // 30 and 31 December 2024 are in ISO week 1 of 2025; 1 January 2021 is in week 53 of 2020.
        #expect(try PanelCommand.setTime(Self.utc(1_735_560_000)).frame().data == "1200123024")
        #expect(try PanelCommand.setTime(Self.utc(1_735_689_540)).frame().data == "2359123124")
        #expect(try PanelCommand.setTime(Self.utc(1_735_689_600)).frame().data == "0000010125")
        #expect(try PanelCommand.setTime(Self.utc(1_609_461_000)).frame().data == "0030010121")
        // 23:30 UTC on 31 December is already New Year in UTC+1.
        #expect(try PanelCommand.setTime(Self.utc(1_735_687_800, offsetHours: 1)).frame().data == "0030010125")
        #expect(Self.utc(1_735_689_540) == PanelDateTime(year: 2024, month: 12, day: 31, hour: 23, minute: 59))
    }

    @Test func programmingCommands() {
        #expect(PanelCommand.keyString(partition: 1, keys: "*1#").isProgramming)
        #expect(PanelCommand.singleKey("1").isProgramming)
        for code in ["070", "071", "072", "073"] {
            #expect(PanelCommand.raw(code: code, data: "1").isProgramming)
        }
        let ordinary: [PanelCommand] = [
            .poll, .statusReport, .armAway(partition: 1), .disarm(partition: 1, code: "1234"),
            .panic(.fire), .keepAlive(partition: 1), .raw(code: "074", data: "1"), .raw(code: "001", data: ""),
        ]
        #expect(ordinary.allSatisfy { !$0.isProgramming })
    }

    @Test func descriptionsHideSecrets() throws {
        let disarm = PanelCommand.disarm(partition: 1, code: "4711")
        #expect("\(disarm)" == "040 1****")
        #expect(String(reflecting: disarm) == "040 1****")
        var dumped = ""
        dump(disarm, to: &dumped)
        #expect(!dumped.contains("4711"))
        #expect("\(PanelCommand.login(password: "hunter2"))" == "005 ******")
        #expect("\(PanelCommand.codeSend(code: "4711"))" == "200 ****")
        #expect("\(PanelCommand.raw(code: "999", data: "4711"))" == "999 ****")
        #expect("\(PanelCommand.disarm(partition: 9, code: "4711"))" == "invalid 040 command")
        #expect("\(PanelCommand.raw(code: "4711", data: ""))" == "invalid raw command")
        #expect("\(PanelCommand.armAway(partition: 2))" == "030 2")
    }
}
