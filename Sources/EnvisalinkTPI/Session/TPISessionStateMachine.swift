#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The TPI session: login, one command in flight at a time, keep-alive and dead-link detection.
///
/// Pure: every input returns the actions its driver must carry out (send a frame, set a
/// timer, report something, close). Time comes in as `now`, so it is tested with no
/// sockets and no clock.
///
/// Login follows the EVL: wait for `505` 3, send `005` + password, expect `500005` then
/// `505` 1 (0 = wrong password, 2 = timed out), all within the login timeout. Then each
/// command waits for its `500`/`501`/`502` before the next goes out; `501` and `502`
/// 001/002/010 are retried with backoff, other `502`s fail the command, and a missed
/// acknowledgement closes the link.
public struct TPISessionStateMachine: Sendable {
    /// Something the driver must do.
    public enum Action: Sendable, Hashable {
        case send(TPIFrame)
        case startTimer(Timer, after: Duration)
        case cancelTimer(Timer)
        case report(Report)
        case close(reason: String)
    }

    /// The session's timers; one of each kind at a time.
    public enum Timer: Sendable, Hashable {
        case login, acknowledgement, retry, poll
    }

    /// What happened, for the integrator to act on (publish events, complete queue jobs).
    public enum Report: Sendable, Hashable {
        /// Logged in: the link is up.
        case loggedIn
        /// The EVL refused the password (`505` 0): retry only after a long pause.
        case wrongPassword
        /// Login did not complete in time.
        case loginTimedOut
        /// A panel message for the event stream.
        case message(PanelMessage, TPIFrame)
        /// A command finished: accepted, or failed with the reason.
        case commandFinished(CommandTicket, CommandResult)
        /// The panel asks for a code (`900`, as `frame`) right after the queued command `command`:
        /// whoever sent that command answers with `200`.
        case codeRequested(partition: Int?, frame: TPIFrame, command: UUID?)
        /// The panel asks for a code nobody here asked to give; it is not answered.
        case codeRequestIgnored(PanelMessage)
        /// A line that was not a valid frame, or an acknowledgement that matched nothing.
        case protocolProblem(String)
        /// A `501` or `502` while no command was in flight: the panel reports a problem of its own.
        case unpromptedError(CommandFailure)
    }

    private enum State: Sendable {
        case disconnected
        case awaitingPasswordRequest
        case awaitingLoginResult(acknowledged: Bool)
        case ready(Commands)
        case closed
    }

    private struct Commands: Sendable {
        var queue: [CommandTicket] = []
        var inFlight: CommandTicket?
        var attempts = 0
        var lastIssued: ContinuousClock.Instant?
        /// The queued command issued at `lastIssued`.
        var lastIssuedID: UUID?
    }

    private var state = State.disconnected
    private let configuration: TPISessionConfiguration
    private let login: TPIFrame

    /// - Parameter login: the `005` frame carrying the password (never logged: frames print redacted).
    public init(configuration: TPISessionConfiguration, login: TPIFrame) {
        self.configuration = configuration
        self.login = login
    }

    /// Whether the session is logged in and takes commands.
    public var isReady: Bool {
        if case .ready = state { return true }
        return false
    }

    /// The TCP connection is up: the EVL will ask for the password.
    public mutating func connected() -> [Action] {
        state = .awaitingPasswordRequest
        return [.startTimer(.login, after: configuration.loginTimeout)]
    }

    /// The connection is gone: the command in flight ends ``CommandFailure/unacknowledged(_:)``
    /// (it was sent), queued ones ``CommandFailure/linkLost(_:)`` (they were not).
    public mutating func disconnected(reason: String) -> [Action] {
        var actions: [Action] = [.cancelTimer(.login), .cancelTimer(.acknowledgement), .cancelTimer(.retry), .cancelTimer(.poll)]
        if case let .ready(commands) = state {
            if let inFlight = commands.inFlight {
                actions.append(.report(.commandFinished(inFlight, .failed(.unacknowledged(reason)))))
            }
            for ticket in commands.queue {
                actions.append(.report(.commandFinished(ticket, .failed(.linkLost(reason)))))
            }
        }
        state = .disconnected
        return actions
    }

    /// Queues a command; it goes out when the ones before it are acknowledged.
    public mutating func submit(_ ticket: CommandTicket, now: ContinuousClock.Instant) -> [Action] {
        guard case var .ready(commands) = state else {
            return [.report(.commandFinished(ticket, .failed(.linkLost("the panel link is not up"))))]
        }
        commands.queue.append(ticket)
        var actions: [Action] = []
        sendNext(&commands, now: now, into: &actions)
        state = .ready(commands)
        return actions
    }

    /// A line arrived from the EVL.
    public mutating func received(_ line: TPILine, now: ContinuousClock.Instant) -> [Action] {
        switch line {
        case let .invalid(problem):
            return [.report(.protocolProblem("skipped an invalid line from the panel: \(problem)"))]
        case let .frame(frame):
            return received(frame, now: now)
        }
    }

    private mutating func received(_ frame: TPIFrame, now: ContinuousClock.Instant) -> [Action] {
        let message = PanelMessage.decode(frame)
        switch state {
        case .disconnected, .closed:
            return []
        case .awaitingPasswordRequest:
            if case .login(.passwordRequested) = message {
                state = .awaitingLoginResult(acknowledged: false)
                return [.send(login)]
            }
            return [.report(.message(message, frame))]
        case let .awaitingLoginResult(acknowledged):
            return loginResult(message, frame: frame, acknowledged: acknowledged, now: now)
        case var .ready(commands):
            var actions: [Action] = []
            handle(message, frame: frame, commands: &commands, now: now, into: &actions)
            if case .ready = state { state = .ready(commands) }
            return actions
        }
    }

