import MQTT
import NIOCore
import Testing

/// Bytes a server must never send: each is a typed error, never a crash, and most are refused
/// as soon as the byte that gives them away arrives.
@Suite("MQTT malformed packets")
struct MalformedPacketTests {
    static let cases: [(String, String, MQTTError.Code)] = [
        // §2.2.2: the reserved flags of CONNACK, PUBACK, SUBACK, UNSUBACK, PINGRESP are 0000 [MQTT-2.2.2-2].
        ("CONNACK with flags", "21 02 00 00", .invalidFlags),
        ("PUBACK with flags", "42 02 00 01", .invalidFlags),
        ("SUBACK with flags", "92 03 00 01 00", .invalidFlags),
        ("UNSUBACK with flags", "B8 02 00 01", .invalidFlags),
        ("PINGRESP with flags", "D1 00", .invalidFlags),
        // §3.3.1: QoS 3 [MQTT-3.3.1-4], DUP on QoS 0 [MQTT-3.3.1-2].
        ("PUBLISH QoS 3", "36 03 00 01 74", .invalidFlags),
        ("PUBLISH DUP on QoS 0", "38 03 00 01 74", .invalidFlags),
        // §2.2.1: types 0 and 15 are reserved; client-only and QoS 2 packets are not for this client.
        ("type 0", "00 00", .malformedPacket),
        ("type 15", "F0 00", .malformedPacket),
        ("CONNECT", "10 00", .unexpectedPacket),
        ("SUBSCRIBE", "82 00", .unexpectedPacket),
        ("UNSUBSCRIBE", "A2 00", .unexpectedPacket),
        ("PINGREQ", "C0 00", .unexpectedPacket),
        ("DISCONNECT", "E0 00", .unexpectedPacket),
        ("PUBREC", "50 02 00 01", .unexpectedPacket),
        ("PUBREL", "62 02 00 01", .unexpectedPacket),
        ("PUBCOMP", "70 02 00 01", .unexpectedPacket),
        // §2.2.3: five length bytes.
        ("remaining length of five bytes", "30 FF FF FF FF 7F", .malformedRemainingLength),
        // Lengths the packet's layout rules out.
        ("CONNACK too short", "20 01 00", .malformedPacket),
        ("CONNACK too long", "20 03 00 00 00", .malformedPacket),
        ("PUBACK too long", "40 03 00 01 00", .malformedPacket),
        ("UNSUBACK too short", "B0 01 00", .malformedPacket),
        ("PINGRESP with a body", "D0 01 00", .malformedPacket),
        ("SUBACK without return codes", "90 02 00 01", .malformedPacket),
        ("PUBLISH shorter than a topic length", "30 01 00", .malformedPacket),
        ("QoS 1 PUBLISH without room for an id", "32 03 00 01 74", .malformedPacket),
        // Fields: reserved bits, unknown codes, zero ids, topic lengths past the end, trailing bytes.
        ("CONNACK reserved acknowledge flags", "20 02 02 00", .malformedPacket),
        ("CONNACK unknown return code", "20 02 00 06", .malformedPacket),
        ("SUBACK unknown return code", "90 03 00 01 03", .malformedPacket),
        ("SUBACK code 81", "90 03 00 01 81", .malformedPacket),
        ("PUBACK id 0", "40 02 00 00", .malformedPacket),
        ("UNSUBACK id 0", "B0 02 00 00", .malformedPacket),
        ("SUBACK id 0", "90 03 00 00 00", .malformedPacket),
        ("QoS 1 PUBLISH id 0", "32 05 00 01 74 00 00", .malformedPacket),
        ("PUBLISH topic longer than the packet", "30 04 00 05 74 74", .malformedPacket),
        // §3.3.2.1: empty topics and wildcards in a PUBLISH topic [MQTT-3.3.2-2].
        ("PUBLISH empty topic", "30 02 00 00", .malformedPacket),
        ("PUBLISH topic with +", "30 05 00 03 61 2F 2B", .malformedPacket),
        ("PUBLISH topic with #", "30 03 00 01 23", .malformedPacket),
        // §1.5.3: ill-formed UTF-8 [MQTT-1.5.3-1] and U+0000 [MQTT-1.5.3-2].
        ("PUBLISH topic with U+0000", "30 04 00 02 61 00", .invalidString),
        ("PUBLISH topic with a lone continuation byte", "30 03 00 01 80", .invalidString),
        ("PUBLISH topic with an overlong form", "30 04 00 02 C0 AF", .invalidString),
        ("PUBLISH topic with a UTF-16 surrogate", "30 05 00 03 ED A0 80", .invalidString),
        ("PUBLISH topic cut inside a character", "30 03 00 01 C3", .invalidString),
    ]

    @Test("refused with a typed error", arguments: cases)
    func refused(name: String, bytes: String, code: MQTTError.Code) {
        var buffer = ByteBuffer(bytes: wire(bytes))
        do {
            let packet = try MQTTPacketDecoder().decode(buffer: &buffer)
            Issue.record("\(name): decoded \(String(describing: packet))")
        } catch let error as MQTTError {
            #expect(error.code == code, "\(name): \(error)")
        } catch {
            Issue.record("\(name): \(error)")
        }
    }

    /// A bad first byte or an impossible length is refused at once, without waiting for the body.
    @Test func refusedBeforeTheBodyArrives() {
        for prefix in ["21", "36", "10", "F0", "20 05", "D0 01", "30 FF FF FF 80", "90 02"] {
            var buffer = ByteBuffer(bytes: wire(prefix))
            #expect(throws: MQTTError.self, "\(prefix)") { _ = try MQTTPacketDecoder().decode(buffer: &buffer) }
        }
    }

    /// The cap counts the whole packet, fixed header included, and is checked from the length alone.
    @Test func packetsOverTheMaximumAreRefusedFromTheirLength() throws {
        let decoder = MQTTPacketDecoder(maximumPacketSize: 10)
        // 30 08 + 8 bytes = 10 bytes: accepted.
        #expect(try decodedPackets(wire(#"30 08 00 01 "t" "abcde""#), decoder: decoder).count == 1)
        // 30 09 + … = 11 bytes: refused with only the header here.
        var buffer = ByteBuffer(bytes: wire("30 09"))
        #expect {
            _ = try decoder.decode(buffer: &buffer)
        } throws: { error in
            let error = error as? MQTTError
            return error?.code == .packetTooLarge && error?.message.contains("11 bytes") == true
        }
        // The default is 1 MiB: a 268 MB announcement is refused at once.
        var huge = ByteBuffer(bytes: wire("30 FF FF FF 7F"))
        #expect(throws: MQTTError.self) { _ = try MQTTPacketDecoder().decode(buffer: &huge) }
    }
}
