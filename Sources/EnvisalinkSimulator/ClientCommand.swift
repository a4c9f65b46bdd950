import EnvisalinkTPI

/// A command from the TPI client whose data the EVL accepted (reference §5).
enum ClientCommand: Sendable, Hashable {
    /// `000`: poll; answered by the ack alone.
    case poll
    /// `001`: status report.
    case statusReport
    /// `005`: network login.
    case login(password: String)
    /// `008`: dump zone timers (`615`).
    case dumpZoneTimers
    /// `010`: set the panel's time and date.
    case setTime(PanelDateTime)
    /// `020`: command output (PGM) 1–4.
    case commandOutput(partition: Int, output: Int)
    /// `030`/`031`/`032`: arm away / stay / zero-entry without a code.
    case arm(partition: Int, mode: ArmMode)
    /// `033`: arm away with an access code.
    case armWithCode(partition: Int, code: String)
    /// `040`: disarm with an access code.
    case disarm(partition: Int, code: String)
    /// `055`: timestamp prefix on or off.
    case timestamps(Bool)
    /// `056`: time broadcast (`550`) on or off.
    case timeBroadcast(Bool)
    /// `057`: temperature broadcast on or off (the simulated panel has no thermostat).
    case temperatureBroadcast(Bool)
    /// `060`: F, A or P key alarm.
    case panic(PanicKey)
    /// `070`: one key on partition 1.
    case key(Character)
    /// `071`: up to six keys on a partition.
    case keyString(partition: Int, keys: String)
    /// `074`: keep-alive for a partition.
    case keepAlive(partition: Int)
    /// `200`: the access code a `900` asked for.
    case codeSend(String)

    /// Codes of IT-100-only commands, which an EVL does not support.
    private static let it100Only: Set<String> = ["002", "058", "080", "095", "096", "097"]
    /// `072`/`073`: installer and user programming, deliberately not simulated.
    private static let programming: Set<String> = ["072", "073"]

    /// Validates `frame` as the EVL does; throws the `502` code it would answer with.
    init(_ frame: TPIFrame, partitionCount: Int) throws(SystemError) {
        let data = Array(frame.data)
        let parse = DataReader(data: data, partitionCount: partitionCount)
        switch frame.code {
        case "000": try parse.length(0); self = .poll
        case "001": try parse.length(0); self = .statusReport
        case "005": self = .login(password: frame.data)
        case "008": try parse.length(0); self = .dumpZoneTimers
        case "010":
            try parse.length(10)
            guard let time = PanelDateTime(hhmmMMDDYY: frame.data) else {
                throw parse.digitsOnly(frame.data) ? .syntaxError : .invalidCharacters
            }
            self = .setTime(time)
        case "020":
            try parse.length(2)
            self = .commandOutput(partition: try parse.partition(), output: try parse.digit(at: 1, in: 1...4))
        case "030", "031", "032":
            try parse.length(1)
            let mode: ArmMode = switch frame.code { case "030": .away; case "031": .stay; default: .zeroEntryAway }
            self = .arm(partition: try parse.partition(), mode: mode)
        case "033", "040":
            try parse.length(5...7)
            let partition = try parse.partition()
            let code = String(data.dropFirst())
            guard parse.digitsOnly(code) else { throw .invalidCharacters }
            self = frame.code == "033"
                ? .armWithCode(partition: partition, code: code)
                : .disarm(partition: partition, code: code)
        case "055", "056", "057":
            try parse.length(1)
            let on = try parse.digit(at: 0, in: 0...1) == 1
            self = switch frame.code {
            case "055": .timestamps(on)
            case "056": .timeBroadcast(on)
            default: .temperatureBroadcast(on)
            }
        case "060":
            try parse.length(1)
            guard let key = PanicKey(rawValue: try parse.digit(at: 0, in: 1...3)) else { throw .syntaxError }
            self = .panic(key)
        case "070":
            try parse.length(1)
            guard "0123456789*#A".contains(data[0]) else { throw .invalidCharacters }
            self = .key(data[0])
        case "071":
            try parse.length(2...7)
            let partition = try parse.partition()
            let keys = String(data.dropFirst())
            guard keys.allSatisfy("0123456789*#".contains) else { throw .invalidCharacters }
            self = .keyString(partition: partition, keys: keys)
        case "074":
            try parse.length(1)
            self = .keepAlive(partition: try parse.partition())
        case "200":
            try parse.length(4...6)
            guard parse.digitsOnly(frame.data) else { throw .invalidCharacters }
            self = .codeSend(frame.data)
        case _ where Self.it100Only.contains(frame.code) || Self.programming.contains(frame.code):
            throw .notSupported
        default:
            throw .syntaxError
        }
    }
}

/// The checks every command's data goes through, each with the `502` code it fails with.
private struct DataReader {
    let data: [Character]
    let partitionCount: Int

    func length(_ count: Int) throws(SystemError) {
        try length(count...count)
    }

    func length(_ counts: ClosedRange<Int>) throws(SystemError) {
        guard counts.contains(data.count) else { throw .badLength }
    }

    /// The partition in the first character: 1 to the configured count.
    func partition() throws(SystemError) -> Int {
        guard let digit = data.first?.wholeNumberValue, data[0].isASCII else { throw .invalidCharacters }
        guard (1...partitionCount).contains(digit) else { throw .partitionOutOfRange }
        return digit
    }

    /// The digit at `index`, which must lie in `range` (else a syntax error).
    func digit(at index: Int, in range: ClosedRange<Int>) throws(SystemError) -> Int {
        guard let digit = data[index].wholeNumberValue, data[index].isASCII else { throw .invalidCharacters }
        guard range.contains(digit) else { throw .syntaxError }
        return digit
    }

    func digitsOnly(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }
}
