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

/// Takes the commands that arrive by MQTT to the command tube, where the integrator's allow-list,
/// code handling and masked echo apply as to every command.
///
/// A QoS 1 command is acknowledged to the broker only once it is on the tube (or refused), so a
/// crash in between loses nothing: the broker delivers it again. A redelivered copy of one already
/// put is recognised and not put twice (``RecentCommands``). While beanstalkd is unreachable the
/// put is tried again with backoff until the command would be too old to run (`command_max_age`),
/// then the command is refused. A command without a `timestamp` gets the time it was issued as
/// far as the bridge can tell (``CommandArrival``), so that the integrator refuses one that waited
/// at the broker too long.
actor BridgeCommandIntake {
    private let reader: BridgeCommandReader
    private let producer: QueueProducer
    private let commandTube: TubeName
    private let publisher: BridgePublisher
    private let client: MQTTClient
    private let maximumAge: Int64
    private let logger: Logger
    private var recent: RecentCommands
    private let retryBackoff = Backoff(initial: .milliseconds(200), maximum: .seconds(5))

    init(
        reader: BridgeCommandReader, producer: QueueProducer, commandTube: TubeName, publisher: BridgePublisher,
        client: MQTTClient, maximumAge: Int, logger: Logger
    ) {
        self.reader = reader
        self.producer = producer
        self.commandTube = commandTube
        self.publisher = publisher
        self.client = client
        self.maximumAge = Int64(maximumAge)
        self.logger = logger
        recent = RecentCommands(retention: Int64(maximumAge))
    }

    /// Handles one command message, then acknowledges it to the broker.
    func handle(_ message: PublishPacket) async {
        let topic = message.topic.rawValue
        let payload = Array(buffer: message.payload)
        let receivedAt = Self.now
        defer { client.acknowledge(message) }
        if recent.isRedelivery(
            topic: topic, payload: payload, packetID: message.packetID?.value, duplicate: message.duplicate, now: receivedAt)
        {
            logger.notice("a command delivered again by the broker was put on the queue already: not again", metadata: [
                "topic": "\(topic)",
            ])
            return
        }
        let reported = await publisher.zonePartitions
        switch reader.command(topic: topic, payload: payload, retained: message.retain, reportedZonePartitions: reported) {
        case .failure(let refusal):
            await refuse(topic: topic, reason: refusal.reason)
        case .success(var command):
            if command.timestamp == nil {
                guard let arrival = arrival(now: receivedAt) else {
                    // The connection it came on is gone: not acknowledged, the broker delivers it again.
                    logger.notice("connection lost before a command was handled; the broker will deliver it again", metadata: [
                        "topic": "\(topic)",
                    ])
                    return
                }
                guard let issued = arrival.issueTime(receivedAt: receivedAt) else {
                    await refuse(
                        topic: topic,
                        reason: "it reached the bridge as the broker's backlog from before the bridge started, of unknown age; "
                            + "send it again, or with a timestamp")
                    return
                }
                command.timestamp = issued
            }
            command.id = command.id ?? UUID()
            if await put(command, receivedAt: receivedAt, topic: topic) {
                recent.record(topic: topic, payload: payload, packetID: message.packetID?.value, now: Self.now)
            }
        }
    }

    /// Puts `status` on the command tube, so that the panel reports its whole state.
    func requestStatus() async {
        let command = AlarmCommand.simple(.status, message: "MQTT bridge started", id: UUID(), source: "mqtt", timestamp: Self.now)
        _ = await put(command, receivedAt: Self.now, topic: nil)
    }

    /// Puts `command`, trying again while beanstalkd is unreachable and the command young enough.
    private func put(_ command: AlarmCommand, receivedAt: Int64, topic: String?) async -> Bool {
        let body = ByteBuffer(bytes: command.jsonBytes())
        var failures = 0
        while true {
            do {
                _ = try await producer.put(body, inEach: [commandTube])
                logger.info("command queued", metadata: [
                    "command_id": "\(command.id.map { $0.uuidString.lowercased() } ?? "-")", "action": "\(command.action.logName)",
                ])
                return true
            } catch {
                failures += 1
                logger.warning("cannot put a command on the queue; trying again", metadata: [
                    "error": "\(error)", "attempt": "\(failures)",
                ])
            }
            if Self.now - receivedAt >= maximumAge || Task.isShuttingDownGracefully {
                if let topic { await refuse(topic: topic, reason: "the queue was unreachable until the command was too old to run") }
                return false
            }
            try? await Task.sleep(for: retryBackoff.delay(forAttempt: failures - 1))
        }
    }

    private func refuse(topic: String, reason: String) async {
        logger.warning("command refused", metadata: ["topic": "\(topic)", "reason": "\(reason)"])
        _ = try? await publisher.refused(topic: topic, reason: reason).get()
    }

    /// When the current connection was accepted and the one before lost, in Unix seconds; `nil`
    /// while disconnected.
    private func arrival(now: Int64) -> CommandArrival? {
        let history = client.connectionHistory
        guard let connected = history.connectedSince else { return nil }
        let clock = ContinuousClock.now
        func unixSeconds(_ instant: ContinuousClock.Instant) -> Int64 { now - (clock - instant).components.seconds }
        return CommandArrival(connectedAt: unixSeconds(connected), previousLoss: history.previousLoss.map(unixSeconds))
    }

    private static var now: Int64 { Int64(Date().timeIntervalSince1970) }
}

extension AlarmCommand.Action {
    /// The action for logs: the simple command's name or the raw code, never raw data.
    var logName: String {
        switch self {
        case .simple(let command): command.rawValue
        case .raw(let code, _): code
        }
    }
}
