public import AlarmCore
import Hummingbird
import HummingbirdTLS
public import Logging
public import ServiceLifecycle

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Builds the command API daemon's services from the configuration; `main` runs them, tests run
/// the same services in-process.
public enum CommandAPIApp {
    /// Called once the HTTP server listens, with the port it bound (useful with port 0).
    public typealias ListeningHandler = @Sendable (_ port: Int) async -> Void

    /// The services, in start order (a `ServiceGroup` stops them in reverse): the queue producer,
    /// the retention janitor, the daemon watch, the escalation (unless disabled), the event consumer on `command.tube`, the push
    /// report consumer on `push.report_tube`, the HTTP server and the streams' hub. On SIGTERM the hub ends the open
    /// streams first; then the server stops, finishing the requests in flight; then the consumers
    /// finish their jobs; the producer's connection closes last.
    ///
    /// - Parameters:
    ///   - listen: Where to listen, instead of `command.listen` (tests pass port 0).
    ///   - stream: The limits of `GET /v1/stream` (tests shorten the keepalive).
    ///   - daemonCheck: How often the daemon watch checks the other daemons' tubes.
    ///   - ackTokenWait: How long an acknowledgement waits for its token's delivery report.
    /// - Throws: ``ConfigError`` for unusable TLS files; the database error when
    ///   `command.database` cannot be opened.
    public static func services(
        configuration: HowAlarmingConfig, metrics: CommandMetrics, logger: Logger, listen: ListenAddress? = nil,
        stream: StreamSettings = StreamSettings(), daemonCheck: Duration = .seconds(5),
        ackTokenWait: Duration = .seconds(5), onListening: @escaping ListeningHandler = { _ in }
    ) throws -> [any Service] {
        let command = configuration.command
        let listen = listen ?? command.listen
        let tls = try command.tls.map(ServerTLS.configuration)
        let database = try CommandDatabase(path: command.database)
        let store = EventStore(database: database)
        let audit = CommandAudit(database: database)
        let reports = PushReportStore(database: database)
        let acknowledgements = AcknowledgementStore(database: database)
        let escalations = EscalationStore(database: database)
        let escalationWake = EscalationWake()
        let producer = QueueProducer(endpoint: configuration.beanstalkd.endpoint, logger: logger)
        let hub = StreamHub(settings: stream, logger: logger)
        let watched = WatchedDaemon.all(in: configuration)
        let daemons = DaemonBoard(daemons: watched, now: Int64(Date().timeIntervalSince1970))
        let router = APIRouter.router(APIRouter.Dependencies(
            store: store, tokens: TokenStore(database: database), audit: audit, producer: producer,
            throttle: AuthThrottle(limit: command.authFailureLimit, window: .seconds(command.authFailureWindow)),
            trustedProxies: command.trustedProxies, metrics: metrics, commandTubes: configuration.beanstalkd.commandTubes,
            registrationTube: configuration.push.registrationTube, bodyLimit: command.bodyLimit, hub: hub,
            reports: reports, acknowledgements: acknowledgements, escalations: escalations, escalationWake: escalationWake,
            daemons: daemons,
            eventTubes: configuration.beanstalkd.consumerEventTubes, taps: configuration.beanstalkd.tapTubes,
            ackTokenWait: ackTokenWait))
        warnAboutExposure(configuration, listen: listen, logger: logger)
        let server = Application(
            router: router,
            // HTTP/1.1, over TLS when command.tls is set; idle connections close after a minute.
            server: try tls.map { try .tls(.http1(configuration: .init(idleTimeout: .seconds(60))), tlsConfiguration: $0) }
                ?? .http1(configuration: .init(idleTimeout: .seconds(60))),
            configuration: ApplicationConfiguration(address: .hostname(listen.host, port: listen.port)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? listen.port
                logger.notice("http api listening", metadata: [
                    "address": "\(ListenAddress(host: listen.host, port: port))", "tls": "\(command.tls != nil)",
                ])
                await onListening(port)
            },
            logger: logger)
        return [
            producer,
            RetentionJanitor(
                store: store, audit: audit, reports: reports, acknowledgements: acknowledgements, escalations: escalations,
                retentionDays: command.retentionDays, interval: .seconds(6 * 3600),
                logger: logger),
            DaemonWatch(
                daemons: watched, board: daemons, producer: producer, hub: hub, interval: daemonCheck, logger: logger),
        ] + escalationServices(
            configuration, store: escalations, producer: producer, wake: escalationWake, logger: logger
        ) + [
            QueueConsumer<AlarmEvent>(
                endpoint: configuration.beanstalkd.endpoint, configuration: ConsumerConfiguration(tubes: [command.tube]),
                logger: logger, handler: EventIngest(
                    store: store, metrics: metrics, hub: hub, daemons: daemons, escalationWake: escalationWake
                ).handle),
            QueueConsumer<PushReportJob>(
                endpoint: configuration.beanstalkd.endpoint,
                configuration: ConsumerConfiguration(tubes: [configuration.push.reportTube]), logger: logger,
                handler: PushReportIngest(reports: reports, hub: hub).handle),
            server,
            hub,
        ]
    }

    /// The ``EscalationService`` when `command.escalation.enabled`: its steps go on every consumer's
    /// tube and on `command.escalation.tube`.
    private static func escalationServices(
        _ configuration: HowAlarmingConfig, store: EscalationStore, producer: QueueProducer, wake: EscalationWake,
        logger: Logger
    ) -> [any Service] {
        let policy = configuration.command.escalation
        guard policy.enabled else { return [] }
        let tubes = configuration.beanstalkd.consumerEventTubes
        return [
            EscalationService(
                store: store, schedule: EscalationSchedule(policy: policy), producer: producer,
                tubes: tubes + (tubes.contains(policy.tube) ? [] : [policy.tube]), taps: configuration.beanstalkd.tapTubes,
                ingestTube: configuration.command.tube, wake: wake, logger: logger)
        ]
    }

    /// Warns when the API is reachable from the network in clear text, or when its tube is not
    /// one the producers put events on.
    private static func warnAboutExposure(_ configuration: HowAlarmingConfig, listen: ListenAddress, logger: Logger) {
        let command = configuration.command
        if !listen.isLoopback, command.tls == nil {
            logger.warning(
                "listening on a non-loopback address without TLS: tokens cross the network in clear text; set command.tls or use a VPN",
                metadata: ["address": "\(listen)"])
        }
        if !configuration.beanstalkd.eventTubes.contains(command.tube) {
            logger.warning("command.tube is not in beanstalkd.tubes.events: no events will arrive", metadata: [
                "tube": "\(command.tube)"
            ])
        }
    }
}
