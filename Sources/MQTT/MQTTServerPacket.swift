/// A packet the server sends to this client.
public enum MQTTServerPacket: Hashable, Sendable, CustomStringConvertible {
    case connAck(ConnAckPacket)
    case publish(PublishPacket)
    /// Acknowledges this client's QoS 1 PUBLISH with this identifier.
    case pubAck(PacketID)
    case subAck(SubAckPacket)
    /// Acknowledges this client's UNSUBSCRIBE with this identifier.
    case unsubAck(PacketID)
    case pingResp

    /// The packet for logs: never a payload.
    public var description: String {
        switch self {
        case .connAck(let connAck): connAck.description
        case .publish(let publish): publish.description
        case .pubAck(let id): "PUBACK id=\(id)"
        case .subAck(let subAck): subAck.description
        case .unsubAck(let id): "UNSUBACK id=\(id)"
        case .pingResp: "PINGRESP"
        }
    }
}
