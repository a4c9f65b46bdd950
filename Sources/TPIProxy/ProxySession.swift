public import AlarmCore
public import EnvisalinkTPI

/// One proxy client's session, the EVL's side of the TPI as an explicit state machine.
///
/// ```
/// connected ─ 5053 ─▶ awaitingPassword ─ 005 of a client ─ 500005, 5051 ─▶ loggedIn ─▶ …
///                       │ 005 of nobody: 500005, 5050, close
///                       │ 005 of a client at its connection limit: close
///                       │ silence for the login window: 5052, close
/// ```
/// Before login only `005` counts, as on the EVL; a password longer than 6 characters gets no
/// answer. Once logged in, every line is answered: `501` for a bad checksum, the EVL's `502` for a
/// line it cannot take, `500` for what the proxy answers itself (``ProxyRequest``), and for a
/// command that goes to the panel the panel's own answer, once it comes
/// (``commandFinished(_:)``). One command per client is in flight at a time: another one meanwhile
/// gets `502001`, as from an EVL still busy. Pure: the hub carries out the actions.
public struct ProxySession: Sendable {
    /// Where the session is.
    public enum State: Sendable, Hashable {
        case awaitingPassword
        case loggedIn(client: String)
        case closed
    }

    /// What the hub must do, in order.
    public enum Action: Sendable, Hashable {
        /// Send the client this frame (with the time in front while ``timestamps`` is on).
        case send(TPIFrame)
        /// Send the client the panel state's status report.
        case sendStatusReport
        /// Send the client the zone timers (`615`).
        case sendZoneTimers
        /// Send this command to the panel for the client.
        case forward(TPIFrame)
        /// The client may not send this command: it was answered `502022`; audit it.
        case refuse(TPIFrame, reason: String)
        /// A wrong password: count it against the client's address.
        case countFailedLogin
        /// Close the connection after what came before; `reason` is for the log.
        case close(reason: String)
    }

    /// How long after its command's code request (`900`) a client may send the code (`200`).
    public static let codeWindow = Duration.seconds(30)
    /// Refused commands after which a session is closed: each is audited, so a client that keeps
    /// sending what it may not must not flood the queue.
    public static let refusalLimit = 20

    public private(set) var state = State.awaitingPassword
    /// Whether the client asked for timestamps (`0551`).
    public private(set) var timestamps = false
    /// The configuration of the logged-in client.
    public private(set) var client: TPIProxyClientConfig?
    private var inFlight: String?
    private var codeRequestedAt: ContinuousClock.Instant?
    private var refusals = 0
    private let partitionCount: Int

    /// A session on a new connection to a panel with `partitionCount` partitions.
    public init(partitionCount: Int) {
        self.partitionCount = partitionCount
    }

    /// Whether the client is logged in and hears the panel.
    public var isLoggedIn: Bool {
        if case .loggedIn = state { return true }
        return false
    }

    /// The connection is up: ask for the password (the hub ends the login window after
    /// ``EnvisalinkTPI/EVLFrames/loginWindow`` with ``loginTimedOut()``).
    public func connected() -> [Action] {
        [.send(EVLFrames.passwordRequest)]
    }

    /// No `005` within the login window.
    public mutating func loginTimedOut() -> [Action] {
        guard state == .awaitingPassword else { return [] }
        state = .closed
        return [.send(EVLFrames.loginTimedOut), .close(reason: "no login within the login window")]
    }

    /// A line from the client at `now`. `clients` are the configured clients; `admit` says whether
    /// one more connection of a client is allowed.
    public mutating func received(
        _ line: TPIClientLine, now: ContinuousClock.Instant, clients: [TPIProxyClientConfig],
        admit: (TPIProxyClientConfig) -> Bool
    ) -> [Action] {
        guard state != .closed else { return [] }
        switch line.handling(loggedIn: isLoggedIn) {
        case let .answer(frame): return [.send(frame)]
        case let .login(password): return login(Secret(password), clients: clients, admit: admit)
        case .ignore: return []
        case let .command(frame): return command(frame, now: now)
        }
    }

