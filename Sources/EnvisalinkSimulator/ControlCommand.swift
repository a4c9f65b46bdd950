import EnvisalinkTPI

/// A command of the control interface (control port, stdin, ``Simulator/control(_:)``).
///
/// One command per line, words separated by spaces; each is answered with one line starting
/// `ok` or `error`.
enum ControlCommand: Sendable, Hashable {
    case open(zone: Int)
    case close(zone: Int)
    case alarm(zone: Int)
    case trouble(SimulatedTrouble, on: Bool)
    case send(TPIFrame)
    case sendBadChecksum(TPIFrame)
    case split
    case drop
    case stall(on: Bool)
    /// What happens to the client's next command with this code.
    case intercept(code: String, Interception)
    /// Carries out the command `hold` kept back.
    case release
    /// Tells the panel's clock and whether it broadcasts it (`nil`), or sets it as at the keypad.
    case clock(PanelDateTime?)
    case status
    case help

    /// The one-line summary `help` answers with.
    static let summary = """
        commands: open ZONE | close ZONE | alarm ZONE (open an armed zone, alarm at once) | \
        trouble ac|battery on|off | send CODE[DATA] (checksum added) | send-bad-checksum [CODE[DATA]] | \
        split (next frame in two writes) | drop (close the client) | stall on|off (stop answering and sending) | \
        drop-after CODE (carry out the next CODE command, close before answering) | \
        hold CODE (keep the next CODE command unanswered) | release (carry it out) | \
        fail CODE NNN (answer the next CODE command with 502NNN) | \
        clock [YYYY-MM-DD HH:MM] (tell or set the panel's clock) | status | help
        """

    /// The frame `send-bad-checksum` sends when given none: zone 1 open.
    static let defaultBadChecksumFrame = TPIFrame.simulated("609", "001")

    /// Parses a line; throws the message of the `error` reply.
    init(parsing line: String) throws(ControlCommandError) {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let verb = words.first?.lowercased() else { throw ControlCommandError("empty command: try help") }
        let arguments = Array(words.dropFirst())
        switch (verb, arguments.count) {
        case ("open", 1): self = .open(zone: try Self.zone(arguments[0]))
        case ("close", 1): self = .close(zone: try Self.zone(arguments[0]))
        case ("alarm", 1): self = .alarm(zone: try Self.zone(arguments[0]))
        case ("trouble", 2):
            guard let trouble = SimulatedTrouble(rawValue: arguments[0].lowercased()) else {
                throw ControlCommandError("unknown trouble \(String(reflecting: arguments[0])): ac or battery")
            }
            self = .trouble(trouble, on: try Self.onOff(arguments[1]))
        case ("send", 1): self = .send(try Self.frame(arguments[0]))
        case ("send-bad-checksum", 0): self = .sendBadChecksum(Self.defaultBadChecksumFrame)
        case ("send-bad-checksum", 1): self = .sendBadChecksum(try Self.frame(arguments[0]))
        case ("split", 0): self = .split
        case ("drop", 0): self = .drop
        case ("stall", 1): self = .stall(on: try Self.onOff(arguments[0]))
        case ("drop-after", 1): self = .intercept(code: try Self.code(arguments[0]), .dropAfter)
        case ("hold", 1): self = .intercept(code: try Self.code(arguments[0]), .hold)
        case ("fail", 2): self = .intercept(code: try Self.code(arguments[0]), .fail(try Self.systemError(arguments[1])))
        case ("release", 0): self = .release
        case ("clock", 0): self = .clock(nil)
        case ("clock", 2): self = .clock(try Self.panelTime(arguments[0], arguments[1]))
        case ("status", 0): self = .status
        case ("help", 0): self = .help
        case ("open", _), ("close", _), ("alarm", _), ("trouble", _), ("send", _), ("send-bad-checksum", _),
             ("split", _), ("drop", _), ("stall", _), ("drop-after", _), ("hold", _), ("fail", _), ("release", _),
             ("clock", _), ("status", _), ("help", _):
            throw ControlCommandError("wrong arguments for \(verb): try help")
        default:
            throw ControlCommandError("unknown command \(String(reflecting: verb)): try help")
        }
    }

    private static func zone(_ text: String) throws(ControlCommandError) -> Int {
        guard let number = Int(text), SimulatorConfiguration.zoneNumbers.contains(number) else {
            throw ControlCommandError("zone \(String(reflecting: text)) is not a number 1–64")
        }
        return number
    }

    private static func onOff(_ text: String) throws(ControlCommandError) -> Bool {
        switch text.lowercased() {
        case "on": return true
        case "off": return false
        default: throw ControlCommandError("expected on or off, got \(String(reflecting: text))")
        }
    }

    /// A command code: three digits.
    private static func code(_ text: String) throws(ControlCommandError) -> String {
        guard text.count == 3, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else {
            throw ControlCommandError("\(String(reflecting: text)) is not a command code (3 digits)")
        }
        return text
    }

    /// A `502` error number, `000`–`999`.
    private static func systemError(_ text: String) throws(ControlCommandError) -> SystemError {
        guard text.count == 3, text.allSatisfy(\.isASCII), let number = Int(text) else {
            throw ControlCommandError("\(String(reflecting: text)) is not an error number (3 digits)")
        }
        return SystemError(code: number)
    }

    /// `YYYY-MM-DD` and `HH:MM`, a time the panel's clock can show (2000–2099).
    private static func panelTime(_ date: String, _ time: String) throws(ControlCommandError) -> PanelDateTime {
        let day = date.split(separator: "-", omittingEmptySubsequences: false)
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard day.count == 3, day[0].hasPrefix("20"), clock.count == 2,
            [day[0].count, day[1].count, day[2].count, clock[0].count, clock[1].count] == [4, 2, 2, 2, 2],
            let reading = PanelDateTime(tpiData: String(clock[0] + clock[1] + day[1] + day[2] + day[0].suffix(2)))
        else {
            throw ControlCommandError(
                "\(String(reflecting: "\(date) \(time)")) is not a time the panel can show (YYYY-MM-DD HH:MM, 2000–2099)")
        }
        return reading
    }

    /// `CODE[DATA]`, such as `6091003` or `510`+`81`.
    private static func frame(_ text: String) throws(ControlCommandError) -> TPIFrame {
        do {
            return try TPIFrame(code: String(text.prefix(3)), data: String(text.dropFirst(3)))
        } catch {
            throw ControlCommandError(
                "\(String(reflecting: text)) is not a frame (3-digit code, then data): \(error.reason)")
        }
    }
}

/// What the simulated EVL does with an intercepted command.
enum Interception: Sendable, Hashable {
    /// The panel carries it out, but the connection closes before the answer is sent.
    case dropAfter
    /// It waits, unanswered and not carried out, until `release`.
    case hold
    /// It is answered with this `502` error and not carried out.
    case fail(SystemError)
}
