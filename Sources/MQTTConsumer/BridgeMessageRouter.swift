import MQTT
import MQTTBridge
import NIOCore

/// Sends each message from the broker where it belongs: Home Assistant's `online` to a full
/// republication, a retained discovery config of this site to removal unless still configured,
/// anything else to the command intake.
struct BridgeMessageRouter {
    let topics: BridgeTopics
    let publisher: BridgePublisher
    let intake: BridgeCommandIntake
    let client: MQTTClient

    func route(_ message: PublishPacket) async {
        let topic = message.topic.rawValue
        if topic == topics.homeAssistantStatus {
            if String(buffer: message.payload) == BridgeState.online { _ = await publisher.republish() }
        } else if topics.isDiscoveryConfig(topic) {
            if message.payload.readableBytes > 0 { _ = await publisher.removeUnlessConfigured(topic) }
        } else {
            await intake.handle(message)
            return
        }
        // Not a command: nothing to hand on before acknowledging.
        client.acknowledge(message)
    }
}
