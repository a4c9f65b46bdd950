public import AlarmCore
public import EnvisalinkTPI
public import Logging
public import NIOCore
import Synchronization
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The panel link, as the proxy uses it: the integrator's own session with the EVL.
public protocol ProxyUpstream: Sendable {
    /// Queues `command` (id `id`) behind the integrator's own; `completion` gets the panel's answer,
    /// before any report of what the panel sends after it.
    func submit(_ command: TPIFrame, id: UUID, completion: @escaping @Sendable (CommandResult) -> Void)
}

/// Where the proxy's clients meet the panel: every connection's ``ProxySession``, the panel's state
/// for status replays, and which client each command in flight belongs to.
///
/// Thread-safe: connections call in from their event loops, the panel link from its own. What a
/// call has a connection send is written to its channel once the hub's lock is released, in the
/// order of the calls from each thread: a client hears its command's `500` before what the panel
/// sends after it, as both come from the link's event loop.
public final class ProxyHub: Sendable {
    /// The most connections that may be open before logging in, across all addresses.
    public static let maximumUnauthenticated = 16

    private struct Connection {
        var session: ProxySession
        let channel: any Channel
        let address: String
    }

    /// A command that went to the panel for a connection, kept until its code-request window passed.
    private struct Issued {
        let connection: Int
        let frame: TPIFrame
        let client: String
        var answeredAt: ContinuousClock.Instant?
    }

    private struct State {
        var linkUp = false
        var stopping = false
        var replay = PanelStateReplay()
        var connections: [Int: Connection] = [:]
        var nextConnection = 0
        var issued: [UUID: Issued] = [:]
        var throttle = FailureThrottle<ContinuousClock.Instant>(limit: 5, window: .seconds(300))
    }

    /// Something to do once the lock is released.
    private enum Effect {
        case submit(TPIFrame, id: UUID)
        case write(any Channel, [UInt8])
        case close(any Channel)
    }

    /// The audit events, in order, for the service to publish.
    public let audit: AsyncStream<AlarmEvent>
    private let auditContinuation: AsyncStream<AlarmEvent>.Continuation
    private let state = Mutex(State())
    private let clients: [TPIProxyClientConfig]
    private let partitionCount: Int
    private let upstream: any ProxyUpstream
    private let metrics = ProxyMetrics()
    private let logger: Logger

    /// A hub for `clients` of a panel with `partitionCount` partitions, whose commands go to `upstream`.
    public init(clients: [TPIProxyClientConfig], partitionCount: Int, upstream: any ProxyUpstream, logger: Logger) {
        (audit, auditContinuation) = AsyncStream.makeStream()
        self.clients = clients
        self.partitionCount = partitionCount
        self.upstream = upstream
        self.logger = logger
    }

    // MARK: Connections

    /// A connection from `address` opened on `channel`: its session starts, or, with `nil`, it is
    /// refused (the panel link is down, too many connections wait to log in, or the address failed
    /// to log in too often) and must be closed at once.
    public func connect(address: String, channel: any Channel) -> Int? {
        let (id, effects) = state.withLock { state -> (Int?, [Effect]) in
            let refusal: String? =
                if state.stopping { "the integrator is stopping" }
                else if !state.linkUp { "the panel link is down" }
                else if let wait = state.throttle.retryAfter(for: address, now: .now) { "too many wrong passwords; retry in \(wait)" }
                else if state.connections.values.count(where: { !$0.session.isLoggedIn }) >= Self.maximumUnauthenticated {
                    "too many connections waiting to log in"
                } else { nil }
            if let refusal {
                logger.info("proxy connection refused", metadata: ["address": "\(address)", "reason": "\(refusal)"])
                return (nil, [])
            }
            let id = state.nextConnection
            state.nextConnection += 1
            let session = ProxySession(partitionCount: partitionCount)
            state.connections[id] = Connection(session: session, channel: channel, address: address)
            logger.debug("proxy connection opened", metadata: ["connection": "\(id)", "address": "\(address)"])
            return (id, perform(session.connected(), on: id, in: &state))
        }
        carryOut(effects)
        return id
    }

    /// A line from connection `id`.
    public func received(_ line: ReceivedLine, from id: Int) {
        let input: TPIClientLine?
        switch line {
        case let .line(bytes): input = TPIClientLine(line: bytes)
        case .overlong: input = .overflow
        }
        guard let input else { return }
        carryOut(state.withLock { state in
            let open = state.connections.values
            let wasLoggedIn = state.connections[id]?.session.isLoggedIn ?? false
            let effects = update(id, in: &state) { session in
                session.received(input, now: .now, clients: clients) { client in
                    open.count { $0.session.client?.name == client.name && $0.session.isLoggedIn } < client.connections
                }
            }
            if !wasLoggedIn, let connection = state.connections[id], let client = connection.session.client {
                logger.info("proxy client logged in", metadata: [
                    "connection": "\(id)", "client": "\(client.name)", "address": "\(connection.address)",
                ])
                countClients(in: state)
            }
            return effects
        })
    }

    /// Connection `id`'s login window has passed.
    public func loginWindowEnded(for id: Int) {
        carryOut(state.withLock { state in update(id, in: &state) { $0.loginTimedOut() } })
    }

    /// Connection `id` has closed.
    public func disconnected(_ id: Int) {
        state.withLock { state in
            guard let connection = state.connections.removeValue(forKey: id) else { return }
            countClients(in: state)
            logger.debug("proxy connection closed", metadata: [
                "connection": "\(id)", "client": "\(connection.session.client?.name ?? "-")",
            ])
        }
    }

    // MARK: The panel link

    /// The integrator logged in to the panel: clients may connect.
    public func linkUp() {
        state.withLock { $0.linkUp = true }
    }

