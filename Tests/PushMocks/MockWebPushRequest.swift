public import Foundation

/// A request the mock push service received, with what it answered.
public struct MockWebPushRequest: Sendable {
    /// The subscription, from the path `/push/<subscription>`; empty when the path is not of that form.
    public let subscription: String
    /// The first value of each header field, by lower-case name.
    public let headers: [String: String]
    /// The body (encrypted: `aes128gcm`).
    public let body: [UInt8]
    /// `"2"` or `"1.1"`.
    public let httpVersion: String
    /// When the request arrived.
    public let receivedAt: Date
    /// The status answered; 0 for a request left hanging.
    public let replyStatus: Int
    /// Why the mock refused the request (401 or 400), when it did.
    public let refusal: String?

    /// The `Authorization` header: `vapid t=<jwt>, k=<key>`.
    public var authorization: String? { headers["authorization"] }
}
