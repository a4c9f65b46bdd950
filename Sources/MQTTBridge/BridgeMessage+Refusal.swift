extension BridgeMessage {
    /// Why the command sent on `commandTopic` was refused, on `topics`' refusals topic: JSON
    /// `{"reason": …, "topic": …}`, not retained.
    public static func refusal(of commandTopic: String, reason: String, topics: BridgeTopics) -> BridgeMessage {
        BridgeMessage(topic: topics.commandRefused, payload: json(Refusal(topic: commandTopic, reason: reason)), retain: false)
    }

    private struct Refusal: Encodable {
        var topic: String
        var reason: String
    }
}
