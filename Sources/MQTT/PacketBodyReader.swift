import NIOCore

/// Reads the fields of one packet's variable header and payload, all of which are buffered.
/// Running out of bytes, or bytes left over, make the packet malformed.
struct PacketBodyReader {
    private var body: ByteBuffer
    private let type: PacketType

    init(_ body: ByteBuffer, of type: PacketType) {
        self.body = body
        self.type = type
    }

    var isAtEnd: Bool { body.readableBytes == 0 }

    mutating func readByte(_ field: String) throws(MQTTError) -> UInt8 {
        guard let byte = body.readInteger(as: UInt8.self) else { throw truncated(field) }
        return byte
    }

    /// A non-zero packet identifier [MQTT-2.3.1-1].
    mutating func readPacketID() throws(MQTTError) -> PacketID {
        guard let raw = body.readInteger(as: UInt16.self) else { throw truncated("packet identifier") }
        guard let id = PacketID(raw) else { throw malformed("has packet identifier 0") }
        return id
    }

    /// A length-prefixed UTF-8 string, checked against the string rules.
    mutating func readString(_ field: String) throws(MQTTError) -> String {
        guard let length = body.readInteger(as: UInt16.self) else { throw truncated(field) }
        guard let bytes = body.readSlice(length: Int(length)) else { throw truncated(field) }
        return try MQTTString.decode(bytes.readableBytesView, field: "\(type.name) \(field)")
    }

    /// Everything not read yet (a PUBLISH payload).
    mutating func readRest() -> ByteBuffer {
        body.readSlice(length: body.readableBytes)!
    }

    func expectEnd() throws(MQTTError) {
        guard isAtEnd else { throw malformed("has \(body.readableBytes) bytes after its last field") }
    }

    /// An error naming the packet type: "`type` `problem`".
    func malformed(_ problem: String) -> MQTTError {
        MQTTError(.malformedPacket, "\(type.name) \(problem)")
    }

    private func truncated(_ field: String) -> MQTTError {
        malformed("ends inside its \(field)")
    }
}
