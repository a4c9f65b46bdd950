internal import AlarmCore

extension PanelCommand {
    /// The 3-digit command code, e.g. `"040"` (for ``raw(code:data:)``, its code as given).
    public var code: String {
        switch self {
        case .poll: "000"
        case .statusReport: "001"
        case .login: "005"
        case .dumpZoneTimers: "008"
        case .setTime: "010"
        case .commandOutput: "020"
        case .armAway: "030"
        case .armStay: "031"
        case .armZeroEntry: "032"
        case .armWithCode: "033"
        case .disarm: "040"
        case .timestampControl: "055"
        case .timeBroadcast: "056"
        case .temperatureBroadcast: "057"
        case .panic: "060"
        case .singleKey: "070"
        case .keyString: "071"
        case .keepAlive: "074"
        case .codeSend: "200"
        case let .raw(code, _): code
        }
    }

    /// The frame to send, after checking every value: partitions 1–8, PGMs 1–4, access
    /// codes of 4–6 digits, a non-empty printable password, keys from the keypad's set, a clock
    /// reading in range, a raw code of 3 digits with printable data of at most 64 characters.
    public func frame() throws(CommandError) -> TPIFrame {
        if case let .raw(code, _) = self, code.utf8.count != 3 || !code.utf8.allSatisfy(TPIFrame.isDigit) {
            throw CommandError("raw command code must be 3 digits")
        }
        return TPIFrame(validCode: code, data: try data())
    }

    private func data() throws(CommandError) -> String {
        switch self {
        case .poll, .statusReport, .dumpZoneTimers:
            return ""
        case let .login(password):
            return try Self.password(password)
        case let .setTime(time):
            if let outOfRange = time.outOfRange { throw CommandError("time out of range: \(outOfRange)") }
            return time.tpiData
        case let .commandOutput(partition, pgm):
            guard (1...4).contains(pgm) else { throw CommandError("PGM must be 1–4, got \(pgm)") }
            return try Self.partition(partition) + String(pgm)
        case let .armAway(partition), let .armStay(partition), let .armZeroEntry(partition), let .keepAlive(partition):
            return try Self.partition(partition)
        case let .armWithCode(partition, code), let .disarm(partition, code):
            return try Self.partition(partition) + Self.accessCode(code)
        case let .timestampControl(on), let .timeBroadcast(on), let .temperatureBroadcast(on):
            return on ? "1" : "0"
        case let .panic(kind):
            return String(kind.rawValue)
        case let .singleKey(key):
            guard "0123456789*#A".contains(key) else { throw CommandError("key must be one of 0-9 * # A") }
            return String(key)
        case let .keyString(partition, keys):
            guard (1...6).contains(keys.count), keys.allSatisfy("0123456789*#".contains) else {
                throw CommandError("key string must be 1 to 6 keys of 0-9 * #")
            }
            return try Self.partition(partition) + keys
        case let .codeSend(code):
            return try Self.accessCode(code)
        case let .raw(_, data):
            guard data.utf8.allSatisfy(TPIFrame.isPrintable) else { throw CommandError("raw command data must be printable ASCII") }
            guard data.utf8.count <= FormatLimits.rawCommandDataMaxLength else {
                throw CommandError("raw command data must be at most \(FormatLimits.rawCommandDataMaxLength) characters")
            }
            return data
        }
    }

    private static func partition(_ partition: Int) throws(CommandError) -> String {
        guard FormatLimits.partitions.contains(partition) else { throw CommandError("partition must be 1–8, got \(partition)") }
        return String(partition)
    }

    private static func accessCode(_ code: String) throws(CommandError) -> String {
        guard (4...6).contains(code.utf8.count), code.utf8.allSatisfy(TPIFrame.isDigit) else {
            throw CommandError("access code must be 4 to 6 digits")
        }
        return code
    }

    /// The password cut to the Envisalink's 6 characters.
    private static func password(_ password: String) throws(CommandError) -> String {
        guard !password.isEmpty else { throw CommandError("password must not be empty") }
        guard password.utf8.allSatisfy(TPIFrame.isPrintable) else { throw CommandError("password must be printable ASCII") }
        return String(password.prefix(6))
    }
}
