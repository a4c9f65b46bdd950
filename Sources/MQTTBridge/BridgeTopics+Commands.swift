import AlarmCore

extension BridgeTopics {
    /// Every event, as its JSON (`docs/event-format.md`); not retained.
    public var events: String { "\(base)/event" }
    /// Where scripts, Node-RED and openHAB send commands, in the command tube's forms.
    public var command: String { "\(base)/command" }
    /// Why the bridge refused a command (JSON `{"topic", "reason"}`); not retained.
    public var commandRefused: String { "\(base)/command/refused" }

    /// The filter of every partition's Home Assistant command topic (`…/p1/set`, `…/p2/set` …).
    public var partitionCommandFilter: String { "\(base)/+/set" }
    /// The filter of every partition's chime switch command topic (`…/p1/chime/set` …).
    public var partitionChimeCommandFilter: String { "\(base)/+/chime/set" }
    /// The filter of every zone's bypass switch command topic (`…/zone/005/bypass/set` …).
    public var zoneBypassCommandFilter: String { "\(base)/zone/+/bypass/set" }
    /// The filter of the retained discovery configs of this site's entities, old ones included.
    public var discoveryFilter: String { "\(discoveryPrefix)/+/\(nodeID)/+/config" }

    /// The partition whose Home Assistant command topic `topic` is, `nil` for any other topic.
    public func partition(ofCommandTopic topic: String) -> Int? {
        partition(of: topic, suffix: "/set")
    }

    /// The partition whose chime switch command topic `topic` is, `nil` for any other topic.
    public func partition(ofChimeTopic topic: String) -> Int? {
        partition(of: topic, suffix: "/chime/set")
    }

    /// The partition of `topic` when it is `…/p<number><suffix>`.
    private func partition(of topic: String, suffix: String) -> Int? {
        let prefix = "\(base)/p"
        guard topic.hasPrefix(prefix), topic.hasSuffix(suffix), topic.count > prefix.count + suffix.count else { return nil }
        let digits = topic.dropFirst(prefix.count).dropLast(suffix.count)
        guard digits.allSatisfy(\.isASCII), let number = Int(digits), "\(number)" == digits else { return nil }
        return number
    }

    /// The zone whose bypass switch command topic `topic` is, `nil` for any other topic.
    public func zone(ofBypassTopic topic: String) -> Int? {
        let prefix = "\(base)/zone/", suffix = "/bypass/set"
        guard topic.hasPrefix(prefix), topic.hasSuffix(suffix), topic.count == prefix.count + 3 + suffix.count else { return nil }
        let digits = topic.dropFirst(prefix.count).dropLast(suffix.count)
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits), number.zeroPadded(3) == digits else {
            return nil
        }
        return number
    }

    /// Whether `topic` is one of this site's discovery config topics.
    public func isDiscoveryConfig(_ topic: String) -> Bool {
        let levels = topic.split(separator: "/", omittingEmptySubsequences: false)
        let prefixLevels = discoveryPrefix.split(separator: "/", omittingEmptySubsequences: false)
        return levels.count == prefixLevels.count + 4 && levels.starts(with: prefixLevels)
            && levels[prefixLevels.count + 1] == nodeID[...] && levels.last == "config"
    }
}
