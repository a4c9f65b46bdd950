public import Foundation

/// A `messages:send` request the mock FCM server received, with what it answered.
public struct MockFCMRequest: Sendable {
    /// `message.token` of the body; empty when there is none.
    public let deviceToken: String
    /// The project in the path `/v1/projects/<project>/messages:send`.
    public let projectID: String
    /// The first value of each header field, by lower-case name.
    public let headers: [String: String]
    /// Every header field in order, names in lower case, repeated ones included.
    public let headerFields: [(name: String, value: String)]
    /// The body.
    public let body: [UInt8]
    /// The access token of `authorization: Bearer <token>`.
    public let accessToken: String?
    /// `"2"` or `"1.1"`.
    public let httpVersion: String
    /// When the request arrived.
    public let receivedAt: Date
    /// The status answered; 0 for a request left hanging.
    public let replyStatus: Int

    /// The body's `message` object.
    public var message: [String: Any]? {
        let body = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
        return body?["message"] as? [String: Any]
    }

    /// `message.data`, when every value in it is a string.
    public var data: [String: String]? {
        message?["data"] as? [String: String]
    }

    /// How many times the header field `name` (lower case) was sent.
    public func headerCount(_ name: String) -> Int {
        headerFields.count { $0.name == name }
    }
}
