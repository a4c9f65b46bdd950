public import NIOCore

/// A message type a ``QueueConsumer`` decodes from job bodies.
public protocol QueueMessage: Sendable {
    /// Decodes a job body; the error says which field is wrong, and is logged when the job is buried.
    static func decode(job body: ByteBuffer) throws(FormatError) -> Self
}

extension AlarmEvent: QueueMessage {
    public static func decode(job body: ByteBuffer) throws(FormatError) -> AlarmEvent {
        try decode(json: body.readableBytesView)
    }
}

extension AlarmCommand: QueueMessage {
    public static func decode(job body: ByteBuffer) throws(FormatError) -> AlarmCommand {
        try decode(job: body.readableBytesView)
    }
}
