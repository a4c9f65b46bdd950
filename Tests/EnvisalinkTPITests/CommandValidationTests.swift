import EnvisalinkTPI
import Testing

@Suite("Panel commands: validation")
struct CommandValidationTests {
    /// Commands that cannot be encoded, a piece of the reason, and a secret the reason must not show.
    static let invalid: [(command: PanelCommand, reason: String, secret: String?)] = [
        (.armAway(partition: 0), "partition must be 1–8, got 0", nil),
        (.armStay(partition: 9), "partition must be 1–8, got 9", nil),
        (.keepAlive(partition: -1), "partition must be 1–8", nil),
        (.disarm(partition: 1, code: "987"), "access code must be 4 to 6 digits", "987"),
        (.disarm(partition: 1, code: "9876543"), "access code must be 4 to 6 digits", "9876543"),
        (.disarm(partition: 1, code: "98a7"), "access code must be 4 to 6 digits", "98a7"),
        (.disarm(partition: 9, code: "9876"), "partition must be 1–8", "9876"),
        (.armWithCode(partition: 1, code: ""), "access code must be 4 to 6 digits", nil),
        (.armWithCode(partition: 1, code: "98 76"), "access code must be 4 to 6 digits", "98 76"),
        (.codeSend(code: "98"), "access code must be 4 to 6 digits", "98"),
        (.codeSend(code: "９８７６"), "access code must be 4 to 6 digits", "９８７６"),
        (.login(password: ""), "password must not be empty", nil),
        (.login(password: "pässwörd"), "password must be printable ASCII", "pässwörd"),
        (.login(password: "hunter\n2"), "password must be printable ASCII", "hunter"),
        (.keyString(partition: 1, keys: ""), "key string must be 1 to 6 keys", nil),
        (.keyString(partition: 1, keys: "9876543"), "key string must be 1 to 6 keys", "9876543"),
        (.keyString(partition: 1, keys: "98A7"), "key string must be 1 to 6 keys of 0-9 * #", "98A7"),
        (.keyString(partition: 0, keys: "1"), "partition must be 1–8", nil),
        (.singleKey("B"), "key must be one of 0-9 * # A", nil),
        (.commandOutput(partition: 1, pgm: 5), "PGM must be 1–4, got 5", nil),
        (.commandOutput(partition: 1, pgm: 0), "PGM must be 1–4, got 0", nil),
        (.commandOutput(partition: 9, pgm: 1), "partition must be 1–8", nil),
        (.setTime(PanelDateTime(year: 2024, month: 13, day: 1, hour: 0, minute: 0)), "month 13 is not in 1–12", nil),
        (.setTime(PanelDateTime(year: 2024, month: 1, day: 32, hour: 0, minute: 0)), "day 32 is not in 1–31", nil),
        (.setTime(PanelDateTime(year: 2023, month: 2, day: 29, hour: 0, minute: 0)), "day 29 is not in 1–28", nil),
        (.setTime(PanelDateTime(year: 2024, month: 1, day: 1, hour: 24, minute: 0)), "hour 24 is not in 0–23", nil),
        (.setTime(PanelDateTime(year: 2024, month: 1, day: 1, hour: 0, minute: 60)), "minute 60 is not in 0–59", nil),
        (.setTime(PanelDateTime(year: 1999, month: 12, day: 31, hour: 0, minute: 0)), "year 1999 is not in 2000–2099", nil),
        (.setTime(PanelDateTime(year: 2100, month: 1, day: 1, hour: 0, minute: 0)), "year 2100 is not in 2000–2099", nil),
        (.raw(code: "98", data: ""), "raw command code must be 3 digits", nil),
        (.raw(code: "9876", data: ""), "raw command code must be 3 digits", "9876"),
        (.raw(code: "98a", data: ""), "raw command code must be 3 digits", "98a"),
        (.raw(code: "040", data: "19876\u{7}"), "raw command data must be printable ASCII", "19876"),
        (.raw(code: "040", data: "1" + String(repeating: "9876", count: 16)), "raw command data must be at most 64 characters", "9876"),
    ]

    @Test("invalid commands are refused without showing secrets", arguments: invalid)
    func refused(command: PanelCommand, reason: String, secret: String?) throws {
        let error = try #require(throws: CommandError.self) { try command.frame() }
        #expect(error.reason.contains(reason), "\(error.reason)")
        #expect(error.description == error.reason)
        if let secret {
            #expect(!error.reason.contains(secret))
            #expect(!"\(command)".contains(secret))
        }
    }

    @Test("boundaries that are valid", arguments: [
        PanelCommand.armAway(partition: 8), .disarm(partition: 8, code: "123456"), .codeSend(code: "0000"),
        .keyString(partition: 1, keys: "0123*#"), .commandOutput(partition: 8, pgm: 4), .login(password: "a"),
        .setTime(PanelDateTime(year: 2099, month: 12, day: 31, hour: 23, minute: 59)),
        .setTime(PanelDateTime(year: 2000, month: 1, day: 1, hour: 0, minute: 0)),
        .setTime(PanelDateTime(year: 2000, month: 2, day: 29, hour: 0, minute: 0)),
        .raw(code: "999", data: String(repeating: "~", count: 64)),
    ])
    func accepted(command: PanelCommand) {
        #expect(throws: Never.self) { try command.frame() }
    }
}
