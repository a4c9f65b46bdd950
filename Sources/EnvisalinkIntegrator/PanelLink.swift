import AlarmCore
public import EnvisalinkTPI
public import Logging
public import NIOCore
import NIOPosix
public import ServiceLifecycle
import Synchronization
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The integrator's link to the EVL: connects, logs in, keeps the session alive, and
/// reconnects forever with capped exponential backoff and jitter.
///
/// What happens on the link comes out of ``reports`` (link up and down, panel messages,
/// code requests); commands go in through ``send(_:id:)``.
public final class PanelLink: Service, Sendable {
    /// What the integrator hears from the link.
    public enum LinkReport: Sendable {
        /// The session is logged in.
        case up
        /// The link went down (or could not come up); it is being retried.
        case down(reason: String)
        /// The panel refused the password; retried after a long pause.
        case wrongPassword
        /// A panel message for the event stream.
        case message(PanelMessage, TPIFrame)
        /// The panel asks for a code (`900`, as `frame`) right after the queued command `command`.
        case codeRequested(partition: Int?, frame: TPIFrame, command: UUID?)
        /// Something odd on the link, already logged.
        case problem(String)
        /// The panel answered one of the link's own requests (poll, status) with an error, or
        /// reported one unprompted: a problem of the panel, not of a queued command. Already logged.
        case panelError(PanelError)
        /// The panel acknowledged a command (`500`): it is answering normally.
        case panelAnswered
    }

    /// Sees every report as it happens, and returns whether it has dealt with it itself. Only a
    /// code request can be dealt with so (it followed a command of the observer's), and
    /// ``reports`` then does not carry it. A panel message reaches ``reports`` first, every other
    /// report the observer first. Called on the link's event loop for what the panel sends, in
    /// order with the completions of ``submit(_:id:completion:)``.
    public typealias Observer = @Sendable (LinkReport) -> Bool

    /// Reports in the order they happened.
    public let reports: AsyncStream<LinkReport>
    private let continuation: AsyncStream<LinkReport>.Continuation
    private let configuration: PanelLinkConfiguration
    private let eventLoop: any EventLoop
    private let observer: Observer?
    private let logger: Logger
    private let metrics = PanelLinkMetrics()
    private let current = Mutex<(channel: (any Channel)?, handler: NIOLoopBound<TPISessionHandler>?, up: Bool)>((nil, nil, false))

