public import AlarmCore

extension BridgeTopics {
    /// The panic keys, in the order of their Home Assistant buttons: fire, medical, police. A DSC
    /// panic (`060`) is the whole panel's, not a partition's, so there is one of each.
    public static let panicKeys: [SimpleCommand] = [.fire, .medical, .police]

    /// Where the panic key `key` (one of ``panicKeys``) is pressed (never retained): `…/panic/fire/set`.
    public func panicCommand(_ key: SimpleCommand) -> String { "\(base)/panic/\(key.rawValue)/set" }
    /// The filter of the panic keys' command topics.
    public var panicCommandFilter: String { "\(base)/panic/+/set" }

    /// The panic key whose command topic `topic` is, `nil` for any other topic.
    public func panicKey(ofCommandTopic topic: String) -> SimpleCommand? {
        Self.panicKeys.first { panicCommand($0) == topic }
    }
}
