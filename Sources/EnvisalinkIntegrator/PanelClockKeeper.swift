import AlarmCore
import EnvisalinkTPI
import Logging
import ServiceLifecycle
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Keeps the panel's clock (`envisalinkd.clock`): carries out what ``PanelClockPolicy`` decides.
///
/// The link's ups, downs and time broadcasts come in through ``inbox`` (from the
/// ``LinkEventReporter``), and a tick every ``PanelClockTime/tickInterval``. `056` and `010` go to the panel
/// through ``PanelLink/send(_:id:)``, one at a time behind and before the queued commands, as
/// every command does. Each setting is an `info` event (code `clock`); a setting refused (the box's
/// clock is not synchronised, the panel says no) a `fault`, once, and the next setting a `recovery`.
struct PanelClockKeeper: Service {
    let link: PanelLink
    let publisher: SpoolingPublisher
    let hostClock: @Sendable () -> HostClockStatus
    let clockTime: PanelClockTime
    let logger: Logger
    /// What the link says, for the policy.
    let inbox: AsyncStream<PanelClockPolicy.Input>.Continuation
    private let inputs: AsyncStream<PanelClockPolicy.Input>
    private let policy: PanelClockPolicy

    init(policy: PanelClockPolicy, link: PanelLink, publisher: SpoolingPublisher,
         hostClock: @escaping @Sendable () -> HostClockStatus, clockTime: PanelClockTime, logger: Logger) {
        (inputs, inbox) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
        self.policy = policy
        self.link = link
        self.publisher = publisher
        self.hostClock = hostClock
        self.clockTime = clockTime
        self.logger = logger
    }

    func run() async throws {
        let ticker = Task { [inbox, clockTime] in
            while (try? await Task.sleep(for: clockTime.tickInterval)) != nil { inbox.yield(.tick) }
        }
        defer { ticker.cancel() }
        await cancelWhenGracefulShutdown { [self] in
            var policy = self.policy
            for await input in inputs {
                var actions = policy.handle(input, now: clockTime.now(), clock: hostClock())
                while !actions.isEmpty {
                    let action = actions.removeFirst()
                    actions += await perform(action, &policy)
                }
            }
        }
    }

    /// Carries out `action`; returns what the policy makes of its outcome.
    private func perform(_ action: PanelClockPolicy.Action, _ policy: inout PanelClockPolicy) async -> [PanelClockPolicy.Action] {
        switch action {
        case let .askForBroadcasts(frame):
            if case let .failed(failure) = await link.send(frame, id: UUID()) {
                logger.warning("the panel did not turn its time broadcasts on", metadata: ["reason": "\(failure)"])
            }
            return []
        case let .set(frame, time, reason):
            logger.info("setting the panel's clock", metadata: ["time": "\(time)", "reason": "\(reason)"])
            let result = await link.send(frame, id: UUID())
            return policy.handle(.answered(result), now: clockTime.now(), clock: hostClock())
        case let .report(type, message, raw):
            logger.log(level: type == .fault ? .error : .notice, "\(message)")
            let event = AlarmEvent(type: type, code: "clock", message: message, raw: raw, timestamp: LinkEventReporter.now())
            await publisher.publishReportingFailures(event, logger: logger)
            return []
        }
    }
}
