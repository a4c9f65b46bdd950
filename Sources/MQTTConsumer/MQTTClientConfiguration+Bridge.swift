import AlarmCore
import MQTT
import MQTTBridge
import NIOCore

extension MQTTClientConfiguration {
    /// The bridge's connection as `mqtt` configures it: a persistent session (its commands survive
    /// a reconnect), commands acknowledged only once they are on the command tube, and the will
    /// `offline` on the bridge's availability topic, retained.
    init(bridge mqtt: MQTTConfig, topics: BridgeTopics) throws(MQTTError) {
        let will = try Will(
            topic: TopicName(topics.bridge), payload: ByteBuffer(string: BridgeState.offline), qos: .atLeastOnce, retain: true)
        let connect = try ConnectPacket(
            clientID: mqtt.clientID, cleanSession: false, keepAlive: UInt16(mqtt.keepAlive), userName: mqtt.username,
            password: mqtt.password, will: will)
        self.init(
            host: mqtt.host, port: mqtt.port,
            session: MQTTSessionConfiguration(connect: connect, acknowledgesOnArrival: false),
            tls: mqtt.tls.map { tls in
                MQTTTLSConfiguration(caFile: tls.caFile, clientCertificateFile: tls.certificateFile, clientPrivateKeyFile: tls.keyFile)
            })
    }
}

extension BridgeMessage {
    /// The message to publish: QoS 1, retained as the bridge message says.
    func mqttMessage() throws(MQTTError) -> MQTTMessage {
        try MQTTMessage(topic: TopicName(topic), payload: ByteBuffer(bytes: payload), qos: .atLeastOnce, retain: retain)
    }
}
