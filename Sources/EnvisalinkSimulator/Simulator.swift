import EnvisalinkTPI
public import Logging

/// The simulated EVL-4 and DSC panel: one TPI client at a time, the panel model, its timers and
/// the control interface. The servers (``SimulatorServer``) feed it lines and carry out its writes.
///
/// Logs go to the given logger; traffic is logged redacted (``EnvisalinkTPI/TPIFrame/redacted``)
/// and a line with a bad checksum by its code only, so no password or access code is ever logged.
public actor Simulator {
    /// A line for the client's writer, in order.
    enum Outgoing: Sendable, Hashable {
        /// Bytes to write; with a pause, in two writes that far apart.
        case write([UInt8], splitPause: Duration?)
        /// Close the connection.
        case close
    }

    /// The client connection's id and where its lines go.
    struct Connection {
        let id: Int
        var session: SessionMachine
        let outbox: AsyncStream<Outgoing>.Continuation
    }

    /// Timers by what they are for.
    enum TimerKey: Hashable {
        case panel(PanelTimer)
        case login(connection: Int)
    }

    /// The most frames ``SimulatorObservation/received`` and ``SimulatorObservation/sent`` keep.
    static let receivedLimit = 1000

    /// What it simulates.
    public nonisolated let configuration: SimulatorConfiguration
    let logger: Logger
    var panel: PanelModel
    var connection: Connection?
    var nextConnectionID = 1
    var timers: [TimerKey: (token: Int, task: Task<Void, Never>)] = [:]
    var nextTimerToken = 1
    /// `stall on`: lines from the client are ignored and nothing is sent.
    var stalled = false
    /// `split`: the next line goes out in two writes.
    var splitNext = false
    /// `drop-after`, `hold`, `fail`: what happens to the next command with the code.
    var interception: (code: String, action: Interception)?
    /// The command `hold` kept back: its session actions and connection.
    var held: (actions: [SessionMachine.Action], connection: Int)?
    var observed = SimulatorObservation()

    /// A simulator in its initial state: disarmed, all zones closed, no client.
    public init(configuration: SimulatorConfiguration, logger: Logger) throws(SimulatorConfigurationError) {
        try configuration.validate()
        self.configuration = configuration
        self.logger = logger
        panel = PanelModel(configuration: configuration)
    }

    /// What tests can check: the client's state and the frames it sent.
    public var observation: SimulatorObservation { observed }

    /// Waits until `condition` holds for the ``observation`` or `timeout` passes.
    /// - Returns: whether the condition held.
    public func wait(
        timeout: Duration, until condition: @Sendable (SimulatorObservation) -> Bool
    ) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition(observed) {
            guard ContinuousClock.now < deadline, (try? await Task.sleep(for: .milliseconds(5))) != nil else {
                return condition(observed)
            }
        }
        return true
    }

    /// A new TCP client: it gets the password request, or is refused (`nil`: close it at once)
    /// while another client is connected.
    func accept(outbox: AsyncStream<Outgoing>.Continuation) -> Int? {
        guard connection == nil else {
            logger.notice("refused a second client: one is already connected")
            return nil
        }
        let id = nextConnectionID
        nextConnectionID += 1
        let session = SessionMachine(password: configuration.password, partitionCount: configuration.partitionCount)
        connection = Connection(id: id, session: session, outbox: outbox)
        observed.isClientConnected = true
        observed.connections += 1
        logger.info("client connected", metadata: ["connection": "\(id)"])
        perform(session.connected(), connection: id)
        return id
    }

    /// A line from client `id`.
    func received(_ line: ReceivedLine, from id: Int) {
        guard var current = connection, current.id == id else { return }
        let input: TPIClientLine?
        switch line {
        case .line(let bytes): input = TPIClientLine(line: bytes)
        case .overlong: input = .overflow
        }
        guard let input else { return }
        log(input)
        if case .frame(let frame) = input, current.session.state == .loggedIn { record(frame) }
        guard !stalled else { return }
        let command = current.session.state == .loggedIn ? input.frame : nil
        let actions = current.session.received(input)
        if current.session.state == .loggedIn && !observed.isClientLoggedIn {
            observed.isClientLoggedIn = true
            observed.logins += 1
        }
        connection = current
        if let command, let interception, interception.code == command.code {
            intercept(actions, with: interception.action, connection: id)
        } else {
            perform(actions, connection: id)
        }
    }

    /// Client `id`'s connection has closed.
    func disconnected(_ id: Int) {
        guard connection?.id == id else { return }
        logger.info("client disconnected", metadata: ["connection": "\(id)"])
        endConnection()
    }

    /// Stops every timer and closes the client's connection.
    func shutdown() {
        for entry in timers.values { entry.task.cancel() }
        timers = [:]
        if connection != nil { endConnection() }
    }

    /// Carries out a session's actions for connection `id`.
    func perform(_ actions: [SessionMachine.Action], connection id: Int) {
        for action in actions {
            switch action {
            case .send(let frame):
                write(frame)
            case .execute(let command):
                apply(panel.respond(to: command, at: .now()))
            case .startLoginTimer:
                startTimer(.login(connection: id), after: configuration.loginTimeout)
            case .cancelLoginTimer:
                cancelTimer(.login(connection: id))
            case .close:
                logger.info("closing the client connection", metadata: ["connection": "\(id)"])
                endConnection()
            }
        }
    }

    /// Carries out the panel's effects.
    func apply(_ effects: [PanelEffect]) {
        for effect in effects {
            switch effect {
            case .send(let frame):
                if connection?.session.state == .loggedIn { write(frame) }
            case .startTimer(let timer, let delay):
                startTimer(.panel(timer), after: delay)
            case .cancelTimer(let timer):
                cancelTimer(.panel(timer))
            }
        }
    }

    /// Sends a frame to the connected client, unless stalled.
    func write(_ frame: TPIFrame) {
        guard connection != nil, !stalled else { return }
        logger.debug("sent", metadata: ["frame": "\(frame.redacted)"])
        write(bytes: frame.wireBytes)
        observed.sent.append(frame)
        if observed.sent.count > Self.receivedLimit { observed.sent.removeFirst() }
    }

    /// Sends a line to the connected client, with the timestamp prefix when it is on, in two
    /// writes after `split`. Stalled, it sends nothing.
    func write(bytes: [UInt8]) {
        guard let connection, !stalled else { return }
        let prefix = panel.timestamps ? Array(panel.timestampPrefix(at: .now()).utf8) : []
        connection.outbox.yield(.write(prefix + bytes, splitPause: splitNext ? configuration.splitPause : nil))
        splitNext = false
    }

    func endConnection() {
        guard let current = connection else { return }
        cancelTimer(.login(connection: current.id))
        current.outbox.yield(.close)
        current.outbox.finish()
        connection = nil
        observed.isClientConnected = false
        observed.isClientLoggedIn = false
    }

    private func record(_ frame: TPIFrame) {
        observed.received.append(frame)
        if observed.received.count > Self.receivedLimit { observed.received.removeFirst() }
    }

    private func log(_ input: TPIClientLine) {
        switch input {
        case .frame(let frame): logger.debug("received", metadata: ["frame": "\(frame.redacted)"])
        case .badChecksum(let prefix):
            logger.notice("received a line with a bad checksum", metadata: ["code": "\(prefix)"])
        case .malformed: logger.notice("received a malformed frame")
        case .overflow: logger.notice("received an overlong line")
        }
    }
}
