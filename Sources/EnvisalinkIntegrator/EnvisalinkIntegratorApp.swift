public import AlarmCore
import Beanstalk
import EnvisalinkTPI
public import Logging
public import ServiceLifecycle
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Builds the alarm integrator's services from the configuration; `main` runs them.
public enum EnvisalinkIntegratorApp {
    /// The services: the spool flusher, the sequence file monitor, the event reporter, the
    /// arming monitor, the consumer supervisor, the bypass re-applier when
    /// `envisalinkd.bypass.reapply_after_disarm` is set, the panel link, the TPI proxy when
    /// `envisalinkd.proxy` is set, the panel clock's keeper unless `envisalinkd.clock.sync` is off,
    /// and the command consumer. `hostClock` says whether the box's clock is synchronised,
    /// `clockTime` is the time the panel's clock is set from, and `zone` is the panel's time zone
    /// (tests give their own; else `clock.time_zone` becomes the process's: ``SystemTimeZone/use(_:key:file:)``).
    /// - Throws: a ``ConfigError`` naming the key when something required is missing, the
    ///   directory of `sequence_file` cannot be created or `clock.time_zone` names no time zone,
    ///   a ``SequenceStateError`` when `sequence_file` holds something other than a sequence number, or a
    ///   ``SentCommandRecordError`` when the record of sent commands beside it cannot be read.
    public static func services(
        configuration: HowAlarmingConfig, logger: Logger,
        hostClock: @escaping @Sendable () -> HostClockStatus = HostClockStatus.current,
        clockTime: PanelClockTime = .system,
        zone: (any WallClockZone)? = nil
    ) throws -> [any Service] {
        guard let panel = configuration.envisalink else {
            throw ConfigError(keyPath: "envisalinkd", reason: "is required: the integrator needs the panel's host, port and password")
        }
        let password = try panel.requirePassword()
        let timeZone = try zone ?? panel.clock.processZone(file: configuration.path)
        try StateDirectory.ensure(holding: panel.sequenceFile, key: "envisalinkd.sequence_file")
        let sequence = SequenceCounter(stateFile: panel.sequenceFile)
        // Its own writes are atomic, so a file that holds no number is not its own, or was damaged
        // outside it: refuse to start (where someone is watching) rather than overwrite it.
        if let problem = sequence.startupProblem { throw problem }
        let sentCommands = try SentCommandRecord(
            path: SentCommandRecord.path(besideSequenceFile: panel.sequenceFile),
            retention: .seconds(panel.commandMaxAge) + SentCommandRecord.margin, now: LinkEventReporter.now())
        let publisher = try SpoolingPublisher(
            publisher: EventPublisher(
                endpoint: configuration.beanstalkd.endpoint, tubes: configuration.beanstalkd.consumerEventTubes,
                taps: configuration.beanstalkd.tapTubes, source: "howalarming-envisalink", sequence: sequence,
                logger: logger),
            spoolPath: panel.spool, logger: logger)
        let proxy = panel.proxy.map {
            ProxyWiring.make(configuration: $0, partitionCount: panel.partitions, publisher: publisher, logger: logger)
        }
        let keypad = PanelKeypad(gap: panel.bypass.keypressGap)
        let producer = QueueProducer(endpoint: configuration.beanstalkd.endpoint, logger: logger)
        let reapplier = panel.bypass.reapplyAfterDisarm.map {
            BypassReapplier(profile: $0, producer: producer, tube: configuration.beanstalkd.commandTubes[0], logger: logger)
        }
        let proxyObserver = proxy?.observer
        let link = PanelLink(
            configuration: PanelLinkConfiguration(
                host: panel.host, port: panel.port, password: password,
                session: TPISessionConfiguration(pollInterval: .seconds(panel.pollInterval))),
            logger: logger, observer: { report in
                let forBypass = keypad.observe(report)
                reapplier?.observe(report)
                let forProxy = proxyObserver?(report) ?? false
                return forBypass || forProxy
            })
        proxy?.wiring.attach(link)
        let sequenceMonitor = SequenceFileMonitor(counter: sequence, publisher: publisher, logger: logger)
        let mapper = PanelEventMapper(zoneNames: panel.zones, userNames: panel.users)
        let arming = ArmingMonitor(publisher: publisher, mapper: mapper, exitDelay: .seconds(panel.exitDelay), logger: logger)
        let clock = panel.clock.sync ? PanelClockKeeper(
            policy: PanelClockPolicy(
                timeZone: timeZone, maxDrift: Int64(panel.clock.maxDrift), dailyAt: panel.clock.dailyAt, now: clockTime.now()),
            link: link, publisher: publisher, hostClock: hostClock, clockTime: clockTime, logger: logger) : nil
        let reporter = LinkEventReporter(
            link: link, publisher: publisher, mapper: mapper, arming: arming, masterCode: panel.codeMaster,
            clock: clock?.inbox, logger: logger)
        let supervisor = ConsumerSupervisor(
            endpoint: configuration.beanstalkd.endpoint, tubes: configuration.beanstalkd.consumerEventTubes,
            interval: .seconds(panel.supervision.checkInterval), staleAfter: UInt64(panel.supervision.staleAfter),
            publisher: publisher, logger: logger)
        let handler = PanelCommandHandler(
            link: link, publisher: publisher, sentCommands: sentCommands, masterCode: panel.codeMaster,
            allowedRawCodes: Set(panel.allowedRawCodes), maximumAge: .seconds(panel.commandMaxAge), arming: arming,
            zoneNames: panel.zones, bypass: panel.bypass, keypad: keypad)
        let commands = QueueConsumer<AlarmCommand>(
            endpoint: configuration.beanstalkd.endpoint,
            // A command waiting for the link ends by its age limit (with a response event), not by attempts.
            configuration: ConsumerConfiguration(tubes: configuration.beanstalkd.commandTubes, maximumAttempts: 1000),
            logger: logger, handler: handler.handle)
        // A ServiceGroup stops services in reverse order: first the command consumer (no new
        // commands), the panel clock's keeper, then the panel link (its report stream ends; commands
        // in flight, the proxy's too, are answered or fail, and the proxy's clients are disconnected),
        // the TPI proxy (the audit of its clients' commands published), the bypass re-applier (no
        // disarm to see) and its producer, the consumer supervisor, the arming monitor, then the
        // reporter (which publishes the last reports), the sequence file monitor, and last the spool flusher.
        let reapplying: [any Service] = reapplier.map { [producer, $0] } ?? []
        return [publisher, sequenceMonitor, reporter, arming, supervisor] + reapplying + (proxy.map { [$0.service] } ?? [])
            + [link] + (clock.map { [$0] } ?? []) + [commands]
    }
}
