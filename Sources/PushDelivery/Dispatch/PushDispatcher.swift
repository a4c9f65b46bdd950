public import AlarmCore
public import Logging
import Beanstalk
import ServiceLifecycle

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Delivers one event to every registered device, exactly once per device: the heart of the
/// push consumer. (The answer to a command sent through the API goes to the devices of the
/// token that sent it, when it has any: ``Audience``.)
///
/// A run plans the devices (``FanOutPlan``: skipping those the ledger shows as finished), sends
/// to all of them concurrently (at most ``DispatchSettings/concurrency`` at once), retries
/// passing failures a few times within the run, records every reply in the ledger as it
/// arrives, prunes dead tokens, and answers what to do with the job (``JobCompletion``).
///
/// When more than half of a provider's devices in a run get a reply saying the token belongs to
/// another app or project, or that the credential is refused for it (APNs `Forbidden`, FCM
/// `THIRD_PARTY_AUTH_ERROR`), the configuration is wrong: the provider halts instead of pruning
/// or refusing each device. A halted provider sends nothing for
/// ``DispatchSettings/haltDuration``; its devices' events are kept in their jobs, which come back
/// when the halt ends (or before the notification's deadline, if that is sooner), while the
/// other provider's devices keep their own retries. The `pathObserver` hears of the halt once,
/// and once more when the provider delivers again; and of every phone pruned.
public struct PushDispatcher: Sendable {
    private let registry: DeviceRegistry
    private let ledger: DeliveryLedger
    private let senders: [PushProvider: any NotificationSender]
    private let settings: DispatchSettings
    private let clock: WallClock
    private let logger: Logger
    private let observer: (any DeliveryObserver)?
    private let pathObserver: (any PushPathObserver)?
    private let halts: ProviderHalts
    private let order = DeviceOrder()

    /// A dispatcher sending through `senders` (at most one per provider) to the devices of
    /// `registry`, recording in `ledger`, telling `observer` of each record and prune, and
    /// `pathObserver` of provider halts, their end, and pruned phones. `faults` are the providers
    /// (and reasons) whose halt was told before this process and has not ended: a refusal then
    /// continues it, and the first delivery ends it.
    public init(
        registry: DeviceRegistry, ledger: DeliveryLedger, senders: [any NotificationSender],
        settings: DispatchSettings = DispatchSettings(), clock: WallClock = .system, logger: Logger,
        observer: (any DeliveryObserver)? = nil, pathObserver: (any PushPathObserver)? = nil,
        faults: [PushProvider: String] = [:]
    ) {
        halts = ProviderHalts(faults: faults)
        self.registry = registry
        self.ledger = ledger
        self.senders = Dictionary(senders.map { ($0.provider, $0) }, uniquingKeysWith: { first, _ in first })
        self.settings = settings
        self.clock = clock
        self.logger = logger
        self.observer = observer
        self.pathObserver = pathObserver
    }

    /// The providers this dispatcher can send through.
    public var providers: Set<PushProvider> { Set(senders.keys) }

    /// Delivers `event` to every device that has not had it yet, in order: a device still
    /// waiting for an earlier event gets this one after it (``DeviceOrder``).
    ///
    /// - Parameters:
    ///   - issuedAt: When the event was queued for delivery (default: now). The notification's
    ///     lifetime runs from then: after ``DispatchSettings/deadline`` it is not sent any more
    ///     (``JobCompletion/expired(devices:)``), and the providers keep it only that long.
    /// - Throws: Database errors (the job should be retried); nothing about providers, whose
    ///   failures are in the returned completion.
    public func deliver(_ event: AlarmEvent, issuedAt: Date? = nil) async throws -> JobCompletion {
        try await run(event, issuedAt: issuedAt, late: false)
    }

    /// Delivers `event` after its deadline, because an operator asked for it (by kicking its
    /// buried job): once, to every device that has not had it, with a lifetime from now, and
    /// without waiting for earlier events. Nothing is retried: the devices this run does not
    /// finish are ``JobCompletion/expired(devices:)``.
    ///
    /// - Throws: As ``deliver(_:issuedAt:)``.
    public func deliverLate(_ event: AlarmEvent) async throws -> JobCompletion {
        try await run(event, issuedAt: nil, late: true)
    }

