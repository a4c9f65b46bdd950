public import AlarmCore

/// The OAuth2 JWT-bearer token request (RFC 7523): a form `POST` of the signed assertion to
/// the token endpoint.
///
/// Its descriptions never show the assertion.
public struct OAuthTokenRequest: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The token endpoint: the service account's `token_uri`.
    public let url: String
    /// The signed JWT.
    public let assertion: Secret

    /// The request that exchanges `assertion` at `url`.
    public init(url: String, assertion: Secret) {
        self.url = url
        self.assertion = assertion
    }

    /// The HTTP method: `POST`.
    public var method: String { "POST" }

    /// `content-type`: `application/x-www-form-urlencoded`.
    public var contentType: String { "application/x-www-form-urlencoded" }

    /// `grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=<jwt>`; a JWT
    /// has only characters that need no encoding in a form.
    public var body: [UInt8] {
        Array("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=\(assertion.value)".utf8)
    }

    /// `POST <url>`.
    public var description: String { "POST \(url)" }

    /// The URL only.
    public var customMirror: Mirror { Mirror(self, children: ["url": url], displayStyle: .struct) }
}
