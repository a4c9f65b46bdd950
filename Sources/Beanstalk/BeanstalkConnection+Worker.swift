extension BeanstalkConnection {
    /// Waits, without limit, for a job from the watched tubes.
    ///
    /// Holds up every later command on this connection until a job arrives. Cancelling the
    /// calling task closes the connection, the only way to abandon a blocking reserve.
    /// - Throws: `.deadlineSoon` when one of this connection's reservations expires within a second
    ///   (touch or release it, then reserve again); `.timedOut` if the socket was half-closed.
    public func reserve() async throws(BeanstalkError) -> Job {
        switch try await send(.reserve, timeout: nil) {
        case let .reserved(id, body):
            return Job(id: id, body: body)
        case .deadlineSoon:
            throw Self.deadlineSoon
        case .timedOut:
            throw BeanstalkError(.timedOut, "reserve timed out")
        default:
            throw BeanstalkError(.protocolViolation, "unexpected reply to reserve")
        }
    }

    /// Waits up to `timeout` (whole seconds, rounded up; zero polls) for a job from the watched tubes.
    /// Cancelling the calling task closes the connection, as for ``reserve()``.
    /// - Returns: the job, or `nil` when none arrived in time.
    /// - Throws: `.deadlineSoon` as for ``reserve()``.
    public func reserve(timeout: Duration) async throws(BeanstalkError) -> Job? {
        let seconds = min(try timeout.protocolSeconds(argument: "timeout"), UInt32(Int32.max))
        let wait = Duration.seconds(Int64(seconds)) + configuration.reserveGrace
        switch try await send(.reserveWithTimeout(seconds: seconds), timeout: wait) {
        case let .reserved(id, body):
            return Job(id: id, body: body)
        case .timedOut:
            return nil
        case .deadlineSoon:
            throw Self.deadlineSoon
        default:
            throw BeanstalkError(.protocolViolation, "unexpected reply to reserve-with-timeout")
        }
    }

    /// Reserves a specific ready, delayed or buried job (beanstalkd 1.12+).
    /// - Returns: the job, or `nil` when it does not exist or is already reserved.
    public func reserveJob(_ id: JobID) async throws(BeanstalkError) -> Job? {
        switch try await send(.reserveJob(id)) {
        case let .reserved(id, body): return Job(id: id, body: body)
        case .notFound: return nil
        default: throw BeanstalkError(.protocolViolation, "unexpected reply to reserve-job")
        }
    }

    /// Deletes a job reserved by this connection, or any ready, delayed or buried job.
    /// - Throws: `.notFound` when there is no such job or another connection holds it.
    public func delete(_ id: JobID) async throws(BeanstalkError) {
        try await expect(.deleted, to: .delete(id), job: id)
    }

    /// Puts a job this connection reserved back into the ready (or, with a delay, delayed) queue.
    /// - Throws: `.notFound` when this connection does not hold it; `.buried` when the server
    ///   buried it for lack of memory.
    public func release(
        _ id: JobID, priority: UInt32 = BeanstalkConnection.defaultPriority, delay: Duration = .zero
    ) async throws(BeanstalkError) {
        let delay = try delay.protocolSeconds(argument: "delay")
        switch try await send(.release(id, priority: priority, delay: delay)) {
        case .released: return
        case .buried: throw BeanstalkError(.buried, "beanstalkd buried job \(id) instead of releasing it (out of memory)", jobID: id)
        case .notFound: throw Self.notFound(id)
        default: throw BeanstalkError(.protocolViolation, "unexpected reply to release")
        }
    }

    /// Buries a job this connection reserved, to be inspected and kicked later.
    /// - Throws: `.notFound` when this connection does not hold it.
    public func bury(_ id: JobID, priority: UInt32 = BeanstalkConnection.defaultPriority) async throws(BeanstalkError) {
        try await expect(.buried(nil), to: .bury(id, priority: priority), job: id)
    }

    /// Restarts the TTR of a job this connection reserved.
    /// - Throws: `.notFound` when this connection does not hold it (any more).
    public func touch(_ id: JobID) async throws(BeanstalkError) {
        try await expect(.touched, to: .touch(id), job: id)
    }

    /// Adds `tube` to the watch list and returns how many tubes are watched.
    @discardableResult
    public func watch(_ tube: TubeName) async throws(BeanstalkError) -> Int {
        guard case let .watching(count) = try await send(.watch(tube)) else {
            throw BeanstalkError(.protocolViolation, "unexpected reply to watch")
        }
        return Int(clamping: count)
    }

    /// Removes `tube` from the watch list and returns how many tubes are still watched.
    /// - Throws: `.notIgnored` when it is the last watched tube.
    @discardableResult
    public func ignore(_ tube: TubeName) async throws(BeanstalkError) -> Int {
        switch try await send(.ignore(tube)) {
        case let .watching(count): return Int(clamping: count)
        case .notIgnored: throw BeanstalkError(.notIgnored, "cannot ignore \(tube): it is the only watched tube")
        default: throw BeanstalkError(.protocolViolation, "unexpected reply to ignore")
        }
    }

    /// The tubes this connection watches.
    public func listTubesWatched() async throws(BeanstalkError) -> [TubeName] {
        guard case let .ok(body) = try await send(.listTubesWatched) else {
            throw BeanstalkError(.protocolViolation, "unexpected reply to list-tubes-watched")
        }
        return try StatsDocument.list(parsing: body).map(TubeName.init(unchecked:))
    }

    private func expect(_ success: BeanstalkReply, to command: BeanstalkCommand, job id: JobID) async throws(BeanstalkError) {
        let reply = try await send(command)
        if reply == success { return }
        if reply == .notFound { throw Self.notFound(id) }
        throw BeanstalkError(.protocolViolation, "unexpected reply to \(command.verb)")
    }

    static func notFound(_ id: JobID) -> BeanstalkError {
        BeanstalkError(.notFound, "job \(id) not found (or not reserved by this connection)", jobID: id)
    }

    private static let deadlineSoon = BeanstalkError(
        .deadlineSoon, "a job reserved by this connection reaches its TTR within a second")
}
