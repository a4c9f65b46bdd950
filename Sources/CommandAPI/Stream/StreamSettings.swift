/// The limits of `GET /v1/stream`.
public struct StreamSettings: Sendable, Hashable {
    /// Streams open at once per token (default 10).
    public var perTokenLimit: Int
    /// Messages that may wait for one slow client before its stream is ended (default 512).
    public var bufferSize: Int
    /// Time between `: keepalive` comments (default 15 s).
    public var keepalive: Duration

    /// The limits; the defaults are the daemon's.
    public init(perTokenLimit: Int = 10, bufferSize: Int = 512, keepalive: Duration = .seconds(15)) {
        precondition(perTokenLimit >= 1 && bufferSize >= 1 && keepalive > .zero)
        self.perTokenLimit = perTokenLimit
        self.bufferSize = bufferSize
        self.keepalive = keepalive
    }
}
