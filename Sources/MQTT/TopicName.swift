/// The topic a message is published to (§4.7): at least one character, no wildcard
/// [MQTT-3.3.2-2], and the string rules (at most 65,535 bytes, no U+0000). Case-sensitive, and
/// compared byte by byte.
public struct TopicName: Hashable, Sendable, CustomStringConvertible {
    /// The topic, e.g. `howalarming/site1/p1/state`.
    public let rawValue: String

    /// The topic `rawValue`, if it is a valid topic name.
    public init(_ rawValue: String) throws(MQTTError) {
        if rawValue.isEmpty { throw MQTTError(.invalidTopicName, "topic name is empty") }
        if let problem = MQTTString.problem(with: rawValue) {
            throw MQTTError(.invalidTopicName, "topic name \(problem)")
        }
        if rawValue.utf8.contains(where: { $0 == TopicLevels.singleLevelWildcard || $0 == TopicLevels.multiLevelWildcard }) {
            throw MQTTError(.invalidTopicName, "topic name \"\(rawValue.prefix(64))\" contains a wildcard")
        }
        self.rawValue = rawValue
    }

    public static func == (lhs: TopicName, rhs: TopicName) -> Bool { TopicLevels.sameBytes(lhs.rawValue, rhs.rawValue) }

    public func hash(into hasher: inout Hasher) { TopicLevels.hashBytes(rawValue, into: &hasher) }

    public var description: String { rawValue }
}
