#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What to do with each push service reply (RFC 8030 §7.2–7.3, and what FCM, Mozilla autopush
/// and Apple answer in practice).
///
/// - 200, 201, 202: delivered (accepted by the push service), with the `Location` as the
///   provider's message id.
/// - 404, 410: the subscription is gone (unsubscribed, permission revoked, expired): prune
///   (the registry keeps a browser that registered it again after the request was sent).
/// - 413: the message is too large for this service: fail.
/// - 400 and the other 4xx: the request is wrong: fail, never resent unchanged.
/// - 401, 403: the VAPID token was refused (wrong key, subject, audience or clock): fail this
///   subscription when it alone hears it (it was made with another VAPID key), halt Web Push
///   when most of an event's subscriptions hear it. Nothing is pruned either way.
/// - 429: retry after `Retry-After`, else after one minute.
/// - 5xx: retry after `Retry-After`, else after the sender's backoff.
/// - 3xx: a redirect, which is never followed: fail.
/// - Anything else: retry after the sender's backoff, the reason marked `(unrecognised)`.
///
/// Reasons are `HTTP <status>`, followed by the service's own word when its JSON body has one
/// (Apple's `reason`, autopush's `errno`); never the body itself, and never the endpoint.
public enum WebPushErrorTable {
    /// The outcome of the reply with `status`, header fields and `body`, for a device and
    /// attempt described by `context`.
    public static func action(
        status: Int, headerFields: some Sequence<(name: String, value: String)>, body: some Collection<UInt8>,
        now: Date, context: DeliveryContext
    ) -> DeliveryOutcome {
        let headers = ReplyHeaders(headerFields)
        if [200, 201, 202].contains(status) {
            return .delivered(providerMessageID: headers["location"].map(Self.messageID))
        }
        let retryAfter = headers["retry-after"].flatMap { RetryAfter.parse($0, now: now) }
        let reason = "HTTP \(status)" + (serviceWord(body).map { " \($0)" } ?? "")
        let rule: ReplyRule
        switch status {
        case 300..<400:
            return .fail(reason: "\(reason): a redirect, not followed")
        case 401, 403:
            rule = .failUnlessWidespread
        case 404, 410:
            rule = .prune
        case 429:
            rule = .retry(defaultDelay: .seconds(60), freshConnection: false)
        case 400..<500:
            rule = .fix
        case 500..<600:
            rule = .retry(defaultDelay: nil, freshConnection: false)
        default:
            return ReplyRule.unrecognised(reason, retryAfter: retryAfter)
        }
        return rule.outcome(reason: reason, retryAfter: retryAfter, timestamp: nil, context: context)
    }

    /// The last path segment of a `Location` (the message resource), without the origin: found
    /// from the end, as every accepted message has one.
    private static func messageID(_ location: String) -> String {
        let bytes = location.utf8
        let slash = UInt8(ascii: "/")
        let end = bytes.lastIndex { $0 != slash }.map(bytes.index(after:)) ?? bytes.startIndex
        let start = bytes[..<end].lastIndex(of: slash).map(bytes.index(after:)) ?? bytes.startIndex
        return String(location[start..<end].prefix(128))
    }

    /// Apple's `{"reason":"BadJwtToken"}` or autopush's `{"errno":109}`, when the body is such JSON.
    private static func serviceWord(_ body: some Collection<UInt8>) -> String? {
        guard !body.isEmpty, body.count <= 4096, let object = try? JSONDecoder().decode(ServiceBody.self, from: Data(body))
        else { return nil }
        if let reason = object.reason, reason.count <= 64, reason.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
            return reason
        }
        return object.errno.map { "errno \($0)" }
    }

    /// The members of the services' error bodies that name the problem.
    private struct ServiceBody: Decodable {
        var reason: String?
        var errno: Int?
    }
}
