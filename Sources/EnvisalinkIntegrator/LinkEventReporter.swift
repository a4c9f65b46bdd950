import AlarmCore
import EnvisalinkTPI
import Logging
import ServiceLifecycle
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns what happens on the panel link into events: panel messages through the mapper (and the
/// ``ArmingMonitor``, which says in a failure to arm which arm command failed and why, and the
/// ``PartitionEventDetails``, which name who disarmed and which zones alarmed),
/// the link's own ups and downs as `fault` / `recovery` (code `link`, once per outage; the link
/// counts as restored once the panel answers something after the login, so an EVL that takes
/// logins but then answers nothing stays one outage), and the
/// panel's errors on the link's own requests or unprompted as `fault` (code `panel`, once per
/// error) until the next acknowledged command brings a `recovery`. The link's ups and downs and the
/// panel's time broadcasts also go to the panel clock's keeper, when there is one: its broadcasts
/// then are its, not events.
struct LinkEventReporter: Service {
    let link: PanelLink
    let publisher: SpoolingPublisher
    let mapper: PanelEventMapper
    let arming: ArmingMonitor
    let masterCode: Secret?
    /// The inbox of the ``PanelClockKeeper``; `nil` when the integrator leaves the clock alone.
    let clock: AsyncStream<PanelClockPolicy.Input>.Continuation?
    let logger: Logger

    /// The link's state as far as the event stream knows it.
    private enum LinkState { case starting, up, down }

    func run() async throws {
        var state = LinkState.starting
        var panelError: PanelError?
        var details = PartitionEventDetails()
        /// Logged in, but the panel has not answered anything since.
        var awaitingAnswer = false
        for await report in link.reports {
            if awaitingAnswer, report.isPanelAnswer {
                awaitingAnswer = false
                if state == .down {
                    await publish(.recovery, "Panel link restored")
                }
                state = .up
            }
            switch report {
            case .up:
                awaitingAnswer = true
                clock?.yield(.linkUp)
            case let .down(reason):
                awaitingAnswer = false
                clock?.yield(.linkDown)
                if state != .down {
                    await publish(.fault, "Panel link lost: \(reason)")
                    state = .down
                }
            case .wrongPassword:
                awaitingAnswer = false
                clock?.yield(.linkDown)
                await publish(.fault, "Wrong panel password: the panel refused the login (check envisalinkd.password)")
                state = .down
            case let .message(.timeBroadcast(time), _) where clock != nil:
                clock?.yield(.timeBroadcast(time))
            case let .message(message, frame):
                var event = mapper.event(for: message, frame: frame, timestamp: Self.now())
                arming.observe(message, event: &event)
                if let event { await publish(details.detail(event)) }
            case .codeRequested:
                await answerCodeRequest()
            case .problem:
                break
            case let .panelError(error):
                if error != panelError {
                    await publish(AlarmEvent(type: .fault, code: "panel", message: error.message, raw: error.raw, timestamp: Self.now()))
                    panelError = error
                }
            case .panelAnswered:
                if panelError != nil {
                    await publish(.recovery, code: "panel", "Panel answering normally again")
                    panelError = nil
                }
            }
        }
        // The reports end when the link stops, one step before this service's turn to stop: a
        // service group counts a service that returns before it is told to as a failure.
        try? await gracefulShutdown()
    }

    /// Answers `900` with the master code, for a command this integrator just issued.
    private func answerCodeRequest() async {
        guard let masterCode, let frame = try? PanelCommand.codeSend(code: masterCode.value).frame() else {
            logger.warning("the panel asks for a code but no usable envisalinkd.code_master is configured")
            return
        }
        if case let .failed(failure) = await link.send(frame, id: UUID()) {
            logger.warning("the panel did not take the code", metadata: ["reason": "\(failure)"])
        }
    }

    private func publish(_ type: EventType, code: String = "link", _ message: String) async {
        await publish(AlarmEvent(type: type, code: code, message: message, raw: "", timestamp: Self.now()))
    }

    private func publish(_ event: AlarmEvent) async {
        await publisher.publishReportingFailures(event, logger: logger)
    }

    static func now() -> Int64 { Int64(Date().timeIntervalSince1970) }
}

extension PanelLink.LinkReport {
    /// Whether the panel sent this: a message, an acknowledgement or an error.
    fileprivate var isPanelAnswer: Bool {
        switch self {
        case .message, .panelError, .panelAnswered: true
        case .up, .down, .wrongPassword, .codeRequested, .problem: false
        }
    }
}
