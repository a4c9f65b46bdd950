import AlarmCore

/// The error of a `502` message: why the Envisalink or the panel refused the last command.
///
/// An `Error`, so that whoever answers commands (the simulator) can throw it.
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The error number, `0`–`999` (`23` for `502023`). Numbers not in the reference keep their value.
    public let code: Int
    /// What the number means, from the TPI reference; `unknown error` for other numbers.
    public let meaning: String

    /// The error with number `code` and its documented meaning.
    public init(code: Int) {
        self.code = code
        self.meaning = Self.meanings[code] ?? "unknown error"
    }

    /// Whether the command may simply be sent again: only the buffer overruns `001`, `002`
    /// and `010` are transient.
    public var isRetryable: Bool { Self.retryable.contains(code) }

    /// `023: disarm while not armed`.
    public var description: String { "\(tpiData): \(meaning)" }

    /// The data of a `502` with this error: the number in 3 digits, e.g. `023`.
    public var tpiData: String { code.zeroPadded(3) }

    // MARK: `001`, `002`, `010` and `020`–`027`, the errors that answer a command's line, by name

    /// `001`: a command arrived while the last one was still in progress; it may be sent again.
    public static let receiveBufferOverrun = SystemError(code: 1)

    /// `002`: the line was longer than the Envisalink's receive buffer.
    public static let receiveBufferOverflow = SystemError(code: 2)
    /// `010`: the keybus could not take the keys yet (keys sent too soon after the last); they may be sent again.
    public static let keybusTransmitBufferOverrun = SystemError(code: 10)
    /// `020`: the command's code is unknown or its data does not parse.
    public static let syntaxError = SystemError(code: 20)
    /// `021`: the partition is not one the panel has.
    public static let partitionOutOfRange = SystemError(code: 21)
    /// `022`: the Envisalink or the panel does not support the command.
    public static let notSupported = SystemError(code: 22)
    /// `023`: disarm while the partition is not armed.
    public static let disarmWhileNotArmed = SystemError(code: 23)
    /// `024`: arming while the partition is not ready.
    public static let notReadyToArm = SystemError(code: 24)
    /// `025`: the command's data has the wrong length.
    public static let badLength = SystemError(code: 25)
    /// `026`: a code was sent (`200`) that no `900` asked for.
    public static let codeNotRequired = SystemError(code: 26)
    /// `027`: the command's data has characters it does not accept.
    public static let invalidCharacters = SystemError(code: 27)

    private static let retryable: Set<Int> = [1, 2, 10]

    private static let meanings: [Int: String] = {
        var meanings: [Int: String] = [
            0: "no error",
            1: "receive buffer overrun",
            2: "receive buffer overflow",
            3: "transmit buffer overflow",
            10: "keybus transmit buffer overrun",
            11: "keybus transmit time timeout",
            12: "keybus transmit mode timeout",
            13: "keybus transmit keystring timeout",
            14: "keybus down",
            15: "busy arming or disarming with a code",
            16: "keypad lockout",
            17: "installer mode",
            18: "partition busy",
            20: "syntax error",
            21: "partition out of range",
            22: "not supported",
            23: "disarm while not armed",
            24: "not ready to arm",
            25: "bad length",
            26: "code not required",
            27: "invalid characters",
        ]
        for code in 28...33 { meanings[code] = "IT-100 error" }
        return meanings
    }()
}
