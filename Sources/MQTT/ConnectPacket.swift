public import AlarmCore

/// CONNECT (§3.1): the first packet of a connection, with protocol level 4 (MQTT 3.1.1).
///
/// The password is a ``Secret``: it shows as `<redacted>` in every description, and no error
/// names it.
public struct ConnectPacket: Hashable, Sendable, CustomStringConvertible {
    /// The client identifier; empty only with a clean session [MQTT-3.1.3-7].
    public let clientID: String
    /// Whether the server drops any earlier session of this client identifier, and this one when
    /// the connection ends (§3.1.2.4).
    public let cleanSession: Bool
    /// The longest silence, in seconds, before the server drops the client (0 = none).
    public let keepAlive: UInt16
    /// The user name, if any.
    public let userName: String?
    /// The password, if any; needs a user name [MQTT-3.1.2-22].
    public let password: Secret?
    /// The Last Will, if any.
    public let will: Will?

    /// Checks the string rules and the flag rules of §3.1.2 before anything is sent.
    public init(
        clientID: String, cleanSession: Bool, keepAlive: UInt16,
        userName: String? = nil, password: Secret? = nil, will: Will? = nil
    ) throws(MQTTError) {
        try MQTTString.validate(clientID, field: "client identifier")
        if clientID.isEmpty, !cleanSession {
            throw MQTTError(.invalidArgument, "an empty client identifier needs a clean session")
        }
        if let userName { try MQTTString.validate(userName, field: "user name") }
        if let password {
            guard userName != nil else { throw MQTTError(.invalidArgument, "a password needs a user name") }
            guard password.value.utf8.count <= Int(UInt16.max) else {
                throw MQTTError(.invalidArgument, "password is over 65,535 bytes long")
            }
        }
        self.clientID = clientID
        self.cleanSession = cleanSession
        self.keepAlive = keepAlive
        self.userName = userName
        self.password = password
        self.will = will
    }

    /// The connect flags byte (§3.1.2.3).
    var flags: UInt8 {
        var flags: UInt8 = cleanSession ? 0x02 : 0
        if let will {
            flags |= 0x04 | will.qos.rawValue << 3 | (will.retain ? 0x20 : 0)
        }
        if userName != nil { flags |= 0x80 }
        if password != nil { flags |= 0x40 }
        return flags
    }

    /// The packet for logs: no password, no will message.
    public var description: String {
        var text = "CONNECT client_id=\(clientID) clean_session=\(cleanSession) keep_alive=\(keepAlive)"
        if let userName { text += " user=\(userName)" }
        if password != nil { text += " password=\(Secret.redacted)" }
        if let will { text += " will=\(will.topic) (\(will.qos)\(will.retain ? ", retained" : ""))" }
        return text
    }
}
