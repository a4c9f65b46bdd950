/// What the mock push service answers a request that passed its checks.
public enum MockWebPushReply: Sendable {
    /// 201 Created, with a `Location` naming the message.
    case created
    /// `status`, with Apple's body `{"reason": reason}` when a reason is given, and the header
    /// `retry-after` when given.
    case error(status: Int, reason: String? = nil, retryAfter: Int? = nil)
    /// A redirect (`status` 301, 302, 307 or 308) to `location`, which a client must not follow.
    case redirect(status: Int = 307, location: String)
    /// No answer at all, until the server stops or the client gives up.
    case hang
    /// 201, after the given time.
    case delay(Duration)
}

extension MockWebPushReply {
    /// The status the client gets; 0 for ``hang``.
    var status: Int {
        switch self {
        case .created, .delay: 201
        case .error(let status, _, _), .redirect(let status, _): status
        case .hang: 0
        }
    }

    /// The answer; `messageURL` is the `Location` of a created message.
    func answer(messageURL: String) -> MockHTTPAnswer {
        switch self {
        case .created:
            return .respond(Self.created(messageURL))
        case .delay(let delay):
            return .respondAfter(delay, Self.created(messageURL))
        case .hang:
            return .hang
        case .redirect(let status, let location):
            return .respond(MockHTTPResponse(status: status, headers: [("location", location)], body: []))
        case .error(let status, let reason, let retryAfter):
            let headers = retryAfter.map { [(name: "retry-after", value: String($0))] } ?? []
            guard let reason else { return .respond(MockHTTPResponse(status: status, headers: headers, body: [])) }
            return .respond(.json(status: status, ["reason": reason], headers: headers))
        }
    }

    private static func created(_ messageURL: String) -> MockHTTPResponse {
        MockHTTPResponse(status: 201, headers: [("location", messageURL), ("ttl", "0")], body: [])
    }
}
