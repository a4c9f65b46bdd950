import NIOCore

extension ByteBuffer {
    /// Writes `text` as an MQTT string: a big-endian `UInt16` byte count, then the UTF-8 bytes.
    /// The caller has checked it against the string rules (``MQTTString``).
    mutating func writeMQTTString(_ text: String) {
        writeInteger(UInt16(text.utf8.count))
        writeString(text)
    }

    /// Writes `bytes` as MQTT binary data: a big-endian `UInt16` length, then the bytes.
    mutating func writeMQTTBinary(_ bytes: ByteBuffer) {
        writeInteger(UInt16(bytes.readableBytes))
        writeImmutableBuffer(bytes)
    }

    /// Writes a packet's fixed header: its first byte and the remaining length.
    mutating func writeFixedHeader(_ type: PacketType, flags: UInt8 = 0, remainingLength: Int) {
        writeInteger(type.headerByte(flags: flags))
        RemainingLength.write(remainingLength, into: &self)
    }
}

extension Int {
    /// The wire size of an MQTT string or binary field of this many bytes: the length prefix too.
    var withLengthPrefix: Int { 2 + self }
}
