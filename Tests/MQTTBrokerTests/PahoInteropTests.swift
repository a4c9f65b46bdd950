import Foundation
import MQTT
import NIOCore
import Testing
import TestSupport

/// paho-mqtt (Python) as an independent peer on the same broker, in both directions.
@Suite struct PahoInteropTests {
    /// Every byte value, so that no encoding step can hide in the payload.
    private static let binaryPayload = (0...255).map { UInt8($0) }

    @Test func whatWePublishPahoReceivesByteExact() async throws {
        try await withMosquitto(users: BrokerFixture.users) { broker in
            let python = try await PythonPeer.find()
            let client = try BrokerFixture.client(of: broker, as: BrokerFixture.bridge, id: "bridge-1")
            try await client.connect()
            try await client.publish(BrokerFixture.message("site/1/partition/1/state", "armed_away", qos: .atLeastOnce, retain: true))

            let paho = try python.start(script: "mqtt_peer.py", arguments: [
                "subscribe", broker.host, String(broker.port), BrokerFixture.viewer.name, BrokerFixture.viewer.password,
                "site/1/#", "3",
            ])
            _ = try await paho.awaitLine(containing: "subscribed")
            try await client.publish(MQTTMessage(
                topic: TopicName("site/1/zone/001"), payload: ByteBuffer(bytes: Self.binaryPayload), qos: .atMostOnce, retain: false))
            try await client.publish(BrokerFixture.message("site/1/event", "{\"code\":\"609\"}", qos: .atLeastOnce))
            let result = try await paho.waitForResult(timeout: .seconds(15))
            #expect(result.status.isSuccess, "\(paho.report)")

            let lines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("{") }
            let messages = try lines.map { try JSONDecoder().decode(PahoMessage.self, from: Data($0.utf8)) }
            #expect(messages == [
                PahoMessage(topic: "site/1/partition/1/state", payload: Array("armed_away".utf8), qos: 1, retain: true),
                PahoMessage(topic: "site/1/zone/001", payload: Self.binaryPayload, qos: 0, retain: false),
                PahoMessage(topic: "site/1/event", payload: Array("{\"code\":\"609\"}".utf8), qos: 1, retain: false),
            ])
            await client.close()
        }
    }

    @Test func whatPahoPublishesWeReceive() async throws {
        try await withMosquitto(users: BrokerFixture.users) { broker in
            let python = try await PythonPeer.find()
            let client = try BrokerFixture.client(of: broker, as: BrokerFixture.viewer, id: "viewer-1")
            try await client.connect()
            _ = try await client.subscribe([BrokerFixture.subscription("site/1/#")])

            for (topic, qos) in [("site/1/command", "1"), ("site/1/zone/002", "0")] {
                let hex = Self.binaryPayload.map { String(format: "%02x", $0) }.joined()
                let result = try await python.run(script: "mqtt_peer.py", arguments: [
                    "publish", broker.host, String(broker.port), BrokerFixture.bridge.name, BrokerFixture.bridge.password,
                    topic, hex, qos, "0",
                ])
                #expect(result.status.isSuccess, "\(result.stderr)")
            }
            let received = await client.receive(2)
            #expect(received.map(\.topic.rawValue) == ["site/1/command", "site/1/zone/002"])
            #expect(received.map { Array($0.payload.readableBytesView) } == [Self.binaryPayload, Self.binaryPayload])
            #expect(received.map(\.qos) == [.atLeastOnce, .atMostOnce])
            #expect(received.allSatisfy { !$0.retain })
            await client.close()
        }
    }
}

/// One message as mqtt_peer.py prints it.
private struct PahoMessage: Decodable, Equatable {
    let topic: String
    let payload: [UInt8]
    let qos: Int
    let retain: Bool

    init(topic: String, payload: [UInt8], qos: Int, retain: Bool) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
    }

    private enum CodingKeys: String, CodingKey { case topic, payload, qos, retain }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        topic = try container.decode(String.self, forKey: .topic)
        let hex = Array(try container.decode(String.self, forKey: .payload).utf8)
        payload = stride(from: 0, to: hex.count, by: 2).map { UInt8(String(decoding: hex[$0...$0 + 1], as: UTF8.self), radix: 16)! }
        qos = try container.decode(Int.self, forKey: .qos)
        retain = try container.decode(Bool.self, forKey: .retain)
    }
}
