/// A tiny blocking beanstalkd client for tests (a ``RawConnection``): it sends exactly the
/// bytes it is given and reads replies raw, so tests can check the server (and protocol edge cases) without our
/// own client. Blocking calls wait at most the connection's timeout.
///
/// Not thread-safe: use each client from one task.
public final class RawBeanstalkClient: RawConnection {
    /// A reply line and, for replies that carry one (`OK`, `FOUND`, `RESERVED`), the body.
    public struct Reply: Sendable, Hashable {
        /// The reply line without `\r\n`, e.g. `FOUND 1 5`.
        public var line: String
        /// The body without its trailing `\r\n`, when the reply has one.
        public var body: [UInt8]?

        /// The body decoded as UTF-8.
        public var bodyText: String? { body.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Connects to the unix socket at `path`; reads and writes time out after `timeout`.
    public convenience init(unixSocket path: String, timeout: Duration = .seconds(5)) throws(TestSupportError) {
        try self.init(.unix(path: path), timeout: timeout)
    }

    /// Connects to `server`, over its unix socket if it has one, else over TCP.
    public convenience init(_ server: BeanstalkdServer, timeout: Duration = .seconds(5)) throws(TestSupportError) {
        try self.init(server.endpoint, timeout: timeout)
    }

    /// Sends `line` plus `\r\n` and returns the reply line.
    public func command(_ line: String) throws(TestSupportError) -> String {
        try send(line + "\r\n")
        return try readLine()
    }

    /// Sends `line` plus `\r\n` and returns the reply with its body, if it has one.
    public func request(_ line: String) throws(TestSupportError) -> Reply {
        let reply = try command(line)
        let words = reply.split(separator: " ")
        guard ["OK", "FOUND", "RESERVED"].contains(words.first), let size = words.last.flatMap({ Int($0) }) else {
            return Reply(line: reply, body: nil)
        }
        let body = try readBytes(size + 2)
        return Reply(line: reply, body: Array(body.dropLast(2)))
    }

    /// Puts `body` on `tube` exactly as given (priority 1024, no delay, TTR 60 s); returns the job's id.
    @discardableResult
    public func put(_ body: [UInt8], in tube: String) throws(TestSupportError) -> Int {
        let using = try command("use \(tube)")
        guard using == "USING \(tube)" else { throw unexpected(using, "use \(tube)") }
        try send(Array("put 1024 0 60 \(body.count)\r\n".utf8) + body + [13, 10])
        let reply = try readLine()
        guard reply.hasPrefix("INSERTED "), let id = Int(reply.dropFirst("INSERTED ".count)) else { throw unexpected(reply, "put") }
        return id
    }

    /// Job `id`'s state (`ready`, `reserved`, `delayed` or `buried`) and body, or `nil` when
    /// beanstalkd has no such job (any more).
    public func job(_ id: Int) throws(TestSupportError) -> (state: String, body: [UInt8])? {
        let stats = try request("stats-job \(id)")
        if stats.line == "NOT_FOUND" { return nil }
        let pairs = try Self.pairs(in: stats, of: "stats-job \(id)", from: "\(endpoint)")
        let peek = try request("peek \(id)")
        if peek.line == "NOT_FOUND" { return nil }
        guard let state = pairs["state"], let body = peek.body else { throw unexpected(peek.line, "peek \(id)") }
        return (state, body)
    }

    /// Sends `stats` (or `stats-tube TUBE` when `tube` is given) and returns its `key: value` pairs.
    public func stats(tube: String? = nil) throws(TestSupportError) -> [String: String] {
        let command = tube.map { "stats-tube \($0)" } ?? "stats"
        let reply = try request(command)
        return try Self.pairs(in: reply, of: command, from: "\(endpoint)")
    }

    /// `stats-tube TUBE` as `key: value` pairs, or `nil` when the tube does not exist (beanstalkd
    /// drops a tube that has no job and no watcher).
    public func statsIfExists(tube: String) throws(TestSupportError) -> [String: String]? {
        let reply = try request("stats-tube \(tube)")
        if reply.line == "NOT_FOUND" { return nil }
        return try Self.pairs(in: reply, of: "stats-tube \(tube)", from: "\(endpoint)")
    }

    private func unexpected(_ reply: String, _ command: String) -> TestSupportError {
        TestSupportError(.unexpectedReply, "beanstalkd at \(endpoint) answered \(command) with \(reply)")
    }

    private static func pairs(in reply: Reply, of command: String, from endpoint: String) throws(TestSupportError)
        -> [String: String]
    {
        guard reply.line.hasPrefix("OK "), let text = reply.bodyText else {
            throw TestSupportError(.unexpectedReply, "unexpected reply to \(command) from \(endpoint): \(reply.line)")
        }
        var pairs: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            pairs[String(line[..<colon])] = String(line[line.index(after: colon)...].trimmingPrefix(" "))
        }
        return pairs
    }

}
