import EnvisalinkTPI
@testable import EnvisalinkSimulator
import Testing

@Suite("Command data validation (502 codes)")
struct ClientCommandTests {
    private func parse(_ wire: String, partitions: Int = 2) -> Result<ClientCommand, SystemError> {
        let frame = TPIFrame.simulated(String(wire.prefix(3)), String(wire.dropFirst(3)))
        return Result { () throws(SystemError) in try ClientCommand(frame, partitionCount: partitions) }
    }

    @Test("accepted", arguments: [
        ("000", ClientCommand.poll),
        ("001", .statusReport),
        ("005user", .login(password: "user")),
        ("008", .dumpZoneTimers),
        ("0201" + "3", .commandOutput(partition: 1, output: 3)),
        ("0302", .arm(partition: 2, mode: .away)),
        ("0311", .arm(partition: 1, mode: .stay)),
        ("0321", .arm(partition: 1, mode: .zeroEntryAway)),
        ("0331123456", .armWithCode(partition: 1, code: "123456")),
        ("04011234", .disarm(partition: 1, code: "1234")),
        ("0551", .timestamps(true)),
        ("0560", .timeBroadcast(false)),
        ("0571", .temperatureBroadcast(true)),
        ("0602", .panic(.ambulance)),
        ("070#", .key("#")),
        ("0712*101#", .keyString(partition: 2, keys: "*101#")),
        ("0741", .keepAlive(partition: 1)),
        ("20012345", .codeSend("12345")),
    ])
    func accepted(wire: String, command: ClientCommand) {
        #expect(parse(wire) == .success(command))
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
        let time = try #require(PanelDateTime(hhmmMMDDYY: "2359022924"))
        #expect(parse("0102359022924") == .success(.setTime(time)))
        #expect((time.year, time.month, time.day, time.hour, time.minute) == (2024, 2, 29, 23, 59))
        #expect(PanelDateTime(hhmmMMDDYY: "2359022923") == nil)  // 2023 is no leap year
    }
}
