import NIOCore

/// The fixed header's remaining length (§2.2.3): the bytes after it, in one to four bytes of
/// seven bits each, least significant first, bit 7 meaning "more follows".
enum RemainingLength {
    /// 268,435,455: four bytes of seven bits.
    static let maximum = 268_435_455

    /// How many bytes `value` takes on the wire (1–4).
    static func byteCount(of value: Int) -> Int {
        switch value {
        case ..<128: 1
        case ..<16_384: 2
        case ..<2_097_152: 3
        default: 4
        }
    }

    /// Writes `value` (0…``maximum``) in its minimal form.
    static func write(_ value: Int, into buffer: inout ByteBuffer) {
        precondition((0...maximum).contains(value), "remaining length \(value) out of range")
        var rest = value
        repeat {
            var byte = UInt8(rest & 0x7F)
            rest >>= 7
            if rest > 0 { byte |= 0x80 }
            buffer.writeInteger(byte)
        } while rest > 0
    }

    /// What the bytes at `index` in `buffer` say, without moving the reader index.
    enum Reading: Equatable {
        /// Not all of the length's bytes have arrived yet.
        case incomplete
        /// The length `value`, written in `byteCount` bytes.
        case complete(value: Int, byteCount: Int)
    }

    /// Reads the length starting at `index`; a fourth byte with bit 7 set is malformed [MQTT-1.5.3].
    static func read(in buffer: ByteBuffer, at index: Int) throws(MQTTError) -> Reading {
        var value = 0
        for position in 0..<4 {
            guard let byte = buffer.getInteger(at: index + position, as: UInt8.self) else { return .incomplete }
            value |= Int(byte & 0x7F) << (7 * position)
            if byte & 0x80 == 0 { return .complete(value: value, byteCount: position + 1) }
        }
        throw MQTTError(.malformedRemainingLength, "remaining length longer than four bytes")
    }
}
