import AlarmCore
public import NIOCore

extension MQTTClientPacket {
    /// Writes the whole packet, fixed header included, into `buffer`. Every packet was checked
    /// when it was made, so encoding cannot fail.
    public func encode(into buffer: inout ByteBuffer) {
        switch self {
        case .connect(let connect):
            Self.encode(connect, into: &buffer)
        case .publish(let publish):
            buffer.writeFixedHeader(
                .publish, flags: publish.flags,
                remainingLength: PublishPacket.remainingLength(
                    topic: publish.topic, payloadCount: publish.payload.readableBytes,
                    hasPacketID: publish.packetID != nil))
            buffer.writeMQTTString(publish.topic.rawValue)
            if let id = publish.packetID { buffer.writeInteger(id.value) }
            buffer.writeImmutableBuffer(publish.payload)
        case .pubAck(let id):
            buffer.writeFixedHeader(.pubAck, remainingLength: 2)
            buffer.writeInteger(id.value)
        case .subscribe(let subscribe):
            // SUBSCRIBE's reserved flags are 0010 [MQTT-3.8.1-1].
            buffer.writeFixedHeader(.subscribe, flags: 0x02, remainingLength: subscribe.remainingLength)
            buffer.writeInteger(subscribe.packetID.value)
            for subscription in subscribe.subscriptions {
                buffer.writeMQTTString(subscription.filter.rawValue)
                buffer.writeInteger(subscription.qos.rawValue)
            }
        case .unsubscribe(let unsubscribe):
            // UNSUBSCRIBE's reserved flags are 0010 [MQTT-3.10.1-1].
            buffer.writeFixedHeader(.unsubscribe, flags: 0x02, remainingLength: unsubscribe.remainingLength)
            buffer.writeInteger(unsubscribe.packetID.value)
            for filter in unsubscribe.filters { buffer.writeMQTTString(filter.rawValue) }
        case .pingReq:
            buffer.writeFixedHeader(.pingReq, remainingLength: 0)
        case .disconnect:
            buffer.writeFixedHeader(.disconnect, remainingLength: 0)
        }
    }

    /// The protocol name "MQTT" and level 4 (§3.1.2.1–2).
    private static let protocolHeader: [UInt8] = [0x00, 0x04, 0x4D, 0x51, 0x54, 0x54, 0x04]

    /// §3.1: variable header (protocol, flags, keep-alive), then client ID, will topic, will
    /// message, user name, password, each only if flagged [MQTT-3.1.3-1].
    private static func encode(_ connect: ConnectPacket, into buffer: inout ByteBuffer) {
        let password = connect.password.map { ByteBuffer(string: $0.value) }
        var length = protocolHeader.count + 1 + 2 + connect.clientID.utf8.count.withLengthPrefix
        if let will = connect.will {
            length += will.topic.rawValue.utf8.count.withLengthPrefix + will.payload.readableBytes.withLengthPrefix
        }
        if let userName = connect.userName { length += userName.utf8.count.withLengthPrefix }
        if let password { length += password.readableBytes.withLengthPrefix }

        buffer.writeFixedHeader(.connect, remainingLength: length)
        buffer.writeBytes(protocolHeader)
        buffer.writeInteger(connect.flags)
        buffer.writeInteger(connect.keepAlive)
        buffer.writeMQTTString(connect.clientID)
        if let will = connect.will {
            buffer.writeMQTTString(will.topic.rawValue)
            buffer.writeMQTTBinary(will.payload)
        }
        if let userName = connect.userName { buffer.writeMQTTString(userName) }
        if let password { buffer.writeMQTTBinary(password) }
    }
}
