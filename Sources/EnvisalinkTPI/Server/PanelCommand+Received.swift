/// The EVL's side of the commands: what it makes of a client's frame (reference §5), for the
/// simulated EVL and the integrator's proxy.
extension PanelCommand {
    /// Codes of IT-100-only commands, which an EVL does not support.
    private static let it100Only: Set<String> = ["002", "058", "080", "095", "096", "097"]
    /// `072`/`073`: installer and user programming, deliberately not simulated.
    private static let programming: Set<String> = ["072", "073"]

    /// The command in a client's `frame`, validated as the EVL does; throws the `502` error it
    /// would answer with. Never ``raw(code:data:)``: every command the EVL takes has its case.
    public init(received frame: TPIFrame, partitionCount: Int) throws(SystemError) {
        let data = Array(frame.data)
        let parse = DataReader(data: data, partitionCount: partitionCount)
        switch frame.code {
        case "000": try parse.length(0); self = .poll
        case "001": try parse.length(0); self = .statusReport
        case "005": self = .login(password: frame.data)
        case "008": try parse.length(0); self = .dumpZoneTimers
        case "010":
            try parse.length(10)
            guard let time = PanelDateTime(tpiData: frame.data) else {
                throw parse.digitsOnly(frame.data) ? .syntaxError : .invalidCharacters
            }
            self = .setTime(time)
        case "020":
            try parse.length(2)
            self = .commandOutput(partition: try parse.partition(), pgm: try parse.digit(at: 1, in: 1...4))
        case "030", "031", "032":
            try parse.length(1)
            let partition = try parse.partition()
            self = switch frame.code {
            case "030": .armAway(partition: partition)
            case "031": .armStay(partition: partition)
            default: .armZeroEntry(partition: partition)
            }
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
            case "055": .timestampControl(on: on)
            case "056": .timeBroadcast(on: on)
            default: .temperatureBroadcast(on: on)
            }
        case "060":
            try parse.length(1)
            guard let key = PanicKind(rawValue: try parse.digit(at: 0, in: 1...3)) else { throw .syntaxError }
            self = .panic(key)
        case "070":
            try parse.length(1)
            guard "0123456789*#A".contains(data[0]) else { throw .invalidCharacters }
            self = .singleKey(data[0])
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
            self = .codeSend(code: frame.data)
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
