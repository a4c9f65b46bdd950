extension MQTTSession {
    /// Something the driver must do, in order.
    public enum Action: Sendable, Hashable {
        case send(MQTTClientPacket)
        /// Starts `timer` (replacing one of the same kind) to fire after the duration.
        case startTimer(Timer, after: Duration)
        case cancelTimer(Timer)
        case report(Report)
        /// Closes the connection: `nil` after a clean DISCONNECT, else why. The driver then
        /// calls ``MQTTSession/connectionLost()`` and reconnects unless it is stopping.
        case close(MQTTError?)
    }

    /// The session's timers; one of each kind at a time.
    public enum Timer: Sendable, Hashable {
        /// CONNECT sent, CONNACK awaited.
        case connAck
        /// Fires when the keep-alive may have passed with nothing sent.
        case keepAlive
        /// PINGREQ sent, PINGRESP awaited.
        case pingResponse
    }

    /// What happened, for the client to act on.
    public enum Report: Sendable, Hashable {
        /// CONNACK accepted; `sessionPresent` says whether the server resumed the session.
        case connected(sessionPresent: Bool)
        /// A message arrived on a subscribed topic (a QoS 1 one is acknowledged already, unless
        /// the configuration leaves that to ``MQTTSession/acknowledge(_:now:)``).
        case message(PublishPacket)
        /// The server acknowledged the QoS 1 message with this identifier: it is the server's now.
        case acknowledged(PacketID)
        /// The server answered a subscription to this filter.
        case subscribed(TopicFilter, SubscribeResult)
    }
}
