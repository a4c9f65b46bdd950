import AlarmCore
public import EnvisalinkTPI
public import Logging
import NIOCore
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
        /// The panel asks for a code right after one of our commands.
        case codeRequested(partition: Int?)
        /// Something odd on the link, already logged.
        case problem(String)
        /// The panel answered one of the link's own requests (poll, status) with an error, or
        /// reported one unprompted: a problem of the panel, not of a queued command. Already logged.
        case panelError(PanelError)
        /// The panel acknowledged a command (`500`): it is answering normally.
        case panelAnswered
    }

    /// Reports in the order they happened.
    public let reports: AsyncStream<LinkReport>
    private let continuation: AsyncStream<LinkReport>.Continuation
    private let configuration: PanelLinkConfiguration
    private let logger: Logger
    private let metrics = PanelLinkMetrics()
    private let current = Mutex<(channel: (any Channel)?, handler: NIOLoopBound<TPISessionHandler>?, up: Bool)>((nil, nil, false))

    public init(configuration: PanelLinkConfiguration, logger: Logger) {
        (reports, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
        self.configuration = configuration
        self.logger = logger
    }

    /// Whether the session is logged in right now.
    public var isUp: Bool { current.withLock { $0.up } }

    /// Sends a command and waits until the panel acknowledged or refused it.
    public func send(_ command: TPIFrame, id: UUID) async -> CommandResult {
        guard let (channel, handler) = current.withLock({ state in state.channel.flatMap { c in state.handler.map { (c, $0) } } }) else {
            return .failed(.linkLost("the panel link is not up"))
        }
        let promise = channel.eventLoop.makePromise(of: CommandResult.self)
        channel.eventLoop.execute {
            handler.value.submit(CommandTicket(frame: command, id: id), promise: promise)
        }
        return (try? await promise.futureResult.get()) ?? .failed(.linkLost("the panel link closed"))
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
            continuation.yield(.down(reason: "the panel password cannot be sent: \(error.reason)"))
            return .wrongPassword
        }
        let machine = TPISessionStateMachine(configuration: configuration.session, login: login)
        let report: @Sendable (TPISessionStateMachine.Report) -> Void = { [continuation, logger, self] report in
            switch report {
            case .loggedIn:
                outcome.withLock { $0 = .wasUp }
                self.current.withLock { $0.up = true }
                self.metrics.linkChanged(up: true)
                logger.info("logged in to the panel", metadata: ["endpoint": "\(endpoint)"])
                continuation.yield(.up)
            case .wrongPassword:
                outcome.withLock { $0 = .wrongPassword }
                logger.error("the panel refused the password (wrong panel password)", metadata: ["endpoint": "\(endpoint)"])
                continuation.yield(.wrongPassword)
            case .loginTimedOut:
                continuation.yield(.problem("login timed out"))
            case let .message(message, frame):
                continuation.yield(.message(message, frame))
            case let .commandFinished(ticket, .failed(failure)) where ticket.id == nil:
                // The link's own poll or status request: a panel error is the panel's problem.
                guard let error = PanelError(failure, answering: ticket.frame) else { break }
                logger.warning("the panel answered the integrator's own request with an error", metadata: ["error": "\(error.message)"])
                continuation.yield(.panelError(error))
            case .commandFinished(_, .accepted):
                continuation.yield(.panelAnswered)
            case .commandFinished:
                break
            case let .unpromptedError(failure):
                guard let error = PanelError(failure, answering: nil) else { break }
                logger.warning("the panel reported an error unprompted", metadata: ["error": "\(error.message)"])
                continuation.yield(.panelError(error))
            case let .codeRequested(partition):
                continuation.yield(.codeRequested(partition: partition))
            case let .codeRequestIgnored(message):
                logger.warning("panel asked for a code nobody here requested; not answered", metadata: ["message": "\(message)"])
            case let .protocolProblem(problem):
                logger.warning("panel link problem", metadata: ["problem": "\(problem)"])
                continuation.yield(.problem(problem))
            }
        }
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
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
        continuation.yield(.down(reason: result == .wasUp ? "connection to \(endpoint) lost" : "cannot log in to \(endpoint)"))
        return result
    }
}
