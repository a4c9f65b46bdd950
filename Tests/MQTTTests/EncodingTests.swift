import AlarmCore
import MQTT
import NIOCore
import Testing

/// Every packet the client sends, compared byte by byte with bytes derived by hand from the
/// spec (OASIS MQTT 3.1.1, section named per test) and the reference's worked examples (§1.6 of
/// shared/reference/mqtt-home-assistant.md).
@Suite("MQTT packet encoding")
struct EncodingTests {
    /// §3.1, the reference's worked CONNECT: flags user|password|will retain|will QoS 1|will|clean
    /// = 80|40|20|08|04|02 = EE; remaining length 10 + 19 + 26 + 9 + 7 + 8 = 79 = 4F.
    @Test func connectWithEverything() throws {
        let connect = try ConnectPacket(
            clientID: "howalarming-site1", cleanSession: true, keepAlive: 30,
            userName: "site1", password: Secret("s3cret"),
            will: Will(topic: topic("howalarming/site1/bridge"), payload: ByteBuffer(string: "offline"), qos: .atLeastOnce, retain: true))
        #expect(encoded(.connect(connect)) == wire("""
            10 4F 00 04 4D 51 54 54 04 EE 00 1E
            00 11 "howalarming-site1"
            00 18 "howalarming/site1/bridge"
            00 07 "offline" 00 05 "site1" 00 06 "s3cret"
            """))
    }

    /// §3.1.2: only the client identifier; clean session 0 (flags 00), keep-alive 60 = 00 3C.
    /// Remaining length 10 + 2 + 3 = 15.
    @Test func connectMinimalWithPersistentSession() throws {
        let connect = try ConnectPacket(clientID: "abc", cleanSession: false, keepAlive: 60)
        #expect(encoded(.connect(connect)) == wire(#"10 0F 00 04 "MQTT" 04 00 00 3C 00 03 "abc""#))
    }

    /// §3.1.2.3: user name without password (80), a QoS 0 unretained will (04), clean session (02)
    /// = 86; an empty client identifier is allowed with a clean session [MQTT-3.1.3-6].
    /// Remaining length 10 + 2 + (2 + 1) + (2 + 0) + (2 + 1) = 20.
    @Test func connectWithEmptyIDUserNameAndQoS0Will() throws {
        let connect = try ConnectPacket(
            clientID: "", cleanSession: true, keepAlive: 65_535, userName: "u",
            will: Will(topic: topic("w"), payload: ByteBuffer(), qos: .atMostOnce, retain: false))
        #expect(encoded(.connect(connect)) == wire(#"10 14 00 04 "MQTT" 04 86 FF FF 00 00 00 01 "w" 00 00 00 01 "u""#))
    }

    /// §3.1.2.3: will QoS 2 sets bits 4–3 to 10 (10 hex), will flag 04, not retained: 14.
    @Test func connectWillQoS2Flags() throws {
        let connect = try ConnectPacket(
            clientID: "c", cleanSession: false, keepAlive: 1,
            will: Will(topic: topic("t"), payload: ByteBuffer(string: "x"), qos: .exactlyOnce, retain: false))
        #expect(encoded(.connect(connect)) == wire(#"10 13 00 04 "MQTT" 04 14 00 01 00 01 "c" 00 01 "t" 00 01 "x""#))
    }

    /// The password is UTF-8 binary data (§3.1.3.5): "pé" is 70 C3 A9.
    @Test func connectPasswordIsItsUTF8Bytes() throws {
        let connect = try ConnectPacket(clientID: "c", cleanSession: true, keepAlive: 30, userName: "u", password: Secret("pé"))
        #expect(encoded(.connect(connect)) == wire(#"10 15 00 04 "MQTT" 04 C2 00 1E 00 01 "c" 00 01 "u" 00 03 70 C3 A9"#))
    }

    /// §3.3, the reference's worked PUBLISH: QoS 1 (02) and retained (01) = 33; 2 + 26 + 2 + 10 = 40 = 28.
    @Test func publishQoS1Retained() throws {
        let publish = try PublishPacket(
            topic: topic("howalarming/site1/p1/state"), payload: ByteBuffer(string: "armed_away"),
            qos: .atLeastOnce, retain: true, packetID: id(1))
        let bytes = wire(#"33 28 00 1A "howalarming/site1/p1/state" 00 01 "armed_away""#)
        #expect(encoded(.publish(publish)) == bytes)
        // A resend after a reconnect sets DUP (08) [MQTT-3.3.1-1]: 3B, the rest unchanged.
        #expect(encoded(.publish(publish.resent)) == [0x3B] + bytes.dropFirst())
        #expect(publish.resent.duplicate && !publish.duplicate)
    }

    /// §3.3.1.3: a retained empty payload deletes the retained message; the reference's example.
    @Test func publishDeletingARetainedConfig() throws {
        let publish = try PublishPacket(
            topic: topic("homeassistant/binary_sensor/howalarming_site1/z007/config"), payload: ByteBuffer(),
            qos: .atLeastOnce, retain: true, packetID: id(7))
        #expect(encoded(.publish(publish)) == wire(#"33 3D 00 39 "homeassistant/binary_sensor/howalarming_site1/z007/config" 00 07"#))
    }

    /// §3.3.2.2: a QoS 0 PUBLISH has no packet identifier [MQTT-2.3.1-5]; flags 0000.
    @Test func publishQoS0HasNoPacketID() throws {
        let publish = try PublishPacket(topic: topic("a/b"), payload: ByteBuffer(string: "on"))
        #expect(encoded(.publish(publish)) == wire(#"30 07 00 03 "a/b" "on""#))
        #expect(publish.resent == publish)
    }

    /// §2.2.3: a payload of 200 bytes takes the remaining length past 127: 2 + 1 + 2 + 200 = 205 = CD 01.
    @Test func publishWithATwoByteRemainingLength() throws {
        let payload = [UInt8](repeating: 0xAB, count: 200)
        let publish = try PublishPacket(
            topic: topic("t"), payload: ByteBuffer(bytes: payload), qos: .atLeastOnce, packetID: id(0x1234))
        #expect(encoded(.publish(publish)) == wire(#"32 CD 01 00 01 "t" 12 34"#) + payload)
    }

    /// §3.4: PUBACK = 40 02 + packet identifier.
    @Test func pubAck() {
        #expect(encoded(.pubAck(id(1))) == wire("40 02 00 01"))
        #expect(encoded(.pubAck(id(65_535))) == wire("40 02 FF FF"))
    }

    /// §3.8, the reference's worked SUBSCRIBE: flags 0010 [MQTT-3.8.1-1] = 82;
    /// 2 + (2 + 20 + 1) + (2 + 23 + 1) = 51 = 33.
    @Test func subscribe() throws {
        let subscribe = try SubscribePacket(packetID: id(2), subscriptions: [
            Subscription(filter("homeassistant/status"), qos: .atLeastOnce),
            Subscription(filter("howalarming/site1/+/set"), qos: .atLeastOnce),
        ])
        #expect(encoded(.subscribe(subscribe)) == wire(#"""
            82 33 00 02 00 14 "homeassistant/status" 01
            00 17 "howalarming/site1/+/set" 01
            """#))
    }

    /// §3.8.3: the requested QoS byte per filter; QoS 0 on `#` is 00.
    @Test func subscribeQoS0ToEverything() throws {
        let subscribe = try SubscribePacket(packetID: id(0x0102), subscriptions: [Subscription(filter("#"), qos: .atMostOnce)])
        #expect(encoded(.subscribe(subscribe)) == wire(##"82 06 01 02 00 01 "#" 00"##))
    }

    /// §3.10, the reference's worked UNSUBSCRIBE: flags 0010 [MQTT-3.10.1-1] = A2; 2 + 2 + 20 = 24 = 18.
    @Test func unsubscribe() throws {
        let unsubscribe = try UnsubscribePacket(packetID: id(3), filters: [filter("homeassistant/status")])
        #expect(encoded(.unsubscribe(unsubscribe)) == wire(#"A2 18 00 03 00 14 "homeassistant/status""#))
        let two = try UnsubscribePacket(packetID: id(4), filters: [filter("a/+"), filter("b/#")])
        #expect(encoded(.unsubscribe(two)) == wire(#"A2 0C 00 04 00 03 "a/+" 00 03 "b/#""#))
    }

    /// §3.12 PINGREQ = C0 00; §3.14 DISCONNECT = E0 00.
    @Test func pingReqAndDisconnect() {
        #expect(encoded(.pingReq) == wire("C0 00"))
        #expect(encoded(.disconnect) == wire("E0 00"))
    }

    @Test func packetsEncodeOneAfterAnotherIntoOneBuffer() throws {
        var buffer = ByteBuffer()
        MQTTClientPacket.pingReq.encode(into: &buffer)
        MQTTClientPacket.pubAck(id(9)).encode(into: &buffer)
        MQTTClientPacket.disconnect.encode(into: &buffer)
        #expect(Array(buffer.readableBytesView) == wire("C0 00 40 02 00 09 E0 00"))
    }
}
