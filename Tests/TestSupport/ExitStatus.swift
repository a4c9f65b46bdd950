/// How a child process ended.
public enum ExitStatus: Hashable, Sendable, CustomStringConvertible {
    /// It called `exit` with this code.
    case exited(Int32)
    /// A signal ended it (for example `SIGKILL` after a timeout).
    case signaled(Int32)

    /// Decodes a `waitpid` status word.
    init(waitStatus status: Int32) {
        let signal = status & 0x7f
        self = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
    }

    /// Whether the process exited with code 0.
    public var isSuccess: Bool { self == .exited(0) }

    public var description: String {
        switch self {
        case .exited(let code): "exit code \(code)"
        case .signaled(let signal): "killed by signal \(signal)"
        }
    }
}
