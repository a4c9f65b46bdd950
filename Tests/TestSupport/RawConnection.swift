#if canImport(Glibc)
import Glibc
#endif

/// A blocking socket for tests that sends exactly the bytes it is given and reads the replies
/// raw, line by line or byte by byte: for checking servers (beanstalkd, the HTTP API) at the
/// protocol level, without our own clients. Reads and writes wait at most the timeout.
///
/// Not thread-safe: use each connection from one task.
public class RawConnection {
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    let endpoint: Sockets.Endpoint

    /// Connects to `port` of `host` over TCP; reads and writes time out after `timeout`.
    public convenience init(host: String = "127.0.0.1", port: Int, timeout: Duration = .seconds(5)) throws(TestSupportError) {
        try self.init(.tcp(host: host, port: port), timeout: timeout)
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

    /// Reads until the peer closes the connection; returns what came, with what was buffered.
    public func readUntilClosed() throws(TestSupportError) -> [UInt8] {
        while true {
            do {
                try fill()
            } catch {
                guard error.code == .connectionClosed else { throw error }
                defer { buffer.removeAll() }
                return buffer
            }
        }
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
