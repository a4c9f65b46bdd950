#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What APNs answered to one request: the status, the reply headers that matter, and the
/// JSON error body (`{"reason": "…"}`, with `"timestamp"` in milliseconds on 410 replies).
public struct APNSResponse: Sendable, Hashable {
    /// The HTTP status; 200 means accepted.
    public var status: Int
    /// The `apns-id` reply header: the request's, echoed.
    public var apnsID: String?
    /// The `apns-unique-id` reply header: Apple's own id for the notification, for its
    /// delivery log.
    public var apnsUniqueID: String?
    /// The error body's `reason`, such as `"BadDeviceToken"`.
    public var reason: String?
    /// The error body's `timestamp`: when APNs last confirmed the token was no longer valid.
    public var timestamp: Date?
    /// The wait a `Retry-After` header asked for.
    public var retryAfter: Duration?

    /// A response with the given parts.
    public init(
        status: Int, apnsID: String? = nil, apnsUniqueID: String? = nil, reason: String? = nil,
        timestamp: Date? = nil, retryAfter: Duration? = nil
    ) {
        self.status = status
        self.apnsID = apnsID
        self.apnsUniqueID = apnsUniqueID
        self.reason = reason
        self.timestamp = timestamp
        self.retryAfter = retryAfter
    }

    /// Reads a reply: its status, header fields (names in any letter case) and body. A body that
    /// is not the JSON APNs documents leaves ``reason`` and ``timestamp`` `nil`; the status then decides.
    public init(
        status: Int, headerFields: some Sequence<(name: String, value: String)>, body: some Collection<UInt8>,
        now: Date
    ) {
        let headers = ReplyHeaders(headerFields)
        let error = try? JSONDecoder().decode(ErrorBody.self, from: Data(body))
        self.init(
            status: status,
            apnsID: headers["apns-id"],
            apnsUniqueID: headers["apns-unique-id"],
            reason: error?.reason,
            timestamp: error?.timestamp.map { Date(timeIntervalSince1970: $0 / 1000) },
            retryAfter: headers["retry-after"].flatMap { RetryAfter.parse($0, now: now) }
        )
    }

    private struct ErrorBody: Decodable {
        var reason: String?
        var timestamp: Double?
    }
}
