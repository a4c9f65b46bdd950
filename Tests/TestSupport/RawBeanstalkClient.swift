#if canImport(Glibc)
import Glibc
#endif

/// A tiny blocking beanstalkd client for tests: it sends exactly the bytes it is given and
/// reads replies raw, so tests can check the server (and protocol edge cases) without our
/// own client. Blocking calls wait at most the connection's timeout.
///
/// Not thread-safe: use each client from one task.
public final class RawBeanstalkClient {
    /// A reply line and, for replies that carry one (`OK`, `FOUND`, `RESERVED`), the body.
    public struct Reply: Sendable, Hashable {
        /// The reply line without `\r\n`, e.g. `FOUND 1 5`.
        public var line: String
        /// The body without its trailing `\r\n`, when the reply has one.
        public var body: [UInt8]?

        /// The body decoded as UTF-8.
        public var bodyText: String? { body.map { String(decoding: $0, as: UTF8.self) } }
    }

    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private let endpoint: Sockets.Endpoint

    /// Connects over TCP; reads and writes time out after `timeout`.
    public convenience init(host: String = "127.0.0.1", port: Int, timeout: Duration = .seconds(5)) throws(TestSupportError) {
        try self.init(.tcp(host: host, port: port), timeout: timeout)
    }

    /// Connects to the unix socket at `path`; reads and writes time out after `timeout`.
    public convenience init(unixSocket path: String, timeout: Duration = .seconds(5)) throws(TestSupportError) {
        try self.init(.unix(path: path), timeout: timeout)
    }

    /// Connects to `server`, over its unix socket if it has one, else over TCP.
    public convenience init(_ server: BeanstalkdServer, timeout: Duration = .seconds(5)) throws(TestSupportError) {
        try self.init(server.endpoint, timeout: timeout)
    }

    init(_ endpoint: Sockets.Endpoint, timeout: Duration) throws(TestSupportError) {
        self.endpoint = endpoint
        descriptor = try Sockets.connect(to: endpoint, timeout: timeout)
    }

    deinit {
        close()
    }

    /// Closes the connection; later calls do nothing.
    public func close() {
        guard descriptor >= 0 else { return }
        Posix.close(descriptor)
        descriptor = -1
    }

    /// Sends `bytes` exactly.
    public func send(_ bytes: [UInt8]) throws(TestSupportError) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .systemCall("send to \(endpoint)", errno: errno)
            }
            sent += count
        }
    }

    /// Sends the UTF-8 bytes of `text` exactly (write the `\r\n`s yourself).
    public func send(_ text: String) throws(TestSupportError) {
        try send(Array(text.utf8))
    }

    /// Reads up to the next `\r\n` (or `terminator`) and returns the line without it. Throws
    /// ``TestSupportError/Code/connectionClosed`` at end of stream.
    public func readLine(terminator: [UInt8] = [13, 10]) throws(TestSupportError) -> String {
        var searchFrom = 0
        while true {
            if let end = buffer[searchFrom...].firstRange(of: terminator) {
                let line = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                buffer.removeSubrange(..<end.upperBound)
                return line
            }
            searchFrom = max(0, buffer.count - 1)
            try fill()
        }
    }

    /// Reads exactly `count` bytes.
    public func readBytes(_ count: Int) throws(TestSupportError) -> [UInt8] {
        while buffer.count < count { try fill() }
        defer { buffer.removeSubrange(..<count) }
        return Array(buffer[..<count])
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

    private func fill() throws(TestSupportError) {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress!, $0.count, 0) }
        if count > 0 {
            buffer += chunk[..<count]
        } else if count == 0 {
            throw TestSupportError(.connectionClosed, "\(endpoint) closed the connection")
        } else if errno == EAGAIN || errno == EWOULDBLOCK {
            throw TestSupportError(.timedOut, "no reply from \(endpoint) in time")
        } else if errno != EINTR {
            throw .systemCall("recv from \(endpoint)", errno: errno)
        }
    }
}
