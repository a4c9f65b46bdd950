public import Beanstalk
public import Logging
public import ServiceLifecycle
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Publishes events without ever losing one: while beanstalkd cannot take them, events go
/// to an on-disk spool (appended and synced one by one) and are published from it, in
/// order, as soon as beanstalkd is back — also after a restart of the process.
///
/// Events are stamped (id, source, sequence) before they are spooled, so a spooled event
/// keeps its identity; as a Service it keeps draining the spool in the background.
public actor SpoolingPublisher: Service {
    private let publisher: EventPublisher
    private var spool: EventSpool
    private let retryBackoff: Backoff
    private let logger: Logger
    private var failures = 0
    private var order = PublicationOrder()

    public init(publisher: EventPublisher, spoolPath: String, retryBackoff: Backoff = .init(), logger: Logger) throws {
        self.publisher = publisher
        let spool = try EventSpool(path: spoolPath)
        for (line, reason) in spool.unreadableLines {
            logger.warning("skipped an unreadable line of the event spool (cut short by a crash, or damaged)", metadata: [
                "spool": "\(spoolPath)", "line": "\(line)", "reason": "\(reason)",
            ])
        }
        self.spool = spool
        self.retryBackoff = retryBackoff
        self.logger = logger
    }

    /// How many events wait in the spool.
    public var spooledCount: Int { spool.count }

    /// Stamps `event` and publishes it to every tube but those in `excluded` (as
    /// ``EventPublisher/publish(_:except:)``), or spools it, with its exclusions, when beanstalkd
    /// cannot take it (or older events still wait). When the spool file cannot be written either (disk full), the event is
    /// still kept, in memory, and published in its turn; only a stop of the process before
    /// beanstalkd is back loses it. That is logged as critical, and ``SpoolError`` is thrown.
    /// It throws nothing else: stamping never fails (``SequenceCounter``).
    /// Events published at once, from several tasks, are stamped and published one after the
    /// other, in the order of the calls: the tubes get them in the order of their `sequence`.
    @discardableResult
    public func publish(_ event: AlarmEvent, except excluded: Set<TubeName> = []) async throws -> AlarmEvent {
        try await order.enqueue { try await self.stampAndPublish(event, except: excluded) }.value
    }

    private func stampAndPublish(_ event: AlarmEvent, except excluded: Set<TubeName>) async throws -> AlarmEvent {
        let event = await publisher.stamp(event)
        if spool.isEmpty {
            do {
                try await publisher.put(stamped: event, except: excluded)
                return event
            } catch {
                logger.warning("beanstalkd unavailable: spooling events", metadata: ["error": "\(error)"])
            }
        }
        try spool.append(SpooledEvent(event: event, excludedTubes: excluded))
        return event
    }

    /// Publishes spooled events in order until the spool is empty or beanstalkd fails again.
    /// - Returns: whether the spool is empty.
    @discardableResult
    public func flush() async -> Bool {
        while let spooled = spool.first {
            do {
                try await publisher.put(stamped: spooled.event, except: spooled.excludedTubes)
            } catch {
                return false
            }
            do {
                try spool.removeFirst()
            } catch {
                // Published: the file still lists it until a later rewrite succeeds, and after a
                // restart it is published again, which consumers recognise by its id.
                logger.error("cannot rewrite the event spool after publishing", metadata: ["error": "\(error)"])
            }
        }
        return true
    }

    public func run() async throws {
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            let waiting = spool.count
            if waiting > 0 {
                if await flush() {
                    logger.info("spooled events published", metadata: ["count": "\(waiting)"])
                    failures = 0
                } else {
                    failures += 1
                }
            }
            let pause = waiting > 0 ? retryBackoff.delay(forAttempt: failures) : .seconds(1)
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: pause) }
        }
    }
}
