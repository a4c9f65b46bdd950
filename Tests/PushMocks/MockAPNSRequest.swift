public import Foundation

/// A request the mock APNs server received, with what it answered.
public struct MockAPNSRequest: Sendable {
    /// The token from the path `/3/device/<token>`; empty when the path is not of that form.
    public let deviceToken: String
    /// The request path.
    public let path: String
    /// The first value of each header field, by lower-case name.
    public let headers: [String: String]
    /// Every header field in order, names in lower case, repeated ones included.
    public let headerFields: [(name: String, value: String)]
    /// The body.
    public let body: [UInt8]
    /// Whether the body is a JSON object with an `aps` dictionary.
    public let validJSON: Bool
    /// The provider token of `authorization: bearer <jwt>`.
    public let jwt: String?
    /// `"2"` or `"1.1"`.
    public let httpVersion: String
    /// When the request arrived.
    public let receivedAt: Date
    /// The status answered; 0 for a request left hanging.
    public let replyStatus: Int
    /// The `reason` answered with an error status.
    public let replyReason: String?

    /// How many times the header field `name` (lower case) was sent.
    public func headerCount(_ name: String) -> Int {
        headerFields.count { $0.name == name }
    }
}
