/// Why the bridge did not put a command from MQTT on the command tube. The reason never quotes an
/// access code.
public struct BridgeCommandRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, for the `command/refused` topic and the log.
    public let reason: String

    init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
