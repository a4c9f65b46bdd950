public import AlarmCore
import Beanstalk
public import Logging
public import PushDelivery
public import ServiceLifecycle

/// Builds the push consumer's services from the configuration; `main` runs them.
public enum PushConsumerApp {
    /// The services: the size gauges (with `push.metrics` only), the sender closer, the report
    /// publisher, the push path reporter, the ledger janitor, the registration consumer, the
    /// event consumer and the canary (with `push.canary` only).
    ///
    /// - Parameters:
    ///   - senders: The providers' senders (``PushSenders/make(configuration:logger:)``); empty
    ///     runs fine and delivers nothing.
    ///   - clock: The wall clock notifications' lifetimes and the canary's time are measured by
    ///     (tests move it).
    /// - Throws: ``ConfigError`` naming `push.database` when the device database cannot be opened.
    public static func services(
        configuration: HowAlarmingConfig, senders: [any NotificationSender], logger: Logger, clock: WallClock = .system
    ) throws -> [any Service] {
        let push = configuration.push
        let database = try PushDatabase.open(configuredBy: push)
        let registry = DeviceRegistry(database: database, defaultEnvironment: push.apns?.environment ?? .production)
        let ledger = DeliveryLedger(database: database)
        let settings = DispatchSettings(concurrency: push.concurrency, lifetime: .seconds(push.lifetime))
        let reports = PushReportQueue()
        let faults = ProviderFaultFile(path: ProviderFaultFile.path(besideDatabase: push.database), logger: logger)
        let pathReporter = PushPathReporter(
            publisher: pathEventPublisher(configuration, logger: logger), faults: faults, logger: logger)
        let dispatcher = PushDispatcher(
            registry: registry, ledger: ledger, senders: senders, settings: settings, clock: clock, logger: logger,
            observer: reports, pathObserver: pathReporter, faults: faults.current)
        if senders.isEmpty {
            logger.warning(
                "no push provider configured (push.apns, push.fcm, push.web_push): events are acknowledged, nothing is delivered")
        }
        let endpoint = configuration.beanstalkd.endpoint
        let events = EventHandler(dispatcher: dispatcher, triggers: Set(push.triggers), kicks: JobKicks(endpoint: endpoint))
        let webPush = senders.lazy.compactMap { $0 as? WebPushSender }.first
        let registrations = RegistrationHandler(registry: registry, webPushEnabled: webPush != nil, reports: reports)
        // A ServiceGroup stops services in reverse order: first the event consumer (its
        // in-flight event finishes), then registrations, then the push path's events and the
        // reports (what they queued is still put), and last the providers' connections.
        // The sizes are counted only when someone can read them (`push.metrics`).
        let sizes = push.metrics.map { _ in PushSizeGauges(database: database, interval: .seconds(30), logger: logger) }
        // The canary is stopped first: nothing more is put on the tube being drained.
        let canary = push.canary.map { time in
            CanaryService(
                schedule: CanarySchedule(time: time),
                publisher: EventPublisher(
                    endpoint: endpoint, tubes: [push.tube], source: "howalarming-push",
                    sequence: SequenceCounter(stateFile: nil), logger: logger),
                clock: clock, retryBackoff: Backoff(initial: .milliseconds(250), maximum: .seconds(15)), logger: logger)
        }
        return (sizes.map { [$0] } ?? []) + [
            SenderCloser(senders: senders),
            ReportPublisher(
                queue: reports, registry: registry, endpoint: endpoint, tube: push.reportTube,
                vapidPublicKey: webPush?.vapidPublicKey, providers: Set(senders.map(\.provider)), logger: logger),
            pathReporter,
            LedgerJanitor(
                ledger: ledger, retention: .seconds(push.ledgerRetentionDays * 86_400), interval: .seconds(6 * 3600),
                logger: logger),
            QueueConsumer<RegistrationJob>(
                endpoint: endpoint, configuration: ConsumerConfiguration(tubes: [push.registrationTube]),
                logger: logger, handler: registrations.handle),
            QueueConsumer<AlarmEvent>(
                endpoint: endpoint, configuration: Self.eventConsumer(tube: push.tube),
                logger: logger, handler: events.handle),
        ] + (canary.map { [$0] } ?? [])
    }

    /// The publisher of the push path's own events (source `howalarming-push`): every event tube
    /// but `push.tube`, and the taps; `nil` when there is none.
    ///
    /// Its sequence counter runs in memory, from the clock: numbers still increase across restarts
    /// (unless the clock is set back), these events are rare, and no consumer drops an event by
    /// its sequence, so a state file would add a way for the push consumer to fail to start and
    /// nothing an alarm needs.
    static func pathEventPublisher(_ configuration: HowAlarmingConfig, logger: Logger) -> EventPublisher? {
        let tubes = PushPathReporter.tubes(configuration)
        let taps = configuration.beanstalkd.tapTubes.filter { $0 != configuration.push.tube }
        guard !tubes.isEmpty || !taps.isEmpty else { return nil }
        return EventPublisher(
            endpoint: configuration.beanstalkd.endpoint, tubes: tubes, taps: taps, source: "howalarming-push",
            sequence: SequenceCounter(stateFile: nil), logger: logger)
    }

    /// The event consumer's settings: a job is retried until its notification's lifetime ends
    /// (the dispatcher then has it buried), not for a number of attempts, and at most 30 s apart,
    /// so that notifications go soon after a provider outage.
    static func eventConsumer(tube: TubeName) -> ConsumerConfiguration {
        ConsumerConfiguration(
            tubes: [tube], maximumAttempts: .max, retryBackoff: Backoff(initial: .seconds(1), maximum: .seconds(30)))
    }
}
