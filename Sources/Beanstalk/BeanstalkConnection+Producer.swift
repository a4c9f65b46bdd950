public import NIOCore

extension BeanstalkConnection {
    /// The default priority for new jobs (beanstalkd counts values below 1024 as urgent).
    public static let defaultPriority: UInt32 = 1024

    /// Puts a job into `tube` — or, when `nil`, into the tube chosen with ``use(_:)`` (`default`
    /// until then) — and returns its id.
    ///
    /// The `use` the put needs (none when the server already uses that tube), the header, the body
    /// and the trailing CRLF go out in one write, with no other caller's command between them. A
    /// put is never retried automatically: once bytes have left, a retry could duplicate the job.
    /// - Throws: `.jobTooBigLocally` before sending when the body exceeds ``maxJobSize``;
    ///   `.buried` (with ``BeanstalkError/jobID``) when the server buried it for lack of memory;
    ///   `.draining`, `.jobTooBig`, `.expectedCRLF`, `.outOfMemory`, connection errors.
    public func put(
        _ body: ByteBuffer,
        into tube: TubeName? = nil,
        priority: UInt32 = BeanstalkConnection.defaultPriority,
        delay: Duration = .zero,
        ttr: Duration = .seconds(60)
    ) async throws(BeanstalkError) -> JobID {
        let command = try putCommand(body, priority: priority, delay: delay, ttr: ttr)
        let reply = try await send(command, in: tube)
        guard case let .inserted(id) = reply else { throw Self.putFailure(reply, size: body.readableBytes) }
        return id
    }

    /// A validated put: the body within ``maxJobSize``, a TTR of at least a second.
    private func putCommand(
        _ body: ByteBuffer, priority: UInt32, delay: Duration, ttr: Duration
    ) throws(BeanstalkError) -> BeanstalkCommand {
        if let maxJobSize, body.readableBytes > maxJobSize {
            throw BeanstalkError(
                .jobTooBigLocally,
                "job of \(body.readableBytes) bytes is over the server's max-job-size of \(maxJobSize) bytes")
        }
        let ttrSeconds = try ttr.protocolSeconds(argument: "ttr")
        guard ttrSeconds >= 1 else { throw BeanstalkError(.invalidArgument, "ttr must be at least 1 second") }
        return .put(priority: priority, delay: try delay.protocolSeconds(argument: "delay"), ttr: ttrSeconds, body: body)
    }

    /// The error for a put reply other than `INSERTED`.
    private static func putFailure(_ reply: BeanstalkReply, size: Int) -> BeanstalkError {
        switch reply {
        case let .buried(id):
            BeanstalkError(.buried, "beanstalkd buried job \(id.map(String.init(describing:)) ?? "?") for lack of memory", jobID: id)
        case .jobTooBig:
            BeanstalkError(.jobTooBig, "beanstalkd refused a job of \(size) bytes as too big")
        case .draining:
            BeanstalkError(.draining, "beanstalkd is draining and refuses new jobs")
        default:
            BeanstalkError(.protocolViolation, "unexpected reply to put")
        }
    }

    /// Puts the same job into each of `tubes` in one round trip (`use`/`put` pairs in one write,
    /// with no other caller's command between them).
    ///
    /// Used for fan-out: one copy per consumer's tube. The tube chosen with ``use(_:)`` stays as it was.
    /// - Returns: the job id in each tube, in the order of `tubes`.
    /// - Throws: the first failure. Tubes before it have their copy; the error's message says which
    ///   tube failed. Nothing is retried.
    public func put(
        _ body: ByteBuffer,
        inEach tubes: [TubeName],
        priority: UInt32 = BeanstalkConnection.defaultPriority,
        delay: Duration = .zero,
        ttr: Duration = .seconds(60)
    ) async throws(BeanstalkError) -> [JobID] {
        let put = try putCommand(body, priority: priority, delay: delay, ttr: ttr)
        let replies = await sendBatch(tubes.map { (put, $0) })
        var ids: [JobID] = []
        for (tube, result) in zip(tubes, replies) {
            let reply: BeanstalkReply
            do {
                reply = try result.get()
            } catch {
                throw BeanstalkError(error.code, "put into tube \(tube) failed: \(error.message)", jobID: error.jobID)
            }
            guard case let .inserted(id) = reply else {
                let error = Self.putFailure(reply, size: body.readableBytes)
                throw BeanstalkError(error.code, "put into tube \(tube) failed: \(error.message)", jobID: error.jobID)
            }
            ids.append(id)
        }
        return ids
    }

    /// Puts a job whose body is the UTF-8 bytes of `body`.
    public func put(
        _ body: String,
        into tube: TubeName? = nil,
        priority: UInt32 = BeanstalkConnection.defaultPriority,
        delay: Duration = .zero,
        ttr: Duration = .seconds(60)
    ) async throws(BeanstalkError) -> JobID {
        try await put(ByteBuffer(string: body), into: tube, priority: priority, delay: delay, ttr: ttr)
    }

    /// Chooses `tube` for the commands that do not name one: puts without a tube, peek-ready,
    /// peek-delayed, peek-buried and kick. A put that names its tube (or a fan-out) does not
    /// change the choice.
    /// - Throws: `.protocolViolation` (the connection closes) unless the server answers `USING` `tube`.
    public func use(_ tube: TubeName) async throws(BeanstalkError) {
        _ = try await send(.use(tube))
    }

    /// The tube chosen with ``use(_:)`` (`default` until then), as the server reports it.
    public func listTubeUsed() async throws(BeanstalkError) -> TubeName {
        guard case let .using(name) = try await send(.listTubeUsed) else {
            throw BeanstalkError(.protocolViolation, "unexpected reply to list-tube-used")
        }
        return TubeName(unchecked: name)
    }
}

extension Duration {
    /// Whole seconds for a protocol argument: sub-second values round up, negatives are refused.
    func protocolSeconds(argument: String) throws(BeanstalkError) -> UInt32 {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 else {
            throw BeanstalkError(.invalidArgument, "\(argument) must not be negative")
        }
        let rounded = seconds + (attoseconds > 0 ? 1 : 0)
        guard rounded <= Int64(UInt32.max) else {
            throw BeanstalkError(.invalidArgument, "\(argument) of \(rounded) seconds is over the protocol's limit")
        }
        return UInt32(rounded)
    }
}