    /// One run for `event`; `late`: see ``deliverLate(_:)``.
    private func run(_ event: AlarmEvent, issuedAt: Date?, late: Bool) async throws -> JobCompletion {
        let eventID = event.stableID
        var logger = self.logger
        logger[metadataKey: "event_id"] = "\(eventID.uuidString.lowercased())"
        let plan = FanOutPlan(
            devices: try await audience(of: event, eventID: eventID, logger: logger),
            finished: try await ledger.finishedDevices(eventID: eventID), providers: providers)
        if !plan.unreachable.isEmpty {
            logger.debug("devices without a configured provider are skipped", metadata: [
                "devices": "\(plan.unreachable.count)"
            ])
        }
        let now = clock.now
        let issued = min(issuedAt ?? now, now)
        let deadline = issued.addingTimeInterval(settings.deadline.inSeconds)
        if now >= deadline, !plan.pending.isEmpty {
            for device in plan.pending { order.finish(eventID: eventID, device: device.token) }
            return .expired(devices: plan.pending.count)
        }
        let waiting =
            late ? [] : order.waiting(eventID: eventID, deadline: deadline, devices: plan.pending.map(\.token), now: now)
        var heldOutcomes: [DeviceOutcome] = []
        var sendable: [RegisteredDevice] = []
        for device in plan.pending {
            if let halt = halts.current(device.token.provider) {
                heldOutcomes.append(.retryLater(after: holdWait(halt, deadline: deadline)))
            } else if waiting.contains(device.token) {
                heldOutcomes.append(.retryLater(after: settings.orderWait))
            } else {
                sendable.append(device)
            }
        }
        let prepared = senders.mapValues { $0.prepare(event, issuedAt: issued, now: now) }
        let ledgerWrites = LedgerWrites(eventID: eventID, eventType: event.type, deadline: deadline, logger: logger)
        let deliveries = await send(to: sendable, prepared: prepared, writes: ledgerWrites, logger: logger)
        let outcomes = try await settle(deliveries, writes: ledgerWrites, deadline: deadline, logger: logger)
        for (delivery, outcome) in zip(deliveries, outcomes) where outcome.isFinal {
            order.finish(eventID: eventID, device: delivery.device.token)
        }
        logger.debug("event dispatched", metadata: [
            "sent": "\(deliveries.count)", "skipped": "\(plan.alreadyFinished.count)",
            "held": "\(heldOutcomes.count)",
        ])
        if let failure = ledgerWrites.failure {
            // Every reply that could be recorded is; the job comes back, by then past its deadline.
            throw failure
        }
        let unfinished = (outcomes + heldOutcomes).filter { !$0.isFinal }.count
        return late && unfinished > 0 ? .expired(devices: unfinished) : JobCompletion(outcomes: outcomes + heldOutcomes)
    }

    /// The devices `event` is for (``Audience``). An event that answers a command has its audience
    /// recorded at its first run, so that every run of its job picks the same devices; no other
    /// event (an alarm above all) waits for that write.
    private func audience(of event: AlarmEvent, eventID: UUID, logger: Logger) async throws -> [RegisteredDevice] {
        let devices = try await registry.list()
        guard Audience.asker(of: event) != nil else { return devices }
        let audience = try await ledger.audience(
            eventID: eventID, proposal: Audience(for: event, devices: devices, providers: providers))
        if case .owner(let owner) = audience {
            logger.debug("an answer to a command: for the devices of the token that sent it", metadata: [
                "owner": "\(owner)"
            ])
        }
        return audience.select(devices, providers: providers)
    }

