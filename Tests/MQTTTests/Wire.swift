import MQTT
import NIOCore

/// Bytes written as the spec writes them: hex pairs, spaces ignored, and `"text"` for the bytes
/// of a string; e.g. `00 14 "homeassistant/status"`.
func wire(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var rest = Substring(text)
    while let next = rest.first {
        if next == " " || next == "\n" {
            rest = rest.dropFirst()
        } else if next == "\"" {
            let end = rest.dropFirst().firstIndex(of: "\"")!
            bytes += Array(rest[rest.index(after: rest.startIndex)..<end].utf8)
            rest = rest[rest.index(after: end)...]
        } else {
            bytes.append(UInt8(rest.prefix(2), radix: 16)!)
            rest = rest.dropFirst(2)
        }
    }
    return bytes
}

/// The bytes `packet` encodes to.
func encoded(_ packet: MQTTClientPacket) -> [UInt8] {
    var buffer = ByteBuffer()
    packet.encode(into: &buffer)
    return Array(buffer.readableBytesView)
}

/// Every packet `bytes` decode to, expecting nothing left over.
func decodedPackets(_ bytes: [UInt8], decoder: MQTTPacketDecoder = MQTTPacketDecoder()) throws -> [MQTTServerPacket] {
    var buffer = ByteBuffer(bytes: bytes)
    var packets: [MQTTServerPacket] = []
    while let packet = try decoder.decode(buffer: &buffer) { packets.append(packet) }
    guard buffer.readableBytes == 0 else { throw LeftOver(count: buffer.readableBytes) }
    return packets
}

/// A decode that stopped with bytes it could not use yet.
struct LeftOver: Error, Equatable {
    let count: Int
}

/// Shorthands for values known to be valid.
func topic(_ text: String) -> TopicName { try! TopicName(text) }
func filter(_ text: String) -> TopicFilter { try! TopicFilter(text) }
func id(_ value: UInt16) -> PacketID { PacketID(value)! }
