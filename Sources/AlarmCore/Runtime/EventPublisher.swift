public import Beanstalk
public import Logging
import NIOCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Puts events on every configured event tube — one tube per consumer — in one round trip,
/// and on each tap that someone watches at that moment.
///
/// Before sending it stamps what the event lacks: a fresh `id`, this publisher's
/// `source`, the next `sequence` and the current `timestamp`. A failed publish is never
/// retried here; because the event keeps its `id`, the caller may publish it again and
/// consumers recognise the repeat.
///
/// A tap (such as `cli`, which `howalarming tail` reads) is asked for its watchers in the same
/// round trip as the consumers' puts, and gets the event only when it has one: nobody tapping
/// costs no memory in beanstalkd. A tap is best effort: failing to put an event there is logged
/// and does not fail the publish.
public actor EventPublisher {
    public let endpoint: BeanstalkEndpoint
    /// The consumers' tubes, which keep every event until it is handled.
    public let tubes: [TubeName]
    /// The tubes that get an event only while watched.
    public let taps: [TubeName]
    public let source: String

    private let sequence: SequenceCounter
    private let configuration: BeanstalkConfiguration
    private let logger: Logger
    /// Publications run one after the other, so that the tubes get events in the order of their sequence.
    private var order = PublicationOrder()
    private var connection: BeanstalkConnection?

    public init(
        endpoint: BeanstalkEndpoint,
        tubes: [TubeName],
        taps: [TubeName] = [],
        source: String,
        sequence: SequenceCounter,
        configuration: BeanstalkConfiguration = .init(),
        logger: Logger
    ) {
        precondition(!tubes.isEmpty || !taps.isEmpty, "events need at least one tube")
        self.endpoint = endpoint
        self.tubes = tubes
        self.taps = taps.filter { !tubes.contains($0) }
        self.source = source
        self.sequence = sequence
        self.configuration = configuration
        self.logger = logger
    }

    /// Fills in `id`, `source`, `sequence` and `timestamp` where missing, as ``publish(_:)`` does.
    public func stamp(_ event: AlarmEvent) async -> AlarmEvent {
        var event = event
        if event.id == nil { event.id = UUID() }
        if event.source == nil { event.source = source }
        if event.sequence == nil { event.sequence = await sequence.nextValue() }
        if event.timestamp == 0 { event.timestamp = Int64(Date().timeIntervalSince1970) }
        return event
    }

    /// Stamps `event` and puts it on every tube but those in `excluded` (the tube of a consumer
    /// the event is about, which would not read it), and on the taps being watched; events
    /// published at once go out in the order of the calls, and so of their sequence.
    /// - Returns: the event as published.
    @discardableResult
    public func publish(_ event: AlarmEvent, except excluded: Set<TubeName> = []) async throws -> AlarmEvent {
        try await order.enqueue {
            let event = await self.stamp(event)
            try await self.put(stamped: event, except: excluded)
            return event
        }.value
    }

    /// Puts `event`, already stamped, on every tube but those in `excluded` and on the taps being
    /// watched, without waiting its turn: for a caller that keeps the order itself (``SpoolingPublisher``).
    func put(stamped event: AlarmEvent, except excluded: Set<TubeName>) async throws(BeanstalkError) {
        try await put(ByteBuffer(bytes: event.jsonBytes()), except: excluded, logger: logger.with(event: event))
    }

    /// Puts an already-encoded body on every consumer's tube but those in `excluded`, then on the taps being watched.
    func put(_ body: ByteBuffer, except excluded: Set<TubeName>, logger: Logger) async throws(BeanstalkError) {
        let connection = try await connected()
        let tubes = self.tubes.filter { !excluded.contains($0) }
        // Pipelined with the consumers' puts: asking costs no extra round trip.
        async let watchedTaps = Self.watched(taps.filter { !excluded.contains($0) }, on: connection)
        do {
            if !tubes.isEmpty {
                let ids = try await connection.put(body, inEach: tubes)
                logger.debug("published", metadata: ["job_ids": "\(ids.map(\.description).joined(separator: ","))"])
            }
        } catch {
            _ = await watchedTaps
            if !connection.isActive { self.connection = nil }
            throw error
        }
        let tapped = await watchedTaps
        guard !tapped.isEmpty else { return }
        do {
            _ = try await connection.put(body, inEach: tapped)
        } catch {
            logger.warning("cannot put the event on a tap", metadata: [
                "taps": "\(tapped.map(\.description).joined(separator: ","))", "error": "\(error)",
            ])
            if !connection.isActive { self.connection = nil }
        }
    }

    /// Those of `taps` that some client watches now; none when beanstalkd cannot say.
    private static func watched(_ taps: [TubeName], on connection: BeanstalkConnection) async -> [TubeName] {
        var watched: [TubeName] = []
        for tap in taps {
            // A tube nobody has watched or used yet does not exist (nil).
            if let stats = try? await connection.statsTube(tap), stats.currentWatching > 0 { watched.append(tap) }
        }
        return watched
    }

    /// Closes the connection.
    public func close() async {
        await connection?.close()
        connection = nil
    }

    private func connected() async throws(BeanstalkError) -> BeanstalkConnection {
        if let connection, connection.isActive { return connection }
        let connection = try await BeanstalkConnection.connect(to: endpoint, configuration: configuration, logger: logger)
        self.connection = connection
        return connection
    }
}

extension Logger {
    /// A copy carrying the event's id, type and sequence as metadata.
    func with(event: AlarmEvent) -> Logger {
        var logger = self
        logger[metadataKey: "event_id"] = "\(event.id.map { $0.uuidString.lowercased() } ?? "-")"
        logger[metadataKey: "event_type"] = "\(event.type.rawValue)"
        if let sequence = event.sequence { logger[metadataKey: "sequence"] = "\(sequence)" }
        return logger
    }
}
