public import NIOCore

/// A job as returned by reserve and peek: its id and its body bytes.
public struct Job: Sendable, Hashable {
    public let id: JobID
    /// The body exactly as it was put (it may contain any bytes, `\r\n` included).
    public let body: ByteBuffer

    public init(id: JobID, body: ByteBuffer) {
        self.id = id
        self.body = body
    }
}
