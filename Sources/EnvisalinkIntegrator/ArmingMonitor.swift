import AlarmCore
import EnvisalinkTPI
import Logging
import ServiceLifecycle
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Tells when an arm command fails: refused by the panel (a `502`, answered by the command
/// handler), reported failed by the panel (`659`, `672`, …, in the event of that message), or
/// not armed within the exit delay and ``EnvisalinkConfig/armMargin`` (a `fault` event with
/// code `arm`, published here). Each says what was asked, why it failed and which zones were
/// open, and carries the command's id as `command_id` and its source as `command_source` (the
/// push consumer sends it to whoever asked). Holds the ``ArmingWatch``, fed by the command
/// handler and the event reporter.
final class ArmingMonitor: Service, Sendable {
    private let watch = Mutex(ArmingWatch())
    private let publisher: SpoolingPublisher
    private let mapper: PanelEventMapper
    private let exitDelay: Duration
    private let logger: Logger

    init(publisher: SpoolingPublisher, mapper: PanelEventMapper, exitDelay: Duration, logger: Logger) {
        self.publisher = publisher
        self.mapper = mapper
        self.exitDelay = exitDelay
        self.logger = logger
    }

    /// Watches `command` (sent as `id` by `source`) when it arms a partition; call before it goes out.
    func expect(_ command: PanelCommand, id: UUID, source: String?) {
        guard let arming = command.arming else { return }
        let deadline = ContinuousClock.now + exitDelay + .seconds(EnvisalinkConfig.armMargin)
        watch.withLock {
            $0.expect(ArmingWatch.Arming(
                commandID: id, partition: arming.partition, action: arming.action, deadline: deadline,
                commandSource: source))
        }
    }

    /// The panel answered command `id` with `result`: the `fault` event (code `502`) when it
    /// refused an arming, whose message the command's response takes too.
    func answered(_ id: UUID, _ result: CommandResult) -> AlarmEvent? {
        let refusal: (ArmingWatch.Failure, SystemError)? = watch.withLock { watch in
            switch result {
            case .accepted:
                return nil
            case let .failed(.panelError(error)):
                return watch.failure(of: id, reason: "\(error.meaning) (panel error \(error.tpiData))").map { ($0, error) }
            case .failed:
                // Not sent, or the outcome is unknown: the response says so.
                watch.refused(id)
                return nil
            }
        }
        return refusal.map { failure, error in fault(failure, code: "502", raw: "502 \(error.tpiData)") }
    }

    /// Takes in a panel message; `event` is its event, which says so when the message ends an arming as failed.
    func observe(_ message: PanelMessage, event: inout AlarmEvent?) {
        guard let failure = watch.withLock({ $0.observe(message) }), event != nil else { return }
        event?.message = text(of: failure)
        event?.commandID = failure.arming.commandID
        event?.commandSource = failure.arming.commandSource
    }

    /// The message that says `failure`, zones named.
    private func text(of failure: ArmingWatch.Failure) -> String {
        failure.message(zoneName: mapper.zoneName)
    }

    /// The `fault` event of `failure`, with `code` and `raw` (`502`, `502 024`).
    private func fault(_ failure: ArmingWatch.Failure, code: String, raw: String) -> AlarmEvent {
        AlarmEvent(type: .fault, code: code, message: text(of: failure), raw: raw, timestamp: LinkEventReporter.now(),
                   partition: failure.arming.partition, commandID: failure.arming.commandID,
                   commandSource: failure.arming.commandSource)
    }

    func run() async throws {
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(1)) }
            let late = watch.withLock { $0.expire(now: .now, exitDelay: exitDelay) }
            for failure in late {
                logger.warning("an arm command did not arm its partition in time",
                               metadata: ["command_id": "\(failure.arming.commandID)", "partition": "\(failure.arming.partition)"])
                await publisher.publishReportingFailures(fault(failure, code: "arm", raw: ""), logger: logger)
            }
        }
    }
}

extension PanelCommand {
    /// The partition and the words for the arming, when this command arms: `Arm away`.
    var arming: (partition: Int, action: String)? {
        switch self {
        case let .armAway(partition), let .armWithCode(partition, _): (partition, "Arm away")
        case let .armStay(partition): (partition, "Arm stay")
        case let .armZeroEntry(partition): (partition, "Arm instant")
        default: nil
        }
    }
}
