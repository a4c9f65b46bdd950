/// An error from the MQTT client: either a refusal the server sent or something that went wrong
/// locally (a malformed packet, an argument the protocol does not allow). Match on ``code``.
///
/// Messages never contain a password or a message payload.
public struct MQTTError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of error this is; compare with the static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            // Refusals from the server (CONNACK return codes 1–5, SUBACK 0x80).
            case unacceptableProtocolVersion = "unacceptable protocol version"
            case identifierRejected = "identifier rejected"
            case serverUnavailable = "server unavailable"
            case badUserNameOrPassword = "bad user name or password"
            case notAuthorized = "not authorized"
            case subscriptionRefused = "subscription refused"
            // Bytes from the server that break the protocol.
            case malformedPacket = "malformed packet"
            case invalidFlags = "invalid fixed header flags"
            case malformedRemainingLength = "malformed remaining length"
            case invalidString = "invalid string"
            case packetTooLarge = "packet too large"
            case unexpectedPacket = "unexpected packet"
            // Arguments refused before anything is sent.
            case invalidTopicName = "invalid topic name"
            case invalidTopicFilter = "invalid topic filter"
            case invalidArgument = "invalid argument"
            // The session.
            case timedOut = "timed out"
            case queueFull = "queue full"
            // The client.
            case closed = "closed"
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// CONNACK `01`: the server does not speak MQTT 3.1.1 (protocol level 4).
        public static let unacceptableProtocolVersion = Code(.unacceptableProtocolVersion)
        /// CONNACK `02`: the server refused the client identifier (mosquitto also sends it for a
        /// keep-alive above its `max_keepalive`).
        public static let identifierRejected = Code(.identifierRejected)
        /// CONNACK `03`: the network connection is up but the MQTT service is not; retry later.
        public static let serverUnavailable = Code(.serverUnavailable)
        /// CONNACK `04`: the user name or password is malformed.
        public static let badUserNameOrPassword = Code(.badUserNameOrPassword)
        /// CONNACK `05`: the client is not authorized (mosquitto sends it for a wrong password too).
        public static let notAuthorized = Code(.notAuthorized)
        /// SUBACK `80`: the server refused a subscription.
        public static let subscriptionRefused = Code(.subscriptionRefused)
        /// The server sent bytes that do not form a valid packet; the connection must be closed.
        public static let malformedPacket = Code(.malformedPacket)
        /// A fixed header's flag bits are not the ones its packet type requires [MQTT-2.2.2-2].
        public static let invalidFlags = Code(.invalidFlags)
        /// A remaining length longer than four bytes [MQTT-1.5.3], or not minimal where it matters.
        public static let malformedRemainingLength = Code(.malformedRemainingLength)
        /// A string that is not well-formed UTF-8, holds U+0000, or is longer than 65,535 bytes.
        public static let invalidString = Code(.invalidString)
        /// A packet larger than the decoder's configured maximum, or than MQTT allows.
        public static let packetTooLarge = Code(.packetTooLarge)
        /// A well-formed packet a server never sends to a client of this library (a client-only
        /// packet type, or the QoS 2 handshake, which it never asks for).
        public static let unexpectedPacket = Code(.unexpectedPacket)
        /// A topic name that is empty, holds a wildcard, or breaks the string rules.
        public static let invalidTopicName = Code(.invalidTopicName)
        /// A topic filter with a misplaced wildcard, empty, or breaking the string rules.
        public static let invalidTopicFilter = Code(.invalidTopicFilter)
        /// Any other argument the protocol does not allow (an empty client identifier without a
        /// clean session, a password without a user name, an empty subscription list, …).
        public static let invalidArgument = Code(.invalidArgument)

        /// The server did not answer in time (CONNACK, PINGRESP); the connection must be closed.
        public static let timedOut = Code(.timedOut)
        /// Too many messages wait to be sent or acknowledged; the new one was not taken.
        public static let queueFull = Code(.queueFull)
        /// The client was closed before the operation completed.
        public static let closed = Code(.closed)

        public var description: String { base.rawValue }
    }

    /// The kind of error.
    public var code: Code
    /// A human-readable explanation; never contains a password or a payload.
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
