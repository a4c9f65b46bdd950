public import AlarmCore

/// One FCM HTTP v1 request: an ``FCMMessage`` for one device.
public struct FCMRequest: Sendable, Hashable {
    /// Google's FCM host (port 443).
    public static let host = "fcm.googleapis.com"

    /// The Firebase project, from the service account's `project_id`.
    public let projectID: String
    /// The device's FCM registration token.
    public let deviceToken: String
    /// The JSON body: `{"message": {"token": …, …}}`.
    public let body: [UInt8]

    /// The HTTP method: `POST`.
    public var method: String { "POST" }

    /// The request path: `/v1/projects/<project>/messages:send`.
    public var path: String { "/v1/projects/\(projectID)/messages:send" }

    /// The header fields, lower-case as HTTP/2 has them, with the OAuth2 access token
    /// (`Bearer <token>`) from ``FCMAccessTokenProvider``.
    public func headerFields(authorization accessToken: Secret) -> [(name: String, value: String)] {
        [
            ("authorization", "Bearer \(accessToken.value)"),
            ("content-type", "application/json; charset=UTF-8"),
        ]
    }
}
