public import Logging
public import NIOCore

/// A consumer's connection to beanstalkd that survives server restarts.
///
/// - Connects lazily, and reconnects after a failure with capped exponential backoff
///   and jitter, for as long as the calling task is not cancelled.
/// - On every new connection it first replays `use`, `watch` and `ignore default`.
/// - Jobs reserved on a lost connection are invalid: delete, release, bury and touch
///   on them throw ``BeanstalkError/Code/reservationLost`` and are never replayed.
/// - It answers `DEADLINE_SOON` by touching the jobs it holds, then reserves again.
/// - A put is never retried: a failure is reported to the caller, who knows whether
///   the job is safe to send twice.
public actor BeanstalkWorker {
    public let endpoint: BeanstalkEndpoint
    /// The tubes reserves take jobs from.
    public let watchedTubes: [TubeName]
    /// The tube puts go to.
    public let usedTube: TubeName

    private let configuration: BeanstalkConfiguration
    private let backoff: Backoff
    private let eventLoopGroup: (any EventLoopGroup)?
    private let logger: Logger
    private var connection: BeanstalkConnection?
    private var generation: UInt64 = 0
    private var failedAttempts = 0
    private var held: Set<JobID> = []

    public init(
        endpoint: BeanstalkEndpoint,
        watching watchedTubes: [TubeName],
        using usedTube: TubeName = .default,
        configuration: BeanstalkConfiguration = .init(),
        backoff: Backoff = .init(),
        eventLoopGroup: (any EventLoopGroup)? = nil,
        logger: Logger
    ) {
        precondition(!watchedTubes.isEmpty, "a worker must watch at least one tube")
        self.endpoint = endpoint
        self.watchedTubes = watchedTubes
        self.usedTube = usedTube
        self.configuration = configuration
        self.backoff = backoff
        self.eventLoopGroup = eventLoopGroup
        self.logger = logger
    }

    /// Waits up to `timeout` for a job from the watched tubes.
    ///
    /// Returns `nil` when none arrived in time, or when the connection was lost (the next
    /// call reconnects). Cancelling the calling task ends the wait promptly.
    /// - Throws: `CancellationError` when cancelled; server errors such as `.outOfMemory`.
    public func reserve(timeout: Duration) async throws -> ReservedJob? {
        let connection = try await connected()
        do {
            guard let job = try await connection.reserve(timeout: timeout) else { return nil }
            held.insert(job.id)
            return ReservedJob(job, connectionGeneration: generation)
        } catch where error.code == .deadlineSoon {
            try await touchHeldJobs(on: connection)
            return nil
        } catch {
            try Task.checkCancellation()
            if dropIfLost(connection, after: error) { return nil }
            throw error
        }
    }

    /// Deletes a job this worker reserved.
    public func delete(_ job: ReservedJob) async throws(BeanstalkError) {
        try await settle(job, .delete)
    }

    /// Releases a job this worker reserved, to be reserved again after `delay`.
    /// - Throws: `.buried` when beanstalkd, out of memory, buried the job instead.
    public func release(_ job: ReservedJob, priority: UInt32 = BeanstalkConnection.defaultPriority, delay: Duration = .zero) async throws(BeanstalkError) {
        try await settle(job, .release(priority: priority, delay: delay))
    }

    /// Buries a job this worker reserved.
    public func bury(_ job: ReservedJob, priority: UInt32 = BeanstalkConnection.defaultPriority) async throws(BeanstalkError) {
        try await settle(job, .bury(priority: priority))
    }

    /// Restarts the TTR of a job this worker holds.
    public func touch(_ job: ReservedJob) async throws(BeanstalkError) {
        let connection = try current(for: job, "touch")
        do {
            try await connection.touch(job.id)
        } catch {
            throw translate(error, job: job, connection: connection)
        }
    }

    /// The job's state and counters (for example `releases`, to count retries).
    public func stats(of job: ReservedJob) async throws(BeanstalkError) -> JobStats? {
        let connection = try current(for: job, "stats-job")
        do {
            return try await connection.statsJob(job.id)
        } catch {
            _ = dropIfLost(connection, after: error)
            throw error
        }
    }

    /// Puts a job into ``usedTube``. Never retried: on failure the caller decides.
    public func put(_ body: ByteBuffer, priority: UInt32 = BeanstalkConnection.defaultPriority,
                    delay: Duration = .zero, ttr: Duration = .seconds(60)) async throws -> JobID {
        let connection = try await connected()
        do {
            return try await connection.put(body, into: usedTube, priority: priority, delay: delay, ttr: ttr)
        } catch {
            _ = dropIfLost(connection, after: error)
            throw error
        }
    }

    /// Closes the connection. Held jobs go back to the ready queue on the server.
    public func close() async {
        if let connection {
            self.connection = nil
            held.removeAll()
            await connection.close()
        }
    }

    // MARK: - Connection management

    /// The live connection, connecting (with backoff between failures) until it succeeds or the task is cancelled.
    private func connected() async throws -> BeanstalkConnection {
        while true {
            if let connection, connection.isActive { return connection }
            if connection != nil { lose("connection closed") }
            try Task.checkCancellation()
            if failedAttempts > 0 {
                try await Task.sleep(for: backoff.delay(forAttempt: failedAttempts - 1))
            }
            do {
                let connection = try await BeanstalkConnection.connect(
                    to: endpoint, configuration: configuration, eventLoopGroup: eventLoopGroup, logger: logger)
                try await subscribe(connection)
                generation += 1
                self.connection = connection
                if failedAttempts > 0 {
                    logger.info("beanstalkd connection restored", metadata: ["endpoint": "\(endpoint)", "attempts": "\(failedAttempts)"])
                }
                failedAttempts = 0
                return connection
            } catch {
                failedAttempts += 1
                let level: Logger.Level = failedAttempts == 1 ? .warning : .debug
                logger.log(level: level, "cannot connect to beanstalkd, retrying", metadata: [
                    "endpoint": "\(endpoint)", "error": "\(error)", "attempt": "\(failedAttempts)",
                ])
            }
        }
    }

    /// Replays `use`, `watch` and `ignore default` on a fresh connection, in one round trip.
    private func subscribe(_ connection: BeanstalkConnection) async throws(BeanstalkError) {
        do {
            if usedTube != .default { try await connection.use(usedTube) }
            for tube in watchedTubes { try await connection.watch(tube) }
            if !watchedTubes.contains(.default) { try await connection.ignore(.default) }
        } catch {
            await connection.close()
            throw error
        }
    }

    private func current(for job: ReservedJob, _ verb: String) throws(BeanstalkError) -> BeanstalkConnection {
        guard let connection, connection.isActive, job.connectionGeneration == generation else {
            held.remove(job.id)
            throw BeanstalkError(
                .reservationLost,
                "cannot \(verb) job \(job.id): the connection that reserved it was lost, so beanstalkd released it",
                jobID: job.id)
        }
        return connection
    }

    /// The ways a reservation ends.
    private enum Settlement {
        case delete
        case release(priority: UInt32, delay: Duration)
        case bury(priority: UInt32)

        var verb: String {
            switch self {
            case .delete: "delete"
            case .release: "release"
            case .bury: "bury"
            }
        }
    }

    private func settle(_ job: ReservedJob, _ settlement: Settlement) async throws(BeanstalkError) {
        let connection = try current(for: job, settlement.verb)
        do {
            switch settlement {
            case .delete: try await connection.delete(job.id)
            case let .release(priority, delay): try await connection.release(job.id, priority: priority, delay: delay)
            case let .bury(priority): try await connection.bury(job.id, priority: priority)
            }
            held.remove(job.id)
        } catch {
            // The job is not held any more (NOT_FOUND, a release answered BURIED, a lost
            // connection), or its TTR will hand it back (a refusal such as OUT_OF_MEMORY).
            held.remove(job.id)
            throw translate(error, job: job, connection: connection)
        }
    }

    /// `NOT_FOUND` on a job this worker held means its reservation ran out (TTR).
    private func translate(_ error: BeanstalkError, job: ReservedJob, connection: BeanstalkConnection) -> BeanstalkError {
        if error.code == .notFound {
            held.remove(job.id)
            return BeanstalkError(.reservationLost, "job \(job.id) is no longer reserved by this worker (its TTR ran out)", jobID: job.id)
        }
        if dropIfLost(connection, after: error) {
            return BeanstalkError(.reservationLost, "lost the connection while settling job \(job.id): \(error.message)", jobID: job.id)
        }
        return error
    }

    private func touchHeldJobs(on connection: BeanstalkConnection) async throws {
        logger.debug("deadline soon: touching held jobs", metadata: ["count": "\(held.count)"])
        for id in held {
            do {
                try await connection.touch(id)
            } catch {
                guard error.code == .notFound else { throw error }
                held.remove(id)
            }
        }
    }

    /// Forgets the connection after an error that closed it; returns whether it did.
    private func dropIfLost(_ failed: BeanstalkConnection, after error: BeanstalkError) -> Bool {
        guard !failed.isActive || Self.closesConnection(error.code) else { return false }
        if connection === failed { lose(error.message) }
        failed.channel.close(promise: nil)
        return true
    }

    private func lose(_ reason: String) {
        logger.warning("lost beanstalkd connection", metadata: ["endpoint": "\(endpoint)", "reason": "\(reason)", "held_jobs": "\(held.count)"])
        connection = nil
        held.removeAll()
        failedAttempts = max(failedAttempts, 1)
    }

    private static func closesConnection(_ code: BeanstalkError.Code) -> Bool {
        [.connectionClosed, .connectionFailed, .commandTimedOut, .protocolViolation, .expectedCRLF].contains(code)
    }
}
