import MQTT
import NIOCore
import NIOTestUtils
import Testing

/// Every packet a server sends to the client, decoded from bytes derived by hand from the spec
/// (OASIS MQTT 3.1.1, section named per test).
@Suite("MQTT packet decoding")
struct DecodingTests {
    /// §3.2: CONNACK = 20 02, acknowledge flags (bit 0 session present), return code (§3.2.2.3).
    @Test("CONNACK with every return code", arguments: [
        ("20 02 00 00", false, ConnectReturnCode.accepted),
        ("20 02 01 00", true, .accepted),
        ("20 02 00 01", false, .unacceptableProtocolVersion),
        ("20 02 00 02", false, .identifierRejected),
        ("20 02 00 03", false, .serverUnavailable),
        ("20 02 00 04", false, .badUserNameOrPassword),
        ("20 02 00 05", false, .notAuthorized),
    ])
    func connAck(bytes: String, sessionPresent: Bool, returnCode: ConnectReturnCode) throws {
        #expect(try decodedPackets(wire(bytes)) == [.connAck(ConnAckPacket(sessionPresent: sessionPresent, returnCode: returnCode))])
    }

    @Test func everyRefusalIsATypedErrorAndOnlyServerUnavailableIsRetryable() {
        let refusals: [(ConnectReturnCode, MQTTError.Code)] = [
            (.unacceptableProtocolVersion, .unacceptableProtocolVersion), (.identifierRejected, .identifierRejected),
            (.serverUnavailable, .serverUnavailable), (.badUserNameOrPassword, .badUserNameOrPassword),
            (.notAuthorized, .notAuthorized),
        ]
        #expect(ConnectReturnCode.accepted.error == nil)
        for (returnCode, code) in refusals {
            #expect(returnCode.error?.code == code)
            #expect(returnCode.isRetryable == (returnCode == .serverUnavailable))
        }
        #expect("\(ConnectReturnCode.notAuthorized)" == "not authorized")
    }

    /// §3.3, the reference's worked PUBLISH as a server delivers it: QoS 1, retained (33).
    @Test func publishQoS1Retained() throws {
        let packets = try decodedPackets(wire(#"33 28 00 1A "howalarming/site1/p1/state" 00 01 "armed_away""#))
        let expected = try PublishPacket(
            topic: topic("howalarming/site1/p1/state"), payload: ByteBuffer(string: "armed_away"),
            qos: .atLeastOnce, retain: true, packetID: id(1))
        #expect(packets == [.publish(expected)])
    }

    /// §3.3.1: DUP (08) + QoS 1 (02) = 3A; §3.3.2.2: no identifier on QoS 0 (30); empty payloads.
    @Test func publishFlagsAndEmptyPayloads() throws {
        let packets = try decodedPackets(wire(#"3A 05 00 01 "t" FF FE  30 03 00 01 "u"  34 05 00 01 "v" 00 02"#))
        #expect(packets == [
            .publish(try PublishPacket(topic: topic("t"), payload: ByteBuffer(), qos: .atLeastOnce, packetID: id(0xFFFE), duplicate: true)),
            .publish(try PublishPacket(topic: topic("u"), payload: ByteBuffer())),
            .publish(try PublishPacket(topic: topic("v"), payload: ByteBuffer(), qos: .exactlyOnce, packetID: id(2))),
        ])
    }

    /// A payload is any bytes: NUL, CR/LF, ill-formed UTF-8 are the application's business (§3.3.3).
    @Test func publishPayloadIsOpaque() throws {
        let payload: [UInt8] = [0x00, 0x0D, 0x0A, 0xC0, 0xFF]
        let packets = try decodedPackets(wire(#"30 08 00 01 "t""#) + payload)
        #expect(packets == [.publish(try PublishPacket(topic: topic("t"), payload: ByteBuffer(bytes: payload)))])
    }

    /// §3.4 PUBACK = 40 02 id; §3.11 UNSUBACK = B0 02 id; §3.13 PINGRESP = D0 00.
    @Test func acknowledgements() throws {
        #expect(try decodedPackets(wire("40 02 00 01  B0 02 00 03  D0 00  40 02 FF FF")) == [
            .pubAck(id(1)), .unsubAck(id(3)), .pingResp, .pubAck(id(65_535)),
        ])
    }

    /// §3.9, the reference's worked SUBACK: the first filter granted QoS 1, the second refused (80).
    @Test func subAckGrantsAndRefuses() throws {
        let packets = try decodedPackets(wire("90 04 00 02 01 80"))
        #expect(packets == [.subAck(SubAckPacket(packetID: id(2), results: [.granted(.atLeastOnce), .failure]))])
        let refused = SubscribeResult.failure.error(for: filter("howalarming/site1/+/set"))
        #expect(refused?.code == .subscriptionRefused)
        #expect(refused?.message.contains("howalarming/site1/+/set") == true)
        #expect(SubscribeResult.granted(.atMostOnce).error(for: filter("a")) == nil)
    }

    /// §3.9.3: the allowed return codes 00, 01, 02 and 80.
    @Test func subAckEveryCode() throws {
        #expect(try decodedPackets(wire("90 06 12 34 00 01 02 80")) == [
            .subAck(SubAckPacket(packetID: id(0x1234), results: [.granted(.atMostOnce), .granted(.atLeastOnce), .granted(.exactlyOnce), .failure])),
        ])
    }

