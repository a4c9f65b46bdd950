public import Foundation

/// What the mock APNs server answers a request that passed its checks.
public enum MockAPNSReply: Sendable {
    /// 200, with `apns-id` and `apns-unique-id`.
    case success
    /// `status` with the body `{"reason": reason}`, plus `"timestamp"` (milliseconds since 1970)
    /// when given, and the header `retry-after` when given.
    case error(status: Int, reason: String, timestamp: Date? = nil, retryAfter: Int? = nil)
    /// No answer at all, until the server stops or the client cancels the request.
    case hang
    /// Success, after the given time.
    case delay(Duration)
}

extension MockAPNSReply {
    /// The status the client gets; 0 for ``hang``.
    var status: Int {
        switch self {
        case .success, .delay: 200
        case .error(let status, _, _, _): status
        case .hang: 0
        }
    }

    /// The `reason` of an error.
    var reason: String? {
        if case .error(_, let reason, _, _) = self { reason } else { nil }
    }

    /// The answer, with `apnsID` in the `apns-id` header.
    func answer(apnsID: String) -> MockHTTPAnswer {
        switch self {
        case .success:
            return .respond(Self.success(apnsID: apnsID))
        case .delay(let delay):
            return .respondAfter(delay, Self.success(apnsID: apnsID))
        case .hang:
            return .hang
        case .error(let status, let reason, let timestamp, let retryAfter):
            var body: [String: any Sendable] = ["reason": reason]
            body["timestamp"] = timestamp.map { Int64(($0.timeIntervalSince1970 * 1000).rounded(.down)) }
            var headers = [(name: "apns-id", value: apnsID)]
            if let retryAfter { headers.append(("retry-after", String(retryAfter))) }
            return .respond(.json(status: status, body, headers: headers))
        }
    }

    private static func success(apnsID: String) -> MockHTTPResponse {
        MockHTTPResponse(
            status: 200, headers: [("apns-id", apnsID), ("apns-unique-id", UUID().uuidString.lowercased())], body: [])
    }
}
