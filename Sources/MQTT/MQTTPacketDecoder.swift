public import NIOCore

/// Frames and parses the packets a server sends to this client, out of a byte stream.
///
/// Pure and incremental: returns `nil` and leaves the buffer untouched until a whole packet is
/// there, so a packet split anywhere and many packets in one read both work. The first byte is
/// checked at once (a packet type a server never sends, wrong reserved flags), the length as soon
/// as it is complete (over ``maximumPacketSize``, or impossible for the packet type); a bad
/// packet throws an ``MQTTError`` and the connection must close (3.1.1 has no error packets).
public struct MQTTPacketDecoder: NIOSingleStepByteToMessageDecoder {
    public typealias InboundOut = MQTTServerPacket

    /// The default cap on a whole packet, fixed header included: 1 MiB.
    public static let defaultMaximumPacketSize = 1 << 20

    /// The largest packet accepted, fixed header included.
    public let maximumPacketSize: Int

    public init(maximumPacketSize: Int = MQTTPacketDecoder.defaultMaximumPacketSize) {
        self.maximumPacketSize = maximumPacketSize
    }

    public func decode(buffer: inout ByteBuffer) throws -> MQTTServerPacket? {
        guard let first = buffer.getInteger(at: buffer.readerIndex, as: UInt8.self) else { return nil }
        let header = try ServerPacketHeader(first)
        let reading = try RemainingLength.read(in: buffer, at: buffer.readerIndex + 1)
        guard case .complete(let length, let lengthByteCount) = reading else { return nil }
        let total = 1 + lengthByteCount + length
        guard total <= maximumPacketSize else {
            throw MQTTError(
                .packetTooLarge, "\(header.type.name) of \(total) bytes is over the maximum of \(maximumPacketSize)")
        }
        guard header.allowsRemainingLength(length) else {
            throw MQTTError(.malformedPacket, "\(header.type.name) with remaining length \(length)")
        }
        guard buffer.readableBytes >= total else { return nil }
        var body = PacketBodyReader(
            buffer.getSlice(at: buffer.readerIndex + 1 + lengthByteCount, length: length)!, of: header.type)
        let packet = try Self.parse(header, body: &body)
        try body.expectEnd()
        buffer.moveReaderIndex(forwardBy: total)
        return packet
    }

    public func decodeLast(buffer: inout ByteBuffer, seenEOF: Bool) throws -> MQTTServerPacket? {
        try decode(buffer: &buffer)
    }

    private static func parse(_ header: ServerPacketHeader, body: inout PacketBodyReader) throws(MQTTError)
        -> MQTTServerPacket
    {
        switch header {
        case .connAck:
            let acknowledgeFlags = try body.readByte("acknowledge flags")
            // Bits 7–1 are reserved [MQTT-3.2.2-1].
            guard acknowledgeFlags & 0xFE == 0 else { throw body.malformed("has reserved acknowledge flags set") }
            let rawCode = try body.readByte("return code")
            guard let returnCode = ConnectReturnCode(rawValue: rawCode) else {
                throw body.malformed("has unknown return code \(rawCode)")
            }
            return .connAck(ConnAckPacket(sessionPresent: acknowledgeFlags == 1, returnCode: returnCode))
        case .publish(let qos, let retain, let duplicate):
            let topic = try readTopicName(&body)
            let packetID = qos == .atMostOnce ? nil : try body.readPacketID()
            return .publish(PublishPacket(
                validated: topic, payload: body.readRest(), qos: qos, retain: retain,
                packetID: packetID, duplicate: duplicate))
        case .pubAck:
            return .pubAck(try body.readPacketID())
        case .subAck:
            let id = try body.readPacketID()
            var results: [SubscribeResult] = []
            while !body.isAtEnd {
                let code = try body.readByte("return codes")
                if code == 0x80 {
                    results.append(.failure)
                } else if let qos = QoS(rawValue: code) {
                    results.append(.granted(qos))
                } else {
                    throw body.malformed("has unknown return code \(code)")
                }
            }
            return .subAck(SubAckPacket(packetID: id, results: results))
        case .unsubAck:
            return .unsubAck(try body.readPacketID())
        case .pingResp:
            return .pingResp
        }
    }

    /// A PUBLISH's topic: the string rules, and no wildcards [MQTT-3.3.2-2].
    private static func readTopicName(_ body: inout PacketBodyReader) throws(MQTTError) -> TopicName {
        let text = try body.readString("topic name")
        do {
            return try TopicName(text)
        } catch {
            throw body.malformed("has an invalid topic name: \(error.message)")
        }
    }
}
