public import Logging
public import NIOCore
import NIOPosix
#if canImport(Glibc)
import Glibc
#endif

/// One connection to beanstalkd.
///
/// Commands may be issued concurrently from many tasks: they are pipelined on the
/// connection and their replies matched in order. A blocking `reserve` holds up every
/// later command on the same connection, so give each reserve loop its own connection.
///
/// Which tube the server uses is the connection's own business: a put names its tube (or takes
/// the one chosen with ``use(_:)``) and the `use` it needs goes out with it, so concurrent callers
/// putting into different tubes never move each other's jobs.
///
/// After anything that leaves the reply stream untrustworthy (`EXPECTED_CRLF`, an
/// unknown reply, a command timeout) the connection is closed and every outstanding
/// command fails; it is never reused.
public final class BeanstalkConnection: Sendable {
    /// Where the connection goes.
    public let endpoint: BeanstalkEndpoint
    /// The server's `max-job-size`, read at connect time when ``BeanstalkConfiguration/checksJobSize`` is on.
    public let maxJobSize: Int?

    let channel: any Channel
    let configuration: BeanstalkConfiguration

    private init(channel: any Channel, endpoint: BeanstalkEndpoint, configuration: BeanstalkConfiguration, maxJobSize: Int?) {
        self.channel = channel
        self.endpoint = endpoint
        self.configuration = configuration
        self.maxJobSize = maxJobSize
    }

    /// Connects to `endpoint`, and reads the server's `max-job-size` if configured to.
    /// - Parameter eventLoopGroup: the group to run on; `nil` uses NIO's shared singleton.
    public static func connect(
        to endpoint: BeanstalkEndpoint,
        configuration: BeanstalkConfiguration = .init(),
        eventLoopGroup: (any EventLoopGroup)? = nil,
        logger: Logger = Logger(label: "beanstalk", factory: { _ in SwiftLogNoOpLogHandler() })
    ) async throws(BeanstalkError) -> BeanstalkConnection {
        let bootstrap = ClientBootstrap(group: eventLoopGroup ?? MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(TimeAmount(configuration.connectTimeout))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers([
                        ByteToMessageHandler(BeanstalkReplyDecoder()),
                        BeanstalkChannelHandler(logger: logger),
                    ])
                }
            }
        let channel: any Channel
        do {
            switch endpoint {
            case let .tcp(host, port):
                channel = try await bootstrap.connect(host: host, port: port).get()
            case let .unixSocket(path):
                channel = try await bootstrap.connect(unixDomainSocketPath: path).get()
            }
        } catch {
            throw BeanstalkError(.connectionFailed, "cannot reach beanstalkd at \(endpoint) (\(Self.describe(error)))")
        }
        let unchecked = BeanstalkConnection(
            channel: channel, endpoint: endpoint, configuration: configuration, maxJobSize: nil)
        guard configuration.checksJobSize else { return unchecked }
        do {
            let stats = try await unchecked.stats()
            return BeanstalkConnection(
                channel: channel, endpoint: endpoint, configuration: configuration,
                maxJobSize: Int(clamping: stats.maxJobSize))
        } catch {
            await unchecked.close()
            throw error
        }
    }

    /// Whether the connection is still open.
    public var isActive: Bool { channel.isActive }

    /// Closes the connection; outstanding commands fail with ``BeanstalkError/Code/connectionClosed``.
    public func close() async {
        try? await channel.close()
    }

    /// Waits until the connection has closed, for whatever reason.
    public func closed() async {
        try? await channel.closeFuture.get()
    }

    /// Sends one command and waits for its reply; `tube` is the tube a command that acts on the
    /// used tube acts on (`nil`: the one chosen with ``use(_:)``).
    func send(_ command: BeanstalkCommand, in tube: TubeName? = nil, timeout: Duration?) async throws(BeanstalkError) -> BeanstalkReply {
        let replyPromise = channel.eventLoop.makePromise(of: BeanstalkReply.self)
        let writePromise = channel.eventLoop.makePromise(of: Void.self)
        writePromise.futureResult.whenFailure { error in
            replyPromise.fail(error as? BeanstalkError
                ?? BeanstalkError(.connectionClosed, "connection to beanstalkd at \(self.endpoint) is closed"))
        }
        let request = BeanstalkRequest(command: command, tube: tube, promise: replyPromise, timeout: timeout.map(TimeAmount.init))
        channel.writeAndFlush([request], promise: writePromise)
        do {
            let reply = try await withTaskCancellationHandler {
                try await replyPromise.futureResult.get()
            } onCancel: { [channel] in
                // A reserve can only be abandoned by closing the connection; a job the server
                // reserved meanwhile goes back to the ready queue. Other commands finish normally.
                if command.waitsForJob { channel.close(promise: nil) }
            }
            if let error = reply.generalError { throw error }
            return reply
        } catch let error as BeanstalkError {
            throw error
        } catch {
            throw BeanstalkError(.connectionClosed, "connection to beanstalkd at \(endpoint) failed: \(Self.describe(error))")
        }
    }

    /// Writes several commands, each with the tube it acts on, as one write — no other caller's
    /// command can come between them — and waits for all their replies, in order.
    ///
    /// Each element of the result is that command's reply or error; a connection failure
    /// fails the commands not yet answered.
    func sendBatch(_ commands: [(command: BeanstalkCommand, tube: TubeName?)]) async -> [Result<BeanstalkReply, BeanstalkError>] {
        let timeout = TimeAmount(configuration.commandTimeout)
        let promises = commands.map { _ in channel.eventLoop.makePromise(of: BeanstalkReply.self) }
        let requests = zip(commands, promises).map { command, promise in
            BeanstalkRequest(command: command.command, tube: command.tube, promise: promise, timeout: timeout)
        }
        let written = channel.eventLoop.makePromise(of: Void.self)
        written.futureResult.whenFailure { error in
            let failure = BeanstalkError(.connectionClosed, "connection to beanstalkd at \(self.endpoint) is closed")
            for promise in promises { promise.fail(failure) }
        }
        channel.writeAndFlush(requests, promise: written)
        var results: [Result<BeanstalkReply, BeanstalkError>] = []
        results.reserveCapacity(commands.count)
        for promise in promises {
            do {
                let reply = try await promise.futureResult.get()
                results.append(reply.generalError.map { .failure($0) } ?? .success(reply))
            } catch let error as BeanstalkError {
                results.append(.failure(error))
            } catch {
                results.append(.failure(BeanstalkError(.connectionClosed, "connection to beanstalkd failed: \(Self.describe(error))")))
            }
        }
        return results
    }

    /// Sends a non-blocking command under the configured command timeout.
    func send(_ command: BeanstalkCommand, in tube: TubeName? = nil) async throws(BeanstalkError) -> BeanstalkReply {
        try await send(command, in: tube, timeout: configuration.commandTimeout)
    }

    /// Sends `quit` and waits for the server to close the connection.
    public func quit() async {
        let request = BeanstalkRequest(command: .quit, promise: nil, timeout: nil)
        try? await channel.writeAndFlush([request]).get()
        await closed()
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)).lowercased() }
        if let error = error as? ChannelError {
            switch error {
            case .connectTimeout: return "connect timed out"
            case .ioOnClosedChannel, .alreadyClosed, .eof: return "connection closed"
            default: return "\(error)"
            }
        }
        if let error = error as? NIOConnectionError {
            if let first = error.connectionErrors.first { return describe(first.error) }
            if let dns = error.dnsAAAAError ?? error.dnsAError { return "cannot resolve host: \(dns)" }
        }
        return "\(error)"
    }
}