    private mutating func login(
        _ attempt: Secret, clients: [TPIProxyClientConfig], admit: (TPIProxyClientConfig) -> Bool
    ) -> [Action] {
        guard attempt.value.count <= EVLFrames.maximumPasswordLength else { return [] }
        // Every password is compared, so the time taken tells nothing of which one matched.
        let matching = clients.filter { $0.password.matches(attempt) }
        guard let client = matching.first else {
            state = .closed
            return [.send(EVLFrames.accepted("005")), .send(EVLFrames.loginRefused),
                    .countFailedLogin, .close(reason: "wrong password")]
        }
        guard admit(client) else {
            state = .closed
            return [.close(reason: "client \(client.name) already has its \(client.connections) connection(s) open")]
        }
        state = .loggedIn(client: client.name)
        self.client = client
        return [.send(EVLFrames.accepted("005")), .send(EVLFrames.loginAccepted)]
    }

    private mutating func command(_ frame: TPIFrame, now: ContinuousClock.Instant) -> [Action] {
        guard let client else { return [] }
        let command: PanelCommand
        do {
            command = try PanelCommand(received: frame, partitionCount: partitionCount)
        } catch {
            return [.send(error.frame)]
        }
        let accepted = Action.send(EVLFrames.accepted(frame.code))
        switch ProxyRequest(command, code: frame.code, client: client) {
        case .poll:
            return [accepted]
        case .statusReport:
            return [accepted, .sendStatusReport]
        case .zoneTimers:
            return [accepted, .sendZoneTimers]
        case let .timestamps(on):
            timestamps = on
            return [accepted]
        case let .refused(reason):
            return refuse(frame, with: .notSupported, reason: reason)
        case .codeSend:
            guard let asked = codeRequestedAt, now - asked <= Self.codeWindow else {
                return refuse(frame, with: .codeNotRequired, reason: "a code send without a code request for this client's command")
            }
            codeRequestedAt = nil
            return forward(frame)
        case .panel:
            return forward(frame)
        }
    }

    private mutating func refuse(_ frame: TPIFrame, with error: SystemError, reason: String) -> [Action] {
        refusals += 1
        let actions: [Action] = [.send(error.frame), .refuse(frame, reason: reason)]
        guard refusals >= Self.refusalLimit else { return actions }
        state = .closed
        return actions + [.close(reason: "\(refusals) commands refused")]
    }

    private mutating func forward(_ frame: TPIFrame) -> [Action] {
        guard inFlight == nil else { return [.send(SystemError.receiveBufferOverrun.frame)] }
        inFlight = frame.code
        return [.forward(frame)]
    }

    /// The panel answered the client's command in flight.
    public mutating func commandFinished(_ result: CommandResult) -> [Action] {
        guard let code = inFlight else { return [] }
        inFlight = nil
        guard isLoggedIn else { return [] }
        switch result {
        case .accepted: return [.send(EVLFrames.accepted(code))]
        case let .failed(.panelError(error)): return [.send(error.frame)]
        case .failed(.rejected): return [.send(EVLFrames.badChecksum)]
        // The link is gone; the hub closes every session.
        case .failed(.linkLost), .failed(.unacknowledged): return []
        }
    }

    /// The panel asks for a code (`frame`, a `900`) after the client's command: the client may answer.
    public mutating func codeRequested(_ frame: TPIFrame, now: ContinuousClock.Instant) -> [Action] {
        guard isLoggedIn else { return [] }
        codeRequestedAt = now
        return [.send(frame)]
    }

    /// A frame from the panel: every logged-in client hears it.
    public func panelSent(_ frame: TPIFrame) -> [Action] {
        isLoggedIn ? [.send(frame)] : []
    }

    /// The session ends for `reason` (the panel link is down, so that the client shows the panel
    /// unavailable; the integrator is stopping).
    public mutating func end(reason: String) -> [Action] {
        guard state != .closed else { return [] }
        state = .closed
        return [.close(reason: reason)]
    }
}
