/// How one run of a script consumer's program ended.
public enum ScriptTermination: Sendable, Hashable, CustomStringConvertible {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it before any timeout (for example an out-of-memory kill).
    case signalled(Int32)
    /// It ran past its time limit and was killed.
    case timedOut(after: Duration)
    /// It could not be started; the text says why (such as `Permission denied`).
    case failedToStart(String)

    public var description: String {
        switch self {
        case let .exited(status): "exited with status \(status)"
        case let .signalled(signal): "ended by signal \(signal)"
        case let .timedOut(limit): "killed after its \(limit) time limit"
        case let .failedToStart(reason): "could not start (\(reason))"
        }
    }
}
