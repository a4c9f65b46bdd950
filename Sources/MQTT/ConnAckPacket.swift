/// CONNACK (§3.2): the server's answer to CONNECT.
public struct ConnAckPacket: Hashable, Sendable, CustomStringConvertible {
    /// Whether the server resumed a session it held for this client identifier (clean session 0).
    public let sessionPresent: Bool
    /// Accepted, or why not.
    public let returnCode: ConnectReturnCode

    public init(sessionPresent: Bool, returnCode: ConnectReturnCode) {
        self.sessionPresent = sessionPresent
        self.returnCode = returnCode
    }

    public var description: String { "CONNACK session_present=\(sessionPresent) \(returnCode)" }
}
