/// CONNACK's return code (§3.2.2.3): accepted, or why the server refused the connection.
public enum ConnectReturnCode: UInt8, Hashable, Sendable, CustomStringConvertible {
    case accepted = 0
    case unacceptableProtocolVersion = 1
    case identifierRejected = 2
    case serverUnavailable = 3
    case badUserNameOrPassword = 4
    case notAuthorized = 5

    /// The refusal as an error, `nil` for ``accepted``.
    public var error: MQTTError? {
        switch self {
        case .accepted:
            nil
        case .unacceptableProtocolVersion:
            MQTTError(.unacceptableProtocolVersion, "the server refused the connection: it does not speak MQTT 3.1.1")
        case .identifierRejected:
            MQTTError(
                .identifierRejected,
                "the server refused the client identifier (or the keep-alive, for mosquitto's max_keepalive)")
        case .serverUnavailable:
            MQTTError(.serverUnavailable, "the server refused the connection: the MQTT service is unavailable")
        case .badUserNameOrPassword:
            MQTTError(.badUserNameOrPassword, "the server refused the connection: bad user name or password")
        case .notAuthorized:
            MQTTError(.notAuthorized, "the server refused the connection: not authorized (or a wrong password)")
        }
    }

    /// Whether trying again unchanged can succeed: only for ``serverUnavailable``; the others
    /// need a change of configuration.
    public var isRetryable: Bool { self == .serverUnavailable }

    public var description: String { error?.code.description ?? "accepted" }
}
