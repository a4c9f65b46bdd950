import Foundation
import TestSupport

/// paho-mqtt subscribed to a filter for the whole test, as Home Assistant or Node-RED would be:
/// every message it received, in order, and the latest retained state of each topic.
struct MQTTObserver {
    struct Message: Decodable, Equatable {
        var topic: String
        var payload: String
        var retain: Bool

        private enum CodingKeys: String, CodingKey { case topic, payload, retain }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            topic = try container.decode(String.self, forKey: .topic)
            retain = try container.decode(Bool.self, forKey: .retain)
            let hex = try container.decode(String.self, forKey: .payload)
            var bytes: [UInt8] = []
            var index = hex.startIndex
            while index < hex.endIndex {
                let next = hex.index(index, offsetBy: 2)
                bytes.append(UInt8(hex[index..<next], radix: 16)!)
                index = next
            }
            payload = String(decoding: bytes, as: UTF8.self)
        }
    }

    let process: ChildProcess

    /// Subscribes as `user` to `filter` and returns once subscribed.
    static func start(python: PythonPeer, broker: MosquittoBroker, user: MosquittoUser, filter: String) async throws -> MQTTObserver {
        let process = try python.start(script: "mqtt_peer.py", arguments: [
            "subscribe", broker.host, String(broker.port), user.name, user.password, filter, "0",
        ])
        _ = try await process.awaitLine(containing: "subscribed", timeout: .seconds(15))
        return MQTTObserver(process: process)
    }

    /// Every message so far, in order.
    var messages: [Message] {
        process.lines.filter { $0.hasPrefix("{") }.compactMap { try? JSONDecoder().decode(Message.self, from: Data($0.utf8)) }
    }

    /// The messages on `topic` so far.
    func messages(on topic: String) -> [String] {
        messages.filter { $0.topic == topic }.map(\.payload)
    }

    /// The last payload on `topic`, `nil` if none came.
    func latest(_ topic: String) -> String? {
        messages(on: topic).last
    }

    /// The events (`howalarming/<site>/event`) so far, as JSON text.
    func events(site: String = "home") -> [String] {
        messages(on: "howalarming/\(site)/event")
    }

    /// Waits until the last payload on `topic` is `payload`.
    func waitFor(_ topic: String, _ payload: String, timeout: Duration = .seconds(20)) async throws {
        try await waitUntil("\(topic) = \(payload) (last: \(latest(topic) ?? "none"))", timeout: timeout) { latest(topic) == payload }
    }

    /// Waits until some message on `topic` satisfies `condition`, and returns it.
    @discardableResult
    func waitFor(_ topic: String, timeout: Duration = .seconds(20), where condition: (String) -> Bool) async throws -> String {
        try await waitUntil("a matching message on \(topic)", timeout: timeout) { messages(on: topic).contains(where: condition) }
        return messages(on: topic).last(where: condition)!
    }

    func stop() {
        process.kill()
    }
}
