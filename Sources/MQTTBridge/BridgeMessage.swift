#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One message for the bridge to publish: its topic, payload, and whether the broker keeps it
/// (retained) for subscribers to come.
public struct BridgeMessage: Sendable, Hashable {
    /// The topic.
    public var topic: String
    /// The payload; empty deletes a retained message (and so a Home Assistant entity).
    public var payload: [UInt8]
    /// Whether the broker retains it.
    public var retain: Bool

    /// A message of `payload` on `topic`, retained unless `retain` is `false`.
    public init(topic: String, payload: [UInt8], retain: Bool = true) {
        self.topic = topic
        self.payload = payload
        self.retain = retain
    }

    /// A retained text message.
    init(topic: String, text: String) {
        self.init(topic: topic, payload: Array(text.utf8))
    }

    /// A retained JSON message of `value`, keys in snake case and sorted.
    init(topic: String, json value: some Encodable) {
        self.init(topic: topic, payload: BridgeMessage.json(value))
    }

    /// The empty retained message that deletes whatever `topic` retains.
    public static func removal(of topic: String) -> BridgeMessage {
        BridgeMessage(topic: topic, payload: [])
    }

    /// `value` as compact JSON, keys in snake case (`unique_id`) and sorted, `/` unescaped.
    static func json(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // The payloads are plain structs of strings, numbers and booleans: encoding cannot fail.
        return Array((try? encoder.encode(value)) ?? Data())
    }
}