    /// Sends to `devices`, at most ``DispatchSettings/concurrency`` at once. One device's
    /// failure never stops the others.
    private func send(
        to devices: [RegisteredDevice], prepared: [PushProvider: any PreparedNotification], writes: LedgerWrites,
        logger: Logger
    ) async -> [DeviceDelivery] {
        await withTaskGroup(of: DeviceDelivery.self) { group in
            var remaining = devices.makeIterator()
            func startNext() {
                guard let device = remaining.next(), let notification = prepared[device.token.provider] else { return }
                group.addTask {
                    await deliver(notification, to: device, writes: writes, logger: logger)
                }
            }
            for _ in 0..<min(settings.concurrency, devices.count) { startNext() }
            var deliveries: [DeviceDelivery] = []
            deliveries.reserveCapacity(devices.count)
            while let delivery = await group.next() {
                deliveries.append(delivery)
                startNext()
            }
            return deliveries
        }
    }

    /// Sends to one device, retrying passing failures within the run; records every attempt
    /// except a last one whose outcome awaits the spread.
    private func deliver(
        _ notification: any PreparedNotification, to device: RegisteredDevice, writes: LedgerWrites, logger: Logger
    ) async -> DeviceDelivery {
        var attempt = 1
        while true {
            let report = await notification.send(to: device)
            if report.dependsOnSpread {
                return DeviceDelivery(device: device, report: report, awaitsSpread: true)
            }
            await record(report, outcome: report.outcome, device: device, writes: writes)
            guard case .retry(let after, let reason, _) = report.outcome, attempt < settings.attemptsPerRun,
                let wait = waitInRun(after: after, attempt: attempt)
            else {
                return DeviceDelivery(device: device, report: report, awaitsSpread: false)
            }
            logger.debug("send will be retried in this run", metadata: [
                "device": "\(device.token.provider)", "reason": "\(reason)", "wait": "\(wait)",
            ])
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: wait) }
            } catch {
                // Stopping: the job is released and the device tried again later.
                return DeviceDelivery(device: device, report: report, awaitsSpread: false)
            }
            attempt += 1
        }
    }

    /// The wait before another attempt within this run, or `nil` when the provider asked for
    /// longer than a run waits.
    private func waitInRun(after: Duration?, attempt: Int) -> Duration? {
        if let after { return after <= settings.longestWaitInRun ? after : nil }
        let backoff = Backoff(initial: settings.firstRetryDelay, maximum: settings.longestWaitInRun)
        return backoff.delay(forAttempt: attempt - 1)
    }

    /// Decides the spread-dependent outcomes, records them, prunes dead tokens, halts providers,
    /// and returns every device's outcome.
    private func settle(
        _ deliveries: [DeviceDelivery], writes: LedgerWrites, deadline: Date, logger: Logger
    ) async throws -> [DeviceOutcome] {
        let widespread = Self.widespreadProviders(deliveries)
        var outcomes: [DeviceOutcome] = []
        outcomes.reserveCapacity(deliveries.count)
        for delivery in deliveries {
            let provider = delivery.device.token.provider
            let outcome = Self.outcome(of: delivery, widespread: widespread)
            if delivery.awaitsSpread {
                await record(delivery.report, outcome: outcome, device: delivery.device, writes: writes)
            }
            switch outcome {
            case .prune(let reason):
                let removed = try await registry.prune(delivery.device.token, repliedAt: delivery.report.invalidSince)
                if removed {
                    observer?.registryChanged()
                    pathObserver?.devicePruned(delivery.device, reason: reason)
                }
                logger.notice(removed ? "device pruned" : "device kept: registered again since", metadata: [
                    "device": "\(delivery.device.token.provider) \(delivery.device.name ?? "unnamed")",
                    "reason": "\(reason)",
                ])
            case .halt(let reason):
                switch halts.halt(provider, reason: reason, for: settings.haltDuration) {
                case .faultBegins:
                    logger.critical(
                        "\(provider) halted: credential or configuration fault; notifications wait until it is fixed",
                        metadata: ["reason": "\(reason)", "retry_in": "\(settings.haltDuration)"])
                    let held = deliveries.count {
                        $0.device.token.provider == provider && !Self.outcome(of: $0, widespread: widespread).isFinal
                    }
                    pathObserver?.providerHalted(provider, reason: reason, heldDevices: held)
                case .haltedAgain:
                    logger.warning("\(provider) still refuses: halted again", metadata: [
                        "reason": "\(reason)", "retry_in": "\(settings.haltDuration)",
                    ])
                case .alreadyHalted:
                    break
                }
            case .fail(let reason):
                logger.warning("notification refused for a device", metadata: [
                    "device": "\(provider)", "reason": "\(reason)",
                ])
            case .delivered:
                if let haltReason = halts.delivered(provider) {
                    logger.notice("\(provider) delivers again after its halt", metadata: ["reason": "\(haltReason)"])
                    pathObserver?.providerResumed(provider, haltedFor: haltReason)
                }
            case .retry, .refreshCredentials:
                break
            }
            outcomes.append(outcome.deviceOutcome(haltWait: holdWait(halts.current(provider), deadline: deadline)))
        }
        return outcomes
    }

    /// The outcome of `delivery`, given the providers whose replies were `widespread` in its run.
    private static func outcome(of delivery: DeviceDelivery, widespread: Set<PushProvider>) -> DeliveryOutcome {
        widespread.contains(delivery.device.token.provider) ? delivery.report.widespreadOutcome : delivery.report.outcome
    }

    /// How long a device of a provider under `halt` waits before its job comes back: the rest of
    /// the halt, but the job must come back while the notification's deadline is still ahead
    /// (by ``deadlineMargin``), never after it, where it would return expired.
    private func holdWait(_ halt: ProviderHalts.Halt?, deadline: Date) -> Duration {
        let rest = halt.map { $0.until - .now } ?? .zero
        let lifetimeLeft = Duration.seconds(deadline.timeIntervalSince(clock.now)) - Self.deadlineMargin
        return max(min(rest, lifetimeLeft), .seconds(1))
    }

    /// How long before the deadline a held job comes back at the latest: the queue's delays and
    /// ages are whole seconds.
    private static let deadlineMargin = Duration.seconds(2)

    /// The providers for which more than half of this run's devices got a spread-dependent reply.
    static func widespreadProviders(_ deliveries: [DeviceDelivery]) -> Set<PushProvider> {
        var counts: [PushProvider: (spread: Int, total: Int)] = [:]
        for delivery in deliveries {
            let provider = delivery.device.token.provider
            var count = counts[provider] ?? (0, 0)
            count.total += 1
            if delivery.awaitsSpread { count.spread += 1 }
            counts[provider] = count
        }
        return Set(counts.filter { $0.value.spread * 2 > $0.value.total }.keys)
    }

    /// Records an attempt, trying the write again in place while the database refuses it (busy
    /// with a `devices import`, a full disk …): a failed write must neither stop the other sends
    /// nor, by failing the run too soon, have devices the provider accepted sent to again. It gives
    /// up when the notification's deadline has passed or the process is stopping, and notes the
    /// failure in `writes`.
    private func record(_ report: SendReport, outcome: DeliveryOutcome, device: RegisteredDevice, writes: LedgerWrites)
        async
    {
        ProviderReplyMetrics.replied(provider: device.token.provider, outcome: outcome)
        let backoff = Backoff(initial: settings.firstRetryDelay, maximum: settings.longestWaitInRun)
        var failures = 0
        while true {
            do {
                var attempt = try await ledger.record(
                    eventID: writes.eventID, device: device.token, status: outcome.ledgerStatus, reason: outcome.reason,
                    providerMessageID: outcome.providerMessageID, latency: report.latency)
                attempt.ackTokenHash = report.ackTokenHash
                observer?.recorded(attempt, eventType: writes.eventType)
                return
            } catch {
                if failures == 0 {
                    writes.logger.warning("the delivery ledger cannot be written: trying again", metadata: [
                        "device": "\(device.token.provider)", "error": "\(error)",
                    ])
                }
                failures += 1
                do {
                    guard clock.now < writes.deadline else { throw error }
                    let wait = backoff.delay(forAttempt: failures - 1)
                    try await cancelWhenGracefulShutdown { try await Task.sleep(for: wait) }
                } catch {
                    writes.fail(error)
                    return
                }
            }
        }
    }
}
