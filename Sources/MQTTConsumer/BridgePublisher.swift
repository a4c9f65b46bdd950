import AlarmCore
import AlarmState
import Logging
import MQTT
import MQTTBridge
import NIOCore

/// What the bridge publishes, in order: the panel state the events build, the events themselves,
/// Home Assistant's discovery configs and the availability of the panel.
///
/// Every method queues its messages on the client before it returns (``MQTTClient/enqueue(_:)``),
/// and the actor runs one method at a time, so the broker gets the states in the order they were
/// reached, and a full republication never overtakes a newer change. The returned future
/// completes when the broker has them all.
actor BridgePublisher {
    private let client: MQTTClient
    private let topics: BridgeTopics
    private let discovery: HomeAssistantDiscovery
    private let logger: Logger
    private var state = PanelState()
    /// Whether the integrator runs (something watches the command tube); `nil` until checked.
    private var integratorRunning: Bool?
    /// The panel availability last published.
    private var publishedAvailability: Bool?

    init(client: MQTTClient, topics: BridgeTopics, discovery: HomeAssistantDiscovery, logger: Logger) {
        self.client = client
        self.topics = topics
        self.discovery = discovery
        self.logger = logger
    }

    /// The partition of each zone, as the last event that named one with the zone said.
    var zonePartitions: [Int: Int] { state.zones.compactMapValues(\.partition) }

    /// Publishes what `event` changed, then the event (`json`, its job body) on the events topic.
    func publish(_ event: AlarmEvent, json: ByteBuffer) -> EventLoopFuture<Void> {
        let changes = state.apply(event)
        var messages = stateMessages(changes)
        messages += availabilityMessages(force: false)
        messages.append(BridgeMessage(topic: topics.events, payload: Array(buffer: json), retain: false))
        return enqueue(messages)
    }

    /// Publishes everything again: the bridge `online`, every discovery config, every state known,
    /// the panel's availability. After each (re)connection, and when Home Assistant starts.
    func republish() -> EventLoopFuture<Void> {
        let messages = [BridgeMessage(topic: topics.bridge, payload: Array(BridgeState.online.utf8))] + discovery.configs
            + stateMessages(state.current) + availabilityMessages(force: true)
        return enqueue(messages)
    }

    /// Records whether the integrator runs, publishing the panel's availability if it changed.
    func integrator(running: Bool) -> EventLoopFuture<Void> {
        integratorRunning = running
        return enqueue(availabilityMessages(force: false))
    }

    /// Deletes the retained config of an entity that is no longer configured (a zone removed).
    func removeUnlessConfigured(_ configTopic: String) -> EventLoopFuture<Void>? {
        guard !discovery.configTopics.contains(configTopic) else { return nil }
        logger.info("removing a Home Assistant entity no longer configured", metadata: ["topic": "\(configTopic)"])
        return enqueue([.removal(of: configTopic)])
    }

    /// Publishes why a command was refused, on the refusals topic.
    func refused(topic: String, reason: String) -> EventLoopFuture<Void> {
        enqueue([.refusal(of: topic, reason: reason, topics: topics)])
    }

    /// The bridge's `offline`, for a clean stop (the broker drops the will then).
    func offline() -> EventLoopFuture<Void> {
        enqueue([BridgeMessage(topic: topics.bridge, payload: Array(BridgeState.offline.utf8))])
    }

    /// The state messages of `changes`, the link aside: the panel's availability is the link and
    /// the integrator together.
    private func stateMessages(_ changes: [PanelChange]) -> [BridgeMessage] {
        changes.flatMap { change -> [BridgeMessage] in
            if case .link = change { return [] }
            return BridgeState.messages(
                for: change, topics: topics, activities: state.activities, bypassedPartitions: state.partitionsWithBypassedZones)
        }
    }

    /// The panel's availability when it changed (or always, when `force`): `online` while the link
    /// is up and the integrator runs.
    private func availabilityMessages(force: Bool) -> [BridgeMessage] {
        let available = state.linkUp == true && integratorRunning != false
        guard force || available != publishedAvailability else { return [] }
        if publishedAvailability != nil, available != publishedAvailability {
            logger.notice("panel availability changed", metadata: ["available": "\(available)"])
        }
        publishedAvailability = available
        return [BridgeMessage(topic: topics.panel, payload: Array((available ? BridgeState.online : BridgeState.offline).utf8))]
    }

    private func enqueue(_ messages: [BridgeMessage]) -> EventLoopFuture<Void> {
        do {
            return client.enqueue(try messages.map { message throws(MQTTError) in try message.mqttMessage() })
        } catch {
            // The topics are built from a validated site and prefix: this is a bug, not input.
            logger.error("a bridge message cannot be published", metadata: ["error": "\(error)"])
            return client.enqueue([])
        }
    }
}
