import AlarmCore
import MQTT
import NIOCore
import Testing

/// Packets the protocol forbids cannot be made, so they are never sent (mosquitto would close
/// the connection without a word, reference §1.9).
@Suite("MQTT packet validation")
struct PacketValidationTests {
    private func expectCode(_ code: MQTTError.Code, _ make: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(sourceLocation: sourceLocation) { try make() } throws: { ($0 as? MQTTError)?.code == code }
    }

    @Test func connectRules() {
        // [MQTT-3.1.3-7]: an empty client identifier needs a clean session.
        expectCode(.invalidArgument) { _ = try ConnectPacket(clientID: "", cleanSession: false, keepAlive: 30) }
        // [MQTT-3.1.2-22]: a password needs a user name.
        expectCode(.invalidArgument) { _ = try ConnectPacket(clientID: "c", cleanSession: true, keepAlive: 30, password: Secret("p")) }
        // [MQTT-1.5.3-2]: strings without U+0000, at most 65,535 bytes.
        expectCode(.invalidString) { _ = try ConnectPacket(clientID: "a\u{0}", cleanSession: true, keepAlive: 30) }
        expectCode(.invalidString) { _ = try ConnectPacket(clientID: "c", cleanSession: true, keepAlive: 30, userName: "u\u{0}") }
        expectCode(.invalidString) {
            _ = try ConnectPacket(clientID: String(repeating: "c", count: 65_536), cleanSession: true, keepAlive: 30)
        }
        expectCode(.invalidArgument) {
            _ = try ConnectPacket(
                clientID: "c", cleanSession: true, keepAlive: 30, userName: "u", password: Secret(String(repeating: "p", count: 65_536)))
        }
        #expect(throws: Never.self) {
            _ = try ConnectPacket(clientID: String(repeating: "c", count: 65_535), cleanSession: false, keepAlive: 0)
        }
    }

    @Test func willMessageIsAtMost65535Bytes() {
        expectCode(.invalidArgument) {
            _ = try Will(topic: topic("w"), payload: ByteBuffer(repeating: 0, count: 65_536), qos: .atLeastOnce, retain: true)
        }
        #expect(throws: Never.self) {
            _ = try Will(topic: topic("w"), payload: ByteBuffer(repeating: 0, count: 65_535), qos: .atLeastOnce, retain: true)
        }
    }

    @Test func publishRules() {
        // [MQTT-2.3.1-5]: a packet identifier exactly when QoS > 0.
        expectCode(.invalidArgument) { _ = try PublishPacket(topic: topic("t"), payload: ByteBuffer(), packetID: id(1)) }
        expectCode(.invalidArgument) { _ = try PublishPacket(topic: topic("t"), payload: ByteBuffer(), qos: .atLeastOnce) }
        expectCode(.invalidArgument) { _ = try PublishPacket(topic: topic("t"), payload: ByteBuffer(), qos: .exactlyOnce) }
        // [MQTT-3.3.1-2]: no DUP on QoS 0.
        expectCode(.invalidArgument) { _ = try PublishPacket(topic: topic("t"), payload: ByteBuffer(), duplicate: true) }
    }

    /// §2.2.3: 268,435,455 bytes after the fixed header at most; a QoS 0 PUBLISH to `t` carries
    /// 268,435,455 − 3 payload bytes at most. The payloads are allocated and never written, so
    /// their memory is never touched.
    @Test func publishAtMostTheLargestRemainingLength() throws {
        func payload(count: Int) -> ByteBuffer {
            var buffer = ByteBufferAllocator().buffer(capacity: count)
            buffer.moveWriterIndex(forwardBy: count)
            return buffer
        }
        #expect(throws: Never.self) { _ = try PublishPacket(topic: topic("t"), payload: payload(count: 268_435_452)) }
        expectCode(.packetTooLarge) { _ = try PublishPacket(topic: topic("t"), payload: payload(count: 268_435_453)) }
    }

    @Test func subscribeAndUnsubscribeNeedAFilter() {
        expectCode(.invalidArgument) { _ = try SubscribePacket(packetID: id(1), subscriptions: []) }
        expectCode(.invalidArgument) { _ = try UnsubscribePacket(packetID: id(1), filters: []) }
    }

    /// [MQTT-2.3.1-1]: packet identifiers are non-zero.
    @Test func packetIDZeroDoesNotExist() {
        #expect(PacketID(0) == nil)
        #expect(PacketID(1)?.value == 1)
        #expect(PacketID(.max)?.description == "65535")
    }
}
