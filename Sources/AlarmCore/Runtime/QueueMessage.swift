public import NIOCore

/// A message type a ``QueueConsumer`` decodes from job bodies.
public protocol QueueMessage: Sendable {
    /// Decodes a job body; the error says which field is wrong, and is logged when the job is buried.
    static func decode(job body: ByteBuffer) throws(FormatError) -> Self

    /// What the message is, as the runtime's metrics label it (an event's type, a command's
    /// name): one of a few fixed words, never a secret.
    var kind: String { get }

    /// When the message was made, in Unix seconds, for the queue latency metric; `nil` when it does not say.
    var madeAt: Int64? { get }
}

extension QueueMessage {
    public var madeAt: Int64? { nil }
}

extension AlarmEvent: QueueMessage {
    public static func decode(job body: ByteBuffer) throws(FormatError) -> AlarmEvent {
        try decode(json: body.readableBytesView)
    }

    public var kind: String { type.rawValue }

    public var madeAt: Int64? { timestamp }
}

extension AlarmCommand: QueueMessage {
    public static func decode(job body: ByteBuffer) throws(FormatError) -> AlarmCommand {
        try decode(job: body.readableBytesView)
    }

    /// The simple command's name, or `raw` (never the raw command's data).
    public var kind: String {
        switch action {
        case .simple(let command): command.rawValue
        case .raw: "raw"
        }
    }

    public var madeAt: Int64? { timestamp }
}
