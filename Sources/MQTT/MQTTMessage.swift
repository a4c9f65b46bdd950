public import NIOCore

/// A message to publish: the session gives it a packet identifier when its QoS needs one.
public struct MQTTMessage: Hashable, Sendable, CustomStringConvertible {
    public let topic: TopicName
    public let payload: ByteBuffer
    public let qos: QoS
    public let retain: Bool

    /// Refuses QoS 2, which this client does not speak, and a payload too large for MQTT.
    public init(topic: TopicName, payload: ByteBuffer, qos: QoS, retain: Bool) throws(MQTTError) {
        guard qos != .exactlyOnce else { throw MQTTError(.invalidArgument, "this client publishes at QoS 0 or 1") }
        let length = PublishPacket.remainingLength(topic: topic, payloadCount: payload.readableBytes, hasPacketID: true)
        guard length <= RemainingLength.maximum else {
            throw MQTTError(.packetTooLarge, "a message of \(payload.readableBytes) payload bytes is over MQTT's 256 MiB")
        }
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
    }

    /// The PUBLISH carrying this message with `packetID` (for QoS 1), as first sent.
    func packet(id packetID: PacketID?) -> PublishPacket {
        PublishPacket(validated: topic, payload: payload, qos: qos, retain: retain, packetID: packetID, duplicate: false)
    }

    /// The message for logs: never the payload.
    public var description: String { "\(topic) \(qos)\(retain ? " retained" : "") (\(payload.readableBytes) bytes)" }
}
