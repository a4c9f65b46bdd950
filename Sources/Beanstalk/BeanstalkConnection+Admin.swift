extension BeanstalkConnection {
    /// Looks at a job in any tube without reserving it; `nil` when it does not exist.
    public func peek(_ id: JobID) async throws(BeanstalkError) -> Job? {
        try await peekReply(to: .peek(id))
    }

    /// The next ready job in the tube chosen with ``use(_:)``, if any.
    public func peekReady() async throws(BeanstalkError) -> Job? {
        try await peekReply(to: .peekReady)
    }

    /// The delayed job with the shortest delay left in the tube chosen with ``use(_:)``, if any.
    public func peekDelayed() async throws(BeanstalkError) -> Job? {
        try await peekReply(to: .peekDelayed)
    }

    /// The oldest buried job in the tube chosen with ``use(_:)``, if any.
    public func peekBuried() async throws(BeanstalkError) -> Job? {
        try await peekReply(to: .peekBuried)
    }

    /// Kicks up to `bound` buried jobs in the tube chosen with ``use(_:)`` back to ready — or, when none is
    /// buried, up to `bound` delayed jobs — and returns how many were kicked.
    public func kick(bound: UInt32) async throws(BeanstalkError) -> Int {
        guard case let .kicked(count?) = try await send(.kick(bound: bound)) else {
            throw BeanstalkError(.protocolViolation, "unexpected reply to kick")
        }
        return Int(clamping: count)
    }

    /// Kicks one buried or delayed job in any tube; `false` when there is no such job in either state.
    public func kickJob(_ id: JobID) async throws(BeanstalkError) -> Bool {
        switch try await send(.kickJob(id)) {
        case .kicked(nil): return true
        case .notFound: return false
        default: throw BeanstalkError(.protocolViolation, "unexpected reply to kick-job")
        }
    }

    /// A job's state and counters; `nil` when it does not exist.
    public func statsJob(_ id: JobID) async throws(BeanstalkError) -> JobStats? {
        guard let document = try await statsReply(to: .statsJob(id)) else { return nil }
        return try JobStats(document)
    }

    /// A tube's counters; `nil` when the tube does not exist.
    public func statsTube(_ tube: TubeName) async throws(BeanstalkError) -> TubeStats? {
        guard let document = try await statsReply(to: .statsTube(tube)) else { return nil }
        return try TubeStats(document)
    }

    /// Server-wide counters.
    public func stats() async throws(BeanstalkError) -> ServerStats {
        guard let document = try await statsReply(to: .stats) else {
            throw BeanstalkError(.protocolViolation, "unexpected reply to stats")
        }
        return try ServerStats(document)
    }

    /// Every tube that exists on the server, as the server names them.
    public func listTubes() async throws(BeanstalkError) -> [String] {
        guard case let .ok(body) = try await send(.listTubes) else {
            throw BeanstalkError(.protocolViolation, "unexpected reply to list-tubes")
        }
        return try StatsDocument.list(parsing: body)
    }

    /// Stops handing out jobs from `tube` for `delay` (beanstalkd turns 0 into 1 second;
    /// there is no unpause, a pause always runs out by itself).
    /// - Throws: `.notFound` when the tube does not exist.
    public func pauseTube(_ tube: TubeName, delay: Duration) async throws(BeanstalkError) {
        switch try await send(.pauseTube(tube, delay: try delay.protocolSeconds(argument: "delay"))) {
        case .paused: return
        case .notFound: throw BeanstalkError(.notFound, "tube \(tube) not found")
        default: throw BeanstalkError(.protocolViolation, "unexpected reply to pause-tube")
        }
    }

    private func peekReply(to command: BeanstalkCommand) async throws(BeanstalkError) -> Job? {
        switch try await send(command) {
        case let .found(id, body): return Job(id: id, body: body)
        case .notFound: return nil
        default: throw BeanstalkError(.protocolViolation, "unexpected reply to \(command.verb)")
        }
    }

    private func statsReply(to command: BeanstalkCommand) async throws(BeanstalkError) -> StatsDocument? {
        switch try await send(command) {
        case let .ok(body): return try StatsDocument(parsing: body)
        case .notFound: return nil
        default: throw BeanstalkError(.protocolViolation, "unexpected reply to \(command.verb)")
        }
    }
}
