import EnvisalinkTPI
import Testing

@Suite("Command data validation (502 codes)")
struct ReceivedCommandTests {
    private func parse(_ wire: String, partitions: Int = 2) -> Result<PanelCommand, SystemError> {
        let frame = try! TPIFrame(code: String(wire.prefix(3)), data: String(wire.dropFirst(3)))
        return Result { () throws(SystemError) in try PanelCommand(received: frame, partitionCount: partitions) }
    }

    @Test("accepted", arguments: [
        ("000", PanelCommand.poll),
        ("001", .statusReport),
        ("005user", .login(password: "user")),
        ("008", .dumpZoneTimers),
        ("0201" + "3", .commandOutput(partition: 1, pgm: 3)),
        ("0302", .armAway(partition: 2)),
        ("0311", .armStay(partition: 1)),
        ("0321", .armZeroEntry(partition: 1)),
        ("0331123456", .armWithCode(partition: 1, code: "123456")),
        ("04011234", .disarm(partition: 1, code: "1234")),
        ("0551", .timestampControl(on: true)),
        ("0560", .timeBroadcast(on: false)),
        ("0571", .temperatureBroadcast(on: true)),
        ("0602", .panic(.ambulance)),
        ("070#", .singleKey("#")),
        ("0712*101#", .keyString(partition: 2, keys: "*101#")),
        ("0741", .keepAlive(partition: 1)),
        ("20012345", .codeSend(code: "12345")),
    ])
    func accepted(wire: String, command: PanelCommand) throws {
        #expect(parse(wire) == .success(command))
        // What the EVL accepts is what the client side writes.
        let frame = try command.frame()
        #expect(frame.code + frame.data == wire)
    }

    @Test("rejected", arguments: [
        ("0001", SystemError.badLength),
        ("030", .badLength),
        ("0303", .partitionOutOfRange),
        ("0300", .partitionOutOfRange),
        ("030A", .invalidCharacters),
        ("040112", .badLength),
        ("04011234567", .badLength),
        ("0401123A", .invalidCharacters),
        ("0552", .syntaxError),
        ("0604", .syntaxError),
        ("02015", .syntaxError),
        ("070B", .invalidCharacters),
        ("0711*1#1234", .badLength),
        ("0711*1A", .invalidCharacters),
        ("2001234567", .badLength),
        ("0102599010124", .syntaxError),  // 25:99
        ("0101200023024", .syntaxError),  // 30 February
        ("01012000A0124", .invalidCharacters),
        ("0721", .notSupported),
        ("0731", .notSupported),
        ("058", .notSupported),
        ("999", .syntaxError),
    ])
    func rejected(wire: String, error: SystemError) {
        #expect(parse(wire) == .failure(error))
    }

    @Test func setTimeParsesHoursMinutesMonthDayYear() throws {
        let time = try #require(PanelDateTime(tpiData: "2359022924"))
        #expect(parse("0102359022924") == .success(.setTime(time)))
        #expect((time.year, time.month, time.day, time.hour, time.minute) == (2024, 2, 29, 23, 59))
        #expect(PanelDateTime(tpiData: "2359022923") == nil)  // 2023 is no leap year
    }
}
