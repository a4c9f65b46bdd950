public import NIOCore

/// The Last Will (§3.1.2.5): the message the server publishes for the client when the
/// connection ends without DISCONNECT (network error, keep-alive timeout, protocol error).
/// Home Assistant's availability topic uses a retained will, e.g. `…/bridge` = `offline`.
public struct Will: Hashable, Sendable {
    /// Where the will is published.
    public let topic: TopicName
    /// The will message: any bytes, at most 65,535 of them.
    public let payload: ByteBuffer
    /// The QoS the server publishes it with.
    public let qos: QoS
    /// Whether the server retains it.
    public let retain: Bool

    /// The will `payload` on `topic`; a payload over 65,535 bytes is refused.
    public init(topic: TopicName, payload: ByteBuffer, qos: QoS, retain: Bool) throws(MQTTError) {
        guard payload.readableBytes <= Int(UInt16.max) else {
            throw MQTTError(.invalidArgument, "will message is \(payload.readableBytes) bytes long, over 65,535")
        }
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
    }
}
