import Synchronization

/// A provider outage a mock server plays until it is ended: every request gets the same failure,
/// before any check or script.
public enum MockOutage: Sendable, CaseIterable {
    /// 500 `InternalServerError`.
    case serverError
    /// 503 `ServiceUnavailable`.
    case unavailable
    /// No answer at all: the request hangs until the client gives up.
    case hang
    /// A GOAWAY on the request's connection, and 503 `Shutdown` for the request.
    case goAway

    /// The answer to a request during the outage.
    var answer: MockHTTPAnswer {
        switch self {
        case .serverError: .respond(.json(status: 500, ["reason": "InternalServerError"]))
        case .unavailable: .respond(.json(status: 503, ["reason": "ServiceUnavailable"]))
        case .hang: .hang
        case .goAway: .goAway(.json(status: 503, ["reason": "Shutdown"]))
        }
    }
}

/// The outage a server is playing, if any, and how many requests it failed.
final class OutageSwitch: Sendable {
    private let state = Mutex<(current: MockOutage?, failed: Int)>((nil, 0))

    /// Starts `outage`, replacing any other.
    func begin(_ outage: MockOutage) { state.withLock { $0.current = outage } }

    /// Ends the outage: requests are answered normally again.
    func end() { state.withLock { $0.current = nil } }

    /// The requests failed by outages so far.
    var failedCount: Int { state.withLock { $0.failed } }

    /// The outage's answer to a request, counted; `nil` when there is no outage.
    func answer() -> MockHTTPAnswer? {
        state.withLock { state in
            guard let outage = state.current else { return nil }
            state.failed += 1
            return outage.answer
        }
    }
}