    /// A link as `configuration` says, whose connection runs on `eventLoop`.
    public init(
        configuration: PanelLinkConfiguration, logger: Logger, eventLoop: any EventLoop = PanelThread.eventLoop,
        observer: Observer? = nil
    ) {
        (reports, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
        self.eventLoop = eventLoop
        self.configuration = configuration
        self.observer = observer
        self.logger = logger
    }

    /// Whether the session is logged in right now.
    public var isUp: Bool { current.withLock { $0.up } }

    /// Sends a command and waits until the panel acknowledged or refused it.
    public func send(_ command: TPIFrame, id: UUID) async -> CommandResult {
        guard let result = queue(command, id: id) else { return .failed(.linkLost("the panel link is not up")) }
        return (try? await result.get()) ?? .failed(.linkLost("the panel link closed"))
    }

    /// Queues a command without waiting: `completion` runs once the panel acknowledged or refused
    /// it, on the link's event loop, before the reports of what the panel sends after its answer.
    /// Commands queued from one thread go out in the order they were queued.
    public func submit(_ command: TPIFrame, id: UUID, completion: @escaping @Sendable (CommandResult) -> Void) {
        guard let result = queue(command, id: id) else {
            completion(.failed(.linkLost("the panel link is not up")))
            return
        }
        result.whenComplete { completion((try? $0.get()) ?? .failed(.linkLost("the panel link closed"))) }
    }

    private func queue(_ command: TPIFrame, id: UUID) -> EventLoopFuture<CommandResult>? {
        guard let (channel, handler) = current.withLock({ state in state.channel.flatMap { c in state.handler.map { (c, $0) } } }) else {
            return nil
        }
        let promise = channel.eventLoop.makePromise(of: CommandResult.self)
        channel.eventLoop.execute {
            handler.value.submit(CommandTicket(frame: command, id: id), promise: promise)
        }
        return promise.futureResult
    }

    /// Hands `report` to the observer, then, unless the observer dealt with it, to ``reports``; a
    /// panel message the other way round, so that the observer's work (the proxy writing it to
    /// every client) never comes before the integrator's own event.
    private func emit(_ report: LinkReport) {
        if case .message = report {
            continuation.yield(report)
            _ = observer?(report)
            return
        }
        if observer?(report) == true { return }
        continuation.yield(report)
    }

    public func run() async throws {
        var attempt = 0
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            let outcome = await cancelWhenGracefulShutdown { [self] in await connectAndServe() }
            guard !Task.isShuttingDownGracefully && !Task.isCancelled else { break }
            let backoff: Backoff
            switch outcome {
            case .wrongPassword:
                backoff = configuration.wrongPasswordBackoff
                attempt += 1
            case .wasUp:
                backoff = configuration.reconnectBackoff
                attempt = 0
            case .neverUp:
                backoff = configuration.reconnectBackoff
                attempt += 1
            }
            let delay = backoff.delay(forAttempt: max(0, attempt - 1))
            logger.info("reconnecting to the panel", metadata: ["in": "\(delay)", "attempt": "\(attempt + 1)"])
            metrics.reconnecting()
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: delay) }
        }
        current.withLock { $0.channel }?.close(promise: nil)
        continuation.finish()
    }

    private enum SessionOutcome: Sendable { case wasUp, neverUp, wrongPassword }

    /// One connection: connect, run the session until it closes.
    private func connectAndServe() async -> SessionOutcome {
        let endpoint = "\(configuration.host):\(configuration.port)"
        let outcome = Mutex(SessionOutcome.neverUp)
        let login: TPIFrame
        do {
            login = try TPIFrame(code: "005", data: String(configuration.password.value.prefix(6)))
        } catch {
            self.emit(.down(reason: "the panel password cannot be sent: \(error.reason)"))
            return .wrongPassword
        }
        let machine = TPISessionStateMachine(configuration: configuration.session, login: login)
        let report: @Sendable (TPISessionStateMachine.Report) -> Void = { [logger, self] report in
            switch report {
            case .loggedIn:
                outcome.withLock { $0 = .wasUp }
                self.current.withLock { $0.up = true }
                // Reported before the metric and the log line say so: whoever sees those (a test,
                // an operator) may rely on the proxy letting clients in.
                self.emit(.up)
                self.metrics.linkChanged(up: true)
                logger.info("logged in to the panel", metadata: ["endpoint": "\(endpoint)"])
            case .wrongPassword:
                outcome.withLock { $0 = .wrongPassword }
                logger.error("the panel refused the password (wrong panel password)", metadata: ["endpoint": "\(endpoint)"])
                self.emit(.wrongPassword)
            case .loginTimedOut:
                self.emit(.problem("login timed out"))
            case let .message(message, frame):
                self.emit(.message(message, frame))
            case let .commandFinished(ticket, .failed(failure)) where ticket.id == nil:
                // The link's own poll or status request: a panel error is the panel's problem.
                guard let error = PanelError(failure, answering: ticket.frame) else { break }
                logger.warning("the panel answered the integrator's own request with an error", metadata: ["error": "\(error.message)"])
                self.emit(.panelError(error))
            case .commandFinished(_, .accepted):
                self.emit(.panelAnswered)
            case .commandFinished:
                break
            case let .unpromptedError(failure):
                guard let error = PanelError(failure, answering: nil) else { break }
                logger.warning("the panel reported an error unprompted", metadata: ["error": "\(error.message)"])
                self.emit(.panelError(error))
            case let .codeRequested(partition, frame, command):
                self.emit(.codeRequested(partition: partition, frame: frame, command: command))
            case let .codeRequestIgnored(message):
                logger.warning("panel asked for a code nobody here requested; not answered", metadata: ["message": "\(message)"])
            case let .protocolProblem(problem):
                logger.warning("panel link problem", metadata: ["problem": "\(problem)"])
                self.emit(.problem(problem))
            }
        }
        let bootstrap = ClientBootstrap(group: eventLoop)
            .connectTimeout(TimeAmount(configuration.connectTimeout))
            .channelInitializer { [logger, self] channel in
                channel.eventLoop.makeCompletedFuture {
                    let handler = TPISessionHandler(machine: machine, logger: logger, report: report)
                    try channel.pipeline.syncOperations.addHandlers([
                        ByteToMessageHandler(TPILineDecoder()),
                        MessageToByteHandler(TPIFrameEncoder()),
                        handler,
                    ])
                    // Recorded before the connection is active, so no report can come first.
                    self.current.withLock { $0 = (channel, NIOLoopBound(handler, eventLoop: channel.eventLoop), false) }
                }
            }
        do {
            let channel = try await bootstrap.connect(host: configuration.host, port: configuration.port).get()
            await withTaskCancellationHandler {
                try? await channel.closeFuture.get()
            } onCancel: {
                channel.close(promise: nil)
            }
            current.withLock { $0 = (nil, nil, false) }
        } catch {
            current.withLock { $0 = (nil, nil, false) }
            logger.warning("cannot connect to the panel", metadata: ["endpoint": "\(endpoint)", "error": "\(error)"])
        }
        let result = outcome.withLock { $0 }
        metrics.linkChanged(up: false)
        self.emit(.down(reason: result == .wasUp ? "connection to \(endpoint) lost" : "cannot log in to \(endpoint)"))
        return result
    }
}