    /// A topic of 300 bytes and a payload of 20,000: three-byte remaining length
    /// 2 + 300 + 20,000 = 20,302 = CE 9E 01.
    @Test func largePublish() throws {
        let name = String(repeating: "a/", count: 150).dropLast() + "b"
        let payload = ByteBuffer(repeating: 0x5A, count: 20_000)
        let bytes = wire("30 CE 9E 01 01 2C") + Array(name.utf8) + Array(payload.readableBytesView)
        #expect(try decodedPackets(bytes) == [.publish(try PublishPacket(topic: topic(String(name)), payload: payload))])
    }

    /// Several packets in one read, then each split at every byte boundary, then dripped one byte
    /// at a time (NIO's verifier also checks the buffer is left untouched while incomplete).
    @Test func splitAtEveryByteAndManyInOneRead() throws {
        let stream = wire(#"""
            20 02 01 00  90 04 00 02 01 80  33 28 00 1A "howalarming/site1/p1/state" 00 01 "armed_away"
            40 02 00 01  B0 02 00 03  D0 00  30 82 01 00 01 "t"
            """#) + [UInt8](repeating: 0x42, count: 127)
        let whole = try decodedPackets(stream)
        #expect(whole.count == 7)
        for split in 0...stream.count {
            var buffer = ByteBuffer(bytes: stream[..<split])
            var packets: [MQTTServerPacket] = []
            let decoder = MQTTPacketDecoder()
            while let packet = try decoder.decode(buffer: &buffer) { packets.append(packet) }
            buffer.writeBytes(stream[split...])
            while let packet = try decoder.decode(buffer: &buffer) { packets.append(packet) }
            #expect(packets == whole, "split at byte \(split)")
            #expect(buffer.readableBytes == 0)
        }
        try ByteToMessageDecoderVerifier.verifyDecoder(
            inputOutputPairs: [(ByteBuffer(bytes: stream), whole)], decoderFactory: { MQTTPacketDecoder() })
    }

    @Test func anIncompletePacketLeavesTheBufferUntouched() throws {
        let packet = wire(#"33 28 00 1A "howalarming/site1/p1/state" 00 01 "armed_away""#)
        for count in 0..<packet.count {
            var buffer = ByteBuffer(bytes: packet.prefix(count))
            #expect(try MQTTPacketDecoder().decode(buffer: &buffer) == nil)
            #expect(buffer.readableBytes == count)
        }
    }
}