    private mutating func loginResult(
        _ message: PanelMessage, frame: TPIFrame, acknowledged: Bool, now: ContinuousClock.Instant
    ) -> [Action] {
        switch message {
        case .commandAccepted(code: "005"):
            state = .awaitingLoginResult(acknowledged: true)
            return []
        case .login(.succeeded):
            var commands = Commands()
            var actions: [Action] = [.cancelTimer(.login), .report(.loggedIn)]
            if !acknowledged {
                actions.append(.report(.protocolProblem("login accepted without the 500005 acknowledgement")))
            }
            actions.append(.startTimer(.poll, after: configuration.pollInterval))
            // Resynchronise: ask for a full status dump first.
            commands.queue.append(CommandTicket(frame: Self.statusReport, id: nil))
            sendNext(&commands, now: now, into: &actions)
            state = .ready(commands)
            return actions
        case .login(.failed):
            state = .closed
            return [.cancelTimer(.login), .report(.wrongPassword), .close(reason: "the panel refused the password")]
        case .login(.timedOut):
            state = .closed
            return [.cancelTimer(.login), .report(.loginTimedOut), .close(reason: "the panel timed out the login")]
        default:
            return [.report(.message(message, frame))]
        }
    }

    private mutating func handle(
        _ message: PanelMessage, frame: TPIFrame, commands: inout Commands,
        now: ContinuousClock.Instant, into actions: inout [Action]
    ) {
        switch message {
        case let .commandAccepted(code):
            guard let inFlight = commands.inFlight, inFlight.frame.code == code else {
                actions.append(.report(.protocolProblem("acknowledgement for \(code) matches no command in flight")))
                return
            }
            finish(&commands, .accepted, now: now, into: &actions)
        case .commandChecksumError:
            retryOrFail(&commands, failure: .rejected("the panel reported a bad checksum"), retryable: true, now: now, into: &actions)
        case let .systemError(error):
            retryOrFail(&commands, failure: .panelError(error), retryable: error.isRetryable, now: now, into: &actions)
        case .codeRequired(let partition, _):
            let recent = commands.lastIssued.map { now - $0 <= configuration.codeRequestWindow } ?? false
            // Answered once per command: a panel that asks again gets no second code.
            if recent { commands.lastIssued = nil }
            actions.append(.report(
                recent ? .codeRequested(partition: partition, frame: frame, command: commands.lastIssuedID) : .codeRequestIgnored(message)))
        default:
            actions.append(.report(.message(message, frame)))
        }
    }

    /// A timer fired.
    public mutating func timerFired(_ timer: Timer, now: ContinuousClock.Instant) -> [Action] {
        switch (timer, state) {
        case (.login, .awaitingPasswordRequest), (.login, .awaitingLoginResult):
            state = .closed
            return [.report(.loginTimedOut), .close(reason: "no login within \(configuration.loginTimeout)")]
        case (.acknowledgement, .ready(let commands)):
            let code = commands.inFlight?.frame.code ?? "?"
            return [.close(reason: "no acknowledgement of \(code) within \(configuration.acknowledgementTimeout): the link is dead")]
        case (.retry, .ready(let commands)):
            guard let inFlight = commands.inFlight else { return [] }
            return [.send(inFlight.frame), .startTimer(.acknowledgement, after: configuration.acknowledgementTimeout)]
        case (.poll, .ready(var commands)):
            var actions: [Action] = [.startTimer(.poll, after: configuration.pollInterval)]
            if commands.inFlight == nil && commands.queue.isEmpty {
                commands.queue.append(CommandTicket(frame: Self.poll, id: nil))
                sendNext(&commands, now: now, into: &actions)
                state = .ready(commands)
            }
            return actions
        default:
            return []
        }
    }

    private func sendNext(_ commands: inout Commands, now: ContinuousClock.Instant, into actions: inout [Action]) {
        guard commands.inFlight == nil, !commands.queue.isEmpty else { return }
        let next = commands.queue.removeFirst()
        commands.inFlight = next
        commands.attempts = 1
        // Only queued commands (with an id) open the window for answering a code request, and
        // not the code answer itself (`200`), which must not reopen the window it closed.
        if next.id != nil && next.frame.code != Self.codeSendCode {
            commands.lastIssued = now
            commands.lastIssuedID = next.id
        }
        actions.append(.send(next.frame))
        actions.append(.startTimer(.acknowledgement, after: configuration.acknowledgementTimeout))
    }

    private func finish(
        _ commands: inout Commands, _ result: CommandResult,
        now: ContinuousClock.Instant, into actions: inout [Action]
    ) {
        guard let inFlight = commands.inFlight else { return }
        commands.inFlight = nil
        actions.append(.cancelTimer(.acknowledgement))
        actions.append(.report(.commandFinished(inFlight, result)))
        sendNext(&commands, now: now, into: &actions)
    }

    private func retryOrFail(
        _ commands: inout Commands, failure: CommandFailure, retryable: Bool,
        now: ContinuousClock.Instant, into actions: inout [Action]
    ) {
        guard commands.inFlight != nil else {
            actions.append(.report(.unpromptedError(failure)))
            return
        }
        if retryable && commands.attempts < configuration.maximumCommandAttempts {
            // 0.1 s doubling, up to 5 s.
            let delay = min(Duration.milliseconds(100 << (commands.attempts - 1)), .seconds(5))
            commands.attempts += 1
            actions.append(.cancelTimer(.acknowledgement))
            actions.append(.startTimer(.retry, after: delay))
        } else {
            finish(&commands, .failed(failure), now: now, into: &actions)
        }
    }

    static let codeSendCode = "200"
    static let poll = TPIFrame(validCode: "000", data: "")
    static let statusReport = TPIFrame(validCode: "001", data: "")
}
