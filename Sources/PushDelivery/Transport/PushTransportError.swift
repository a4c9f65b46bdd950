/// Why a request to a push provider or token endpoint got no HTTP reply.
public struct PushTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, to match on.
    public enum Code: String, Sendable, Hashable {
        /// A CA, certificate or key file for TLS could not be read.
        case unreadableTLSFile
        /// The endpoint is not an `https://` or `http://` URL.
        case invalidEndpoint
        /// No reply before the request's deadline.
        case timedOut
        /// The connection failed or closed before a reply (reset, TLS failure, GOAWAY).
        case connectionFailed
        /// The client was shut down.
        case shutDown
        /// The sending task was cancelled.
        case cancelled
        /// The endpoint is not allowed: its host resolves to an address that
        /// ``EndpointAddressPolicy`` refuses.
        case refusedEndpoint
    }

    /// What went wrong.
    public let code: Code
    /// A sentence for people; never contains credentials.
    public let message: String

    /// An error with `code` and `message`.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
