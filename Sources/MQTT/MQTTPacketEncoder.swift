import NIOCore

/// Writes each ``MQTTClientPacket`` the session sends as its bytes.
struct MQTTPacketEncoder: MessageToByteEncoder {
    typealias OutboundIn = MQTTClientPacket

    func encode(data: MQTTClientPacket, out: inout ByteBuffer) {
        data.encode(into: &out)
    }
}
