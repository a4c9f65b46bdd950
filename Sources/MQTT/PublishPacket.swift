public import NIOCore

/// PUBLISH (§3.3): a message, in either direction.
///
/// The fields are checked together when the packet is made: a packet identifier exactly when
/// the QoS is above 0 [MQTT-2.3.1-5], DUP never on QoS 0 [MQTT-3.3.1-2], and a size MQTT can carry.
public struct PublishPacket: Hashable, Sendable, CustomStringConvertible {
    /// Where the message goes.
    public let topic: TopicName
    /// The message; any bytes, possibly none (a retained empty payload deletes the retained message).
    public let payload: ByteBuffer
    /// The QoS it is sent with.
    public let qos: QoS
    /// Client → server: keep it as the topic's retained message. Server → client: it was
    /// retained, and is delivered because of a new subscription [MQTT-3.3.1-8/9].
    public let retain: Bool
    /// The identifier of a QoS 1 or 2 message; `nil` for QoS 0.
    public let packetID: PacketID?
    /// Whether this is a resend of a message sent before [MQTT-3.3.1-1].
    public let duplicate: Bool

    public init(
        topic: TopicName, payload: ByteBuffer, qos: QoS = .atMostOnce, retain: Bool = false,
        packetID: PacketID? = nil, duplicate: Bool = false
    ) throws(MQTTError) {
        switch (qos, packetID) {
        case (.atMostOnce, .some):
            throw MQTTError(.invalidArgument, "a QoS 0 PUBLISH has no packet identifier")
        case (.atLeastOnce, nil), (.exactlyOnce, nil):
            throw MQTTError(.invalidArgument, "a \(qos) PUBLISH needs a packet identifier")
        default:
            break
        }
        if duplicate, qos == .atMostOnce { throw MQTTError(.invalidArgument, "a QoS 0 PUBLISH cannot be a duplicate") }
        let length = Self.remainingLength(topic: topic, payloadCount: payload.readableBytes, hasPacketID: packetID != nil)
        guard length <= RemainingLength.maximum else {
            throw MQTTError(.packetTooLarge, "PUBLISH of \(payload.readableBytes) payload bytes is over MQTT's 256 MiB")
        }
        self.init(validated: topic, payload: payload, qos: qos, retain: retain, packetID: packetID, duplicate: duplicate)
    }

    /// A packet whose fields were checked by the caller (the public initializer, the decoder).
    init(validated topic: TopicName, payload: ByteBuffer, qos: QoS, retain: Bool, packetID: PacketID?, duplicate: Bool) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
        self.packetID = packetID
        self.duplicate = duplicate
    }

    /// The same message marked as a resend (DUP = 1), for redelivery after a reconnect
    /// [MQTT-4.4.0-1]; a QoS 0 message is returned unchanged.
    public var resent: PublishPacket {
        PublishPacket(
            validated: topic, payload: payload, qos: qos, retain: retain, packetID: packetID,
            duplicate: qos != .atMostOnce)
    }

    /// The fixed header's flags: DUP (bit 3), QoS (bits 2–1), RETAIN (bit 0).
    var flags: UInt8 { (duplicate ? 0x08 : 0) | qos.rawValue << 1 | (retain ? 0x01 : 0) }

    /// Topic (length-prefixed), packet identifier if any, payload.
    static func remainingLength(topic: TopicName, payloadCount: Int, hasPacketID: Bool) -> Int {
        2 + topic.rawValue.utf8.count + (hasPacketID ? 2 : 0) + payloadCount
    }

    /// The packet for logs: topic, flags and size, never the payload.
    public var description: String {
        var text = "PUBLISH \(topic) \(qos)"
        if let packetID { text += " id=\(packetID)" }
        if retain { text += " retained" }
        if duplicate { text += " dup" }
        return text + " (\(payload.readableBytes) bytes)"
    }
}