    /// The panel link dropped: every client is disconnected and new ones refused until it is back,
    /// and the panel's state is forgotten.
    public func linkDown() {
        carryOut(state.withLock { state in
            state.linkUp = false
            state.replay.forget()
            return endSessions(reason: "the panel link is down", in: &state)
        })
    }

    /// The proxy is stopping: every client is disconnected, and none is let in again.
    func shutDown() {
        carryOut(state.withLock { state in
            state.stopping = true
            return endSessions(reason: "the integrator is stopping", in: &state)
        })
    }

    private func endSessions(reason: String, in state: inout State) -> [Effect] {
        var effects: [Effect] = []
        for id in state.connections.keys {
            effects += update(id, in: &state) { $0.end(reason: reason) }
        }
        countClients(in: state)
        return effects
    }

    /// Records how many connections are logged in.
    private func countClients(in state: State) {
        metrics.clientsLoggedIn(state.connections.values.count { $0.session.isLoggedIn })
    }

    /// The panel sent `frame` (not an acknowledgement): every logged-in client hears it.
    public func panelSent(_ frame: TPIFrame) {
        carryOut(state.withLock { state in
            state.replay.record(frame, at: .now)
            var effects: [Effect] = []
            for (id, connection) in state.connections {
                effects += perform(connection.session.panelSent(frame), on: id, in: &state)
            }
            return effects
        })
    }

    /// The panel asks for a code (`frame`) after the command `command`. Returns whether that was a
    /// proxy client's command: then that client alone hears it, and nobody else may answer it.
    public func codeRequested(_ frame: TPIFrame, after command: UUID?) -> Bool {
        let (claimed, effects) = state.withLock { state -> (Bool, [Effect]) in
            guard let command, let issued = state.issued[command] else { return (false, []) }
            return (true, update(issued.connection, in: &state) { $0.codeRequested(frame, now: .now) })
        }
        carryOut(effects)
        return claimed
    }

    // MARK: Carrying out

    /// Gives connection `id`'s session `input` and performs what it returns; nothing when the
    /// connection has gone.
    private func update(
        _ id: Int, in state: inout State, _ input: (inout ProxySession) -> [ProxySession.Action]
    ) -> [Effect] {
        guard var connection = state.connections[id] else { return [] }
        let actions = input(&connection.session)
        state.connections[id] = connection
        return perform(actions, on: id, in: &state)
    }

    private func perform(_ actions: [ProxySession.Action], on id: Int, in state: inout State) -> [Effect] {
        guard let connection = state.connections[id] else { return [] }
        let timestamped = connection.session.timestamps
        let client = connection.session.client?.name ?? "-"
        var effects: [Effect] = []
        var bytes: [UInt8] = []
        for action in actions {
            switch action {
            case let .send(frame):
                bytes += ProxyWire.line(frame, timestamped: timestamped)
            case .sendStatusReport:
                for frame in state.replay.statusReport() {
                    bytes += ProxyWire.line(frame, timestamped: timestamped)
                }
            case .sendZoneTimers:
                bytes += ProxyWire.line(state.replay.zoneTimers(at: .now), timestamped: timestamped)
            case let .forward(frame):
                let commandID = UUID()
                state.issued[commandID] = Issued(connection: id, frame: frame, client: client)
                metrics.commandSent()
                auditContinuation.yield(ProxyAudit.sending(frame, id: commandID, client: client))
                effects.append(.submit(frame, id: commandID))
            case let .refuse(frame, reason):
                logger.notice("proxy client's command refused", metadata: [
                    "client": "\(client)", "tpi_code": "\(frame.code)", "reason": "\(reason)",
                ])
                metrics.commandRefused()
                let commandID = UUID()
                auditContinuation.yield(ProxyAudit.refused(frame, id: commandID, client: client, reason: reason))
                auditContinuation.yield(ProxyAudit.response(
                    code: "refused", message: "Command \(frame.code) refused: \(reason)", to: frame, id: commandID, client: client))
            case .countFailedLogin:
                state.throttle.recordFailure(from: connection.address, now: .now)
                metrics.wrongPassword()
            case let .close(reason):
                logger.info("closing a proxy connection", metadata: [
                    "connection": "\(id)", "client": "\(client)", "address": "\(connection.address)", "reason": "\(reason)",
                ])
                if !bytes.isEmpty { effects.append(.write(connection.channel, bytes)) }
                bytes = []
                effects.append(.close(connection.channel))
            }
        }
        if !bytes.isEmpty { effects.append(.write(connection.channel, bytes)) }
        return effects
    }

    /// Carries out `effects` in order; never with the lock held, since a write or a close may call
    /// back into the hub (a connection that turns out closed).
    private func carryOut(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case let .submit(frame, id):
                upstream.submit(frame, id: id) { [self] result in finished(id, result) }
            case let .write(channel, bytes):
                channel.writeAndFlush(ByteBuffer(bytes: bytes), promise: nil)
            case let .close(channel):
                channel.close(promise: nil)
            }
        }
    }

    /// The panel answered command `id`.
    private func finished(_ id: UUID, _ result: CommandResult) {
        carryOut(state.withLock { state in
            let now = ContinuousClock.now
            // Answered commands are kept for the code-request window, then forgotten.
            state.issued = state.issued.filter { _, issued in
                issued.answeredAt.map { now - $0 <= ProxySession.codeWindow } ?? true
            }
            guard var issued = state.issued[id] else { return [] }
            issued.answeredAt = now
            state.issued[id] = issued
            auditContinuation.yield(ProxyAudit.response(to: issued.frame, result: result, id: id, client: issued.client))
            return update(issued.connection, in: &state) { $0.commandFinished(result) }
        })
    }

    /// Ends the audit stream: the proxy has stopped.
    func finishAudit() {
        auditContinuation.finish()
    }
}
