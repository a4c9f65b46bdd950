/// Why a mock server call failed.
public enum MockServerError: Error, CustomStringConvertible {
    /// `waitForRequests` gave up: `server` had recorded `received` of the `expected` requests
    /// when `timeout` passed.
    case timedOut(server: String, expected: Int, received: Int, timeout: Duration)
    /// `server` stopped before it was listening.
    case didNotStart(server: String)

    public var description: String {
        switch self {
        case .timedOut(let server, let expected, let received, let timeout):
            "\(server): waited \(timeout) for \(expected) requests, received \(received)"
        case .didNotStart(let server):
            "\(server) did not start listening"
        }
    }
}
