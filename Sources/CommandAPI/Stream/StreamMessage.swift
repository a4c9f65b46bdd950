import NIOCore

/// What the ``StreamHub`` hands each open stream, encoded once for all of them.
enum StreamMessage: Sendable {
    /// An event stored at `cursor`: its `event` frame, then the `status` frame after it.
    case stored(cursor: Int64, frames: ByteBuffer)
    /// A delivery report's `delivery` frame.
    case delivery(frame: ByteBuffer)
    /// A `daemons` frame: a daemon started or stopped.
    case daemons(frame: ByteBuffer)
    /// Time for a `: keepalive` comment.
    case keepalive
}
