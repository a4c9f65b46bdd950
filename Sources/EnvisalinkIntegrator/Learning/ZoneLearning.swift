import AlarmCore
public import Logging
import EnvisalinkTPI
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `howalarming-envisalink learn`: logs in to the panel (or to an integrator's TPI proxy), asks
/// for the status report and the zone timers, and feeds every message to a ``ZoneLearner`` until
/// the time is up or `stop` returns.
public enum ZoneLearning {
    /// What a learning run ended with.
    public struct Outcome: Sendable {
        /// What was learnt.
        public var learner: ZoneLearner
        /// Whether the run ever logged in: if not, nothing was learnt from the panel.
        public var loggedIn: Bool
    }

    /// Learns for `duration`, or until `stop` returns (Ctrl-C), from the TPI server `link` names,
    /// telling `progress` what happens: logins, link drops, each new zone.
    ///
    /// - Throws: ``ZoneLearningError`` when the server refuses the password.
    public static func learn(
        link configuration: PanelLinkConfiguration, for duration: Duration, logger: Logger,
        progress: @escaping @Sendable (String) -> Void, stop: @escaping @Sendable () async -> Void
    ) async throws -> Outcome {
        let link = PanelLink(configuration: configuration, logger: logger)
        let state = OutcomeBox()
        let endpoint = "\(configuration.host):\(configuration.port)"
        let ending = try await withThrowingTaskGroup(of: Ending.self) { group in
            group.addTask { try await link.run(); return .linkEnded }
            group.addTask { try? await Task.sleep(for: duration); return .timeUp }
            group.addTask { await stop(); return .stopped }
            group.addTask {
                for await report in link.reports {
                    switch report {
                    case .up:
                        state.value.withLock { $0.loggedIn = true }
                        progress("logged in to \(endpoint); asked for the status report and the zone timers")
                        link.submit(zoneTimersRequest, id: UUID()) { _ in }
                    case .wrongPassword:
                        return .wrongPassword
                    case let .down(reason):
                        progress("the link to \(endpoint) is down (\(reason)); trying again")
                    case let .message(message, _):
                        let (new, count) = state.value.withLock { state in
                            let before = Set(state.learner.zones.keys)
                            state.learner.observe(message)
                            return (Set(state.learner.zones.keys).subtracting(before).sorted(), state.learner.zones.count)
                        }
                        for zone in new { progress("zone \(zone.zeroPadded(3)) seen (\(count == 1 ? "1 zone" : "\(count) zones") so far)") }
                    default:
                        break
                    }
                }
                return .linkEnded
            }
            let first = try await group.next() ?? .linkEnded
            group.cancelAll()
            return first
        }
        if ending == .wrongPassword { throw ZoneLearningError.wrongPassword(endpoint: endpoint) }
        return state.value.withLock { $0 }
    }

    private enum Ending: Sendable { case timeUp, stopped, wrongPassword, linkEnded }

    /// The outcome so far, shared by the tasks of a run.
    private final class OutcomeBox: Sendable {
        let value = Mutex(Outcome(learner: ZoneLearner(), loggedIn: false))
    }

    /// `008`: the zone timers, which name every zone that closed in the last few days.
    private static let zoneTimersRequest = TPIFrame(validCode: "008", data: "")
}

/// Why `howalarming-envisalink learn` could not learn.
public enum ZoneLearningError: Error, CustomStringConvertible {
    /// The TPI server at `endpoint` refused the password.
    case wrongPassword(endpoint: String)

    public var description: String {
        switch self {
        case let .wrongPassword(endpoint): "\(endpoint) refused the password"
        }
    }
}
