import EnvisalinkTPI

/// One TPI client's session with the EVL, as an explicit state machine (reference §2).
///
/// ```
/// connected ─ 5053 ─▶ awaitingPassword ─ 005 right ─ 500005, 5051 ─▶ loggedIn ─▶ …
///                       │ 005 wrong: 500005, 5050, close
///                       │ silence for the login timeout: 5052, close
/// ```
/// Before login only `005` counts: other frames are ignored, a bad checksum still gets `501`,
/// and a password longer than 6 characters gets no answer at all (envisalink_new#69). Once
/// logged in, every line is answered: `501` for a bad checksum, a `502` for a frame the EVL
/// cannot take, or the panel's answer (``PanelModel/respond(to:at:)``: ack first).
struct SessionMachine: Sendable {
    enum State: Sendable, Hashable {
        case awaitingPassword
        case loggedIn
        case closed
    }

    /// What the host must do, in order.
    enum Action: Sendable, Hashable {
        case send(TPIFrame)
        /// Give the command to the panel and send its answer.
        case execute(PanelCommand)
        case startLoginTimer
        case cancelLoginTimer
        /// Close the connection (after sending what came before).
        case close
    }

    private(set) var state: State = .awaitingPassword
    private let password: String
    private let partitionCount: Int

    init(password: String, partitionCount: Int) {
        self.password = password
        self.partitionCount = partitionCount
    }

    /// The client connected: ask for the password.
    func connected() -> [Action] {
        [.send(EVLFrames.passwordRequest), .startLoginTimer]
    }

    /// No `005` within the login timeout.
    mutating func loginTimedOut() -> [Action] {
        guard state == .awaitingPassword else { return [] }
        state = .closed
        return [.send(EVLFrames.loginTimedOut), .close]
    }

    /// A line from the client.
    mutating func received(_ input: TPIClientLine) -> [Action] {
        guard state != .closed else { return [] }
        switch input.handling(loggedIn: state == .loggedIn) {
        case let .answer(frame):
            return [.send(frame)]
        case let .login(password):
            return login(password)
        case .ignore:
            return []
        case let .command(frame):
            do {
                return [.execute(try PanelCommand(received: frame, partitionCount: partitionCount))]
            } catch {
                return [.send(error.frame)]
            }
        }
    }

    private mutating func login(_ attempt: String) -> [Action] {
        guard attempt.count <= EVLFrames.maximumPasswordLength else { return [] }
        let ack = Action.send(EVLFrames.accepted("005"))
        guard attempt == password else {
            state = .closed
            return [.cancelLoginTimer, ack, .send(EVLFrames.loginRefused), .close]
        }
        state = .loggedIn
        return [.cancelLoginTimer, ack, .send(EVLFrames.loginAccepted)]
    }
}
