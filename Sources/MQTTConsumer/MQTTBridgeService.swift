import AlarmCore
import Beanstalk
import Logging
import MQTT
import MQTTBridge
import NIOCore
import ServiceLifecycle

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The MQTT bridge: connects to the broker (trying until it answers), then runs side by side the
/// event consumer of the bridge's tube, the command intake, the integrator watch, and a full
/// republication after every (re)connection and whenever Home Assistant starts. At a graceful
/// shutdown it finishes the event in flight, publishes `offline` and disconnects.
struct MQTTBridgeService: Service {
    let configuration: HowAlarmingConfig
    let mqtt: MQTTConfig
    let envisalink: EnvisalinkConfig
    let logger: Logger
    /// Events published and not yet acknowledged by the broker at once, each holding its job.
    static let eventsInFlight = 64
    /// Between checks whether the integrator runs.
    var integratorCheckInterval = Duration.seconds(5)
    /// Between attempts to reach a broker that does not answer at start-up.
    var connectBackoff = Backoff(initial: .milliseconds(500), maximum: .seconds(30))

    func run() async throws {
        let topics = BridgeTopics(mqtt)
        let clientConfiguration = try MQTTClientConfiguration(bridge: mqtt, topics: topics)
        guard let client = await connect(clientConfiguration) else { return }
        let discovery = HomeAssistantDiscovery(
            topics: topics, envisalink: envisalink, version: MQTTConsumerApp.version, codeArmRequired: mqtt.codeArmRequired,
            codeDisarmRequired: mqtt.codeDisarmRequired)
        let publisher = BridgePublisher(client: client, topics: topics, discovery: discovery, logger: logger)
        let producer = QueueProducer(endpoint: configuration.beanstalkd.endpoint, logger: logger)
        let commandTube = configuration.beanstalkd.commandTubes[0]
        let intake = BridgeCommandIntake(
            reader: BridgeCommandReader(
                topics: topics, partitions: envisalink.partitions, codeArmRequired: mqtt.codeArmRequired,
                codeDisarmRequired: mqtt.codeDisarmRequired, masterCode: envisalink.codeMaster,
                zonePartitions: envisalink.zonePartitions),
            producer: producer, commandTube: commandTube, publisher: publisher, client: client,
            maximumAge: envisalink.commandMaxAge, logger: logger)
        let router = BridgeMessageRouter(topics: topics, publisher: publisher, intake: intake, client: client)

        async let streams: Void = withDiscardingTaskGroup { group in
            group.addTask { await republishAfterEachConnection(client, publisher: publisher) }
            group.addTask { for await message in client.messages { await router.route(message) } }
        }
        do {
            try await subscribe(client, topics: topics)
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask {
                    let consumer = ConsumerConfiguration(tubes: [mqtt.tube], maximumAttempts: .max)
                    // Events are published in the order reserved; each job is deleted once the broker
                    // has its messages, while the next events go out (the broker's round trip is
                    // not waited for event by event).
                    try await QueueConsumer<AlarmEvent>(
                        endpoint: configuration.beanstalkd.endpoint, configuration: consumer, logger: logger,
                        maximumInFlight: Self.eventsInFlight
                    ) { event, context in
                        let published = await publisher.publish(event, json: context.body)
                        return {
                            // At a shutdown the job goes back to the queue (CancellationError: retried).
                            try await cancelWhenGracefulShutdown { try await published.get() }
                            return .done
                        }
                    }.run()
                }
                group.addTask {
                    await IntegratorWatch(
                        producer: producer, commandTube: commandTube, publisher: publisher, interval: integratorCheckInterval,
                        logger: logger
                    ).run()
                }
                group.addTask { await intake.requestStatus() }
            }
        } catch {
            logger.error("the MQTT bridge stopped", metadata: ["error": "\(error)"])
        }
        // A clean stop says `offline` itself (the broker drops the will): waited for 2 s at most.
        let offline = await publisher.offline()
        let giveUp = Task { [client] in
            try await Task.sleep(for: .seconds(2))
            await client.close()
        }
        _ = try? await offline.get()
        giveUp.cancel()
        await client.close()
        await streams
        logger.info("MQTT bridge stopped")
    }

    /// A client connected to the broker, trying again with backoff until it is, or `nil` at shutdown.
    private func connect(_ clientConfiguration: MQTTClientConfiguration) async -> MQTTClient? {
        var failures = 0
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            let client = MQTTClient(configuration: clientConfiguration, logger: logger)
            do {
                try await client.connect()
                return client
            } catch {
                failures += 1
                logger.warning("cannot connect to the MQTT broker; trying again", metadata: [
                    "broker": "\(mqtt.host):\(mqtt.port)", "error": "\(error)", "attempt": "\(failures)",
                ])
            }
            let pause = connectBackoff.delay(forAttempt: failures - 1)
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: pause) }
        }
        return nil
    }

    private func subscribe(_ client: MQTTClient, topics: BridgeTopics) async throws {
        let filters = [
            topics.partitionCommandFilter, topics.partitionChimeCommandFilter, topics.zoneBypassCommandFilter,
            topics.panicCommandFilter, topics.command, topics.homeAssistantStatus, topics.discoveryFilter,
        ]
        let subscriptions = try filters.map { filter throws(MQTTError) in Subscription(try TopicFilter(filter), qos: .atLeastOnce) }
        let results = try await client.subscribe(subscriptions)
        for (filter, result) in zip(filters, results) where result == .failure {
            logger.error("the broker refused a subscription (its ACL?)", metadata: ["filter": "\(filter)"])
        }
    }

    /// After each connection everything is published again: a broker restarted without
    /// persistence forgot the retained messages, and the will said `offline`.
    private func republishAfterEachConnection(_ client: MQTTClient, publisher: BridgePublisher) async {
        for await case .connected in client.connectionEvents {
            // Not waited for: the client keeps the messages through reconnects.
            _ = await publisher.republish()
        }
    }
}
