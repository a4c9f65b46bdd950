import EnvisalinkTPI

/// The `502` system error codes the simulated EVL answers with (reference §3).
enum SystemError: String, Error, Sendable, Hashable {
    /// A line longer than the EVL's receive buffer.
    case receiveBufferOverflow = "002"
    /// A frame whose code is unknown or whose data does not parse.
    case syntaxError = "020"
    /// A partition outside 1–8 or beyond the configured count.
    case partitionOutOfRange = "021"
    /// A command the EVL/panel does not support (IT-100-only commands, `072`/`073` programming).
    case notSupported = "022"
    /// `040` while the partition is not armed.
    case disarmWhileNotArmed = "023"
    /// Arming while the partition is not ready (a zone open) or not disarmed.
    case notReadyToArm = "024"
    /// Data of the wrong length for the command.
    case badLength = "025"
    /// `200` with no `900` outstanding, or after its window.
    case codeNotRequired = "026"
    /// Data characters the command does not accept.
    case invalidCharacters = "027"

    /// The `502` frame carrying this code.
    var frame: TPIFrame { .simulated("502", rawValue) }
}
