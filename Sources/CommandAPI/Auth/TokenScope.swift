/// What an API token may do.
public enum TokenScope: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Read only: `GET` requests (status, history, metrics).
    case read
    /// Everything `read` may, plus `POST` and `DELETE`: sending commands and registering devices.
    case control

    /// Whether this scope allows a request with the given HTTP method name.
    public func allows(method: String) -> Bool {
        switch self {
        case .control: true
        case .read: method == "GET" || method == "HEAD"
        }
    }

    public var description: String { rawValue }
}
