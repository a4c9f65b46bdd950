/// The error of a `502` message: why the Envisalink or the panel refused the last command.
public struct SystemError: Sendable, Hashable, CustomStringConvertible {
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
    public var description: String { "\(code.zeroPadded(3)): \(meaning)" }

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
