/// A subscription's topic filter (§4.7): levels separated by `/`, where `+` stands for exactly
/// one level and `#`, alone and last, for any number of levels, the parent included
/// [MQTT-4.7.1-2/3]. At least one character, and the string rules. Compared byte by byte.
public struct TopicFilter: Hashable, Sendable, CustomStringConvertible {
    /// The filter, e.g. `howalarming/site1/+/set`.
    public let rawValue: String

    /// The filter `rawValue`, if its wildcards are where MQTT allows them.
    public init(_ rawValue: String) throws(MQTTError) {
        if rawValue.isEmpty { throw MQTTError(.invalidTopicFilter, "topic filter is empty") }
        if let problem = MQTTString.problem(with: rawValue) {
            throw MQTTError(.invalidTopicFilter, "topic filter \(problem)")
        }
        let levels = TopicLevels.split(rawValue)
        for (index, level) in levels.enumerated() {
            if TopicLevels.isWildcard(level, TopicLevels.multiLevelWildcard) {
                guard index == levels.count - 1 else {
                    throw MQTTError(.invalidTopicFilter, "topic filter \"\(rawValue.prefix(64))\" has # before its last level")
                }
            } else if level.count > 1,
                level.contains(where: { $0 == TopicLevels.singleLevelWildcard || $0 == TopicLevels.multiLevelWildcard })
            {
                throw MQTTError(
                    .invalidTopicFilter, "topic filter \"\(rawValue.prefix(64))\" has a wildcard that is not a whole level")
            }
        }
        self.rawValue = rawValue
    }

    /// Whether a message published to `topic` reaches this filter. Topics starting with `$`
    /// (`$SYS/…`) are not matched by a filter starting with a wildcard [MQTT-4.7.2-1].
    public func matches(_ topic: TopicName) -> Bool {
        let filterLevels = TopicLevels.split(rawValue)
        let topicLevels = TopicLevels.split(topic.rawValue)
        let startsWithWildcard = TopicLevels.isWildcard(filterLevels[0], TopicLevels.singleLevelWildcard)
            || TopicLevels.isWildcard(filterLevels[0], TopicLevels.multiLevelWildcard)
        if topic.rawValue.utf8.first == UInt8(ascii: "$"), startsWithWildcard { return false }
        for (index, level) in filterLevels.enumerated() {
            if TopicLevels.isWildcard(level, TopicLevels.multiLevelWildcard) { return true }
            guard index < topicLevels.count else { return false }
            if !TopicLevels.isWildcard(level, TopicLevels.singleLevelWildcard), !level.elementsEqual(topicLevels[index]) {
                return false
            }
        }
        return filterLevels.count == topicLevels.count
    }

    public static func == (lhs: TopicFilter, rhs: TopicFilter) -> Bool { TopicLevels.sameBytes(lhs.rawValue, rhs.rawValue) }

    public func hash(into hasher: inout Hasher) { TopicLevels.hashBytes(rawValue, into: &hasher) }

    public var description: String { rawValue }
}
