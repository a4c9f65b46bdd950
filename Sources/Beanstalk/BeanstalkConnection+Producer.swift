public import NIOCore

extension BeanstalkConnection {
    /// The default priority for new jobs (beanstalkd counts values below 1024 as urgent).
    public static let defaultPriority: UInt32 = 1024

    /// Puts a job into the used tube and returns its id.
    ///
    /// The header, body and trailing CRLF go out in one write. A put is never retried
    /// automatically: once bytes have left, a retry could duplicate the job.
    /// - Throws: `.jobTooBigLocally` before sending when the body exceeds ``maxJobSize``;
    ///   `.buried` (with ``BeanstalkError/jobID``) when the server buried it for lack of memory;
    ///   `.draining`, `.jobTooBig`, `.expectedCRLF`, `.outOfMemory`, connection errors.
    public func put(
        _ body: ByteBuffer,
        priority: UInt32 = BeanstalkConnection.defaultPriority,
        delay: Duration = .zero,
        ttr: Duration = .seconds(60)
    ) async throws(BeanstalkError) -> JobID {
        if let maxJobSize, body.readableBytes > maxJobSize {
            throw BeanstalkError(
                .jobTooBigLocally,
                "job of \(body.readableBytes) bytes is over the server's max-job-size of \(maxJobSize) bytes")
        }
        let ttrSeconds = try ttr.protocolSeconds(argument: "ttr")
        guard ttrSeconds >= 1 else { throw BeanstalkError(.invalidArgument, "ttr must be at least 1 second") }
        let command = BeanstalkCommand.put(
            priority: priority, delay: try delay.protocolSeconds(argument: "delay"), ttr: ttrSeconds, body: body)
        switch try await send(command) {
        case let .inserted(id):
            return id
        case let .buried(id):
            throw BeanstalkError(.buried, "beanstalkd buried job \(id.map(String.init(describing:)) ?? "?") for lack of memory", jobID: id)
        case .jobTooBig:
            throw BeanstalkError(.jobTooBig, "beanstalkd refused a job of \(body.readableBytes) bytes as too big")
        case .draining:
            throw BeanstalkError(.draining, "beanstalkd is draining and refuses new jobs")
        default:
            throw BeanstalkError(.protocolViolation, "unexpected reply to put")
        }
    }

    /// Puts a job whose body is the UTF-8 bytes of `body`.
    public func put(
        _ body: String,
        priority: UInt32 = BeanstalkConnection.defaultPriority,
        delay: Duration = .zero,
        ttr: Duration = .seconds(60)
    ) async throws(BeanstalkError) -> JobID {
        try await put(ByteBuffer(string: body), priority: priority, delay: delay, ttr: ttr)
    }

    /// Makes `tube` the tube later puts (and peek-ready/delayed/buried, kick) act on.
    public func use(_ tube: TubeName) async throws(BeanstalkError) {
        guard case let .using(name) = try await send(.use(tube)), name == tube.rawValue else {
            throw BeanstalkError(.protocolViolation, "unexpected reply to use \(tube)")
        }
    }

    /// The tube this connection uses.
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
