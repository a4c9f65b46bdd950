/// What a packet's first byte says, for the packets a server may send to this client: the type,
/// and for PUBLISH its flags. Anything else is refused here, before the rest arrives.
enum ServerPacketHeader: Equatable {
    case connAck
    case publish(qos: QoS, retain: Bool, duplicate: Bool)
    case pubAck
    case subAck
    case unsubAck
    case pingResp

    /// The header of a packet starting with `byte`.
    init(_ byte: UInt8) throws(MQTTError) {
        guard let type = PacketType(rawValue: byte >> 4) else {
            throw MQTTError(.malformedPacket, "reserved packet type \(byte >> 4)")
        }
        let flags = byte & 0x0F
        switch type {
        case .publish:
            // QoS 3 is malformed [MQTT-3.3.1-4], and so is DUP on QoS 0 [MQTT-3.3.1-2].
            guard let qos = QoS(rawValue: flags >> 1 & 0x03) else { throw MQTTError(.invalidFlags, "PUBLISH with QoS 3") }
            let duplicate = flags & 0x08 != 0
            if duplicate, qos == .atMostOnce { throw MQTTError(.invalidFlags, "PUBLISH with DUP set on QoS 0") }
            self = .publish(qos: qos, retain: flags & 0x01 != 0, duplicate: duplicate)
            return
        case .connAck: self = .connAck
        case .pubAck: self = .pubAck
        case .subAck: self = .subAck
        case .unsubAck: self = .unsubAck
        case .pingResp: self = .pingResp
        case .pubRec, .pubRel, .pubComp:
            throw MQTTError(.unexpectedPacket, "\(type.name): this client never uses QoS 2")
        case .connect, .subscribe, .unsubscribe, .pingReq, .disconnect:
            throw MQTTError(.unexpectedPacket, "\(type.name): only a client sends it")
        }
        // Every other packet a server sends has the flags 0000 [MQTT-2.2.2-2].
        guard flags == 0 else { throw MQTTError(.invalidFlags, "\(type.name) with flags \(flags), not 0") }
    }

    var type: PacketType {
        switch self {
        case .connAck: .connAck
        case .publish: .publish
        case .pubAck: .pubAck
        case .subAck: .subAck
        case .unsubAck: .unsubAck
        case .pingResp: .pingResp
        }
    }

    /// Whether a remaining length of `length` fits the packet's layout; checked before the bytes arrive.
    func allowsRemainingLength(_ length: Int) -> Bool {
        switch self {
        case .connAck, .pubAck, .unsubAck: length == 2
        case .pingResp: length == 0
        // Packet identifier and at least one return code [MQTT-3.9.3-1].
        case .subAck: length >= 3
        // Topic name length, and the packet identifier above QoS 0.
        case .publish(let qos, _, _): length >= (qos == .atMostOnce ? 2 : 4)
        }
    }
}
