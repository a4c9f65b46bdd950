/// A packet this client sends to the server.
public enum MQTTClientPacket: Hashable, Sendable, CustomStringConvertible {
    case connect(ConnectPacket)
    case publish(PublishPacket)
    /// Acknowledges a received QoS 1 PUBLISH with this identifier.
    case pubAck(PacketID)
    case subscribe(SubscribePacket)
    case unsubscribe(UnsubscribePacket)
    case pingReq
    /// The clean end of a connection: the server discards the will [MQTT-3.14.4-3].
    case disconnect

    /// The packet for logs: never a password or a payload.
    public var description: String {
        switch self {
        case .connect(let connect): connect.description
        case .publish(let publish): publish.description
        case .pubAck(let id): "PUBACK id=\(id)"
        case .subscribe(let subscribe): subscribe.description
        case .unsubscribe(let unsubscribe): unsubscribe.description
        case .pingReq: "PINGREQ"
        case .disconnect: "DISCONNECT"
        }
    }
}
