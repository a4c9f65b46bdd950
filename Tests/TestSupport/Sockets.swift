#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Blocking POSIX socket helpers for the harness: connect over TCP (IPv4) or a unix socket,
/// find a free port.
enum Sockets {
    /// Where a beanstalkd listens.
    enum Endpoint: Sendable, Hashable, CustomStringConvertible {
        case tcp(host: String, port: Int)
        case unix(path: String)

        var description: String {
            switch self {
            case .tcp(let host, let port): "\(host):\(port)"
            case .unix(let path): "unix:\(path)"
            }
        }
    }

    /// A connected, close-on-exec stream socket with send and receive timeouts of `timeout`.
    static func connect(to endpoint: Endpoint, timeout: Duration) throws(TestSupportError) -> Int32 {
        let family = switch endpoint {
        case .tcp: AF_INET
        case .unix: AF_UNIX
        }
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .systemCall("socket", errno: errno) }
        do throws(TestSupportError) {
            try setTimeouts(descriptor, timeout)
            let result = switch endpoint {
            case .tcp(let host, let port):
                try withAddress(host: host, port: port) { Glibc.connect(descriptor, $0, $1) }
            case .unix(let path):
                try withAddress(unixPath: path) { Glibc.connect(descriptor, $0, $1) }
            }
            guard result == 0 else { throw TestSupportError.systemCall("connect to \(endpoint)", errno: errno) }
            return descriptor
        } catch {
            Posix.close(descriptor)
            throw error
        }
    }

    /// The ports ``freePort()`` hands out: below Linux's ephemeral range (32768–60999), where the
    /// kernel never picks the local port of an outgoing connection or of a bind to port 0.
    private static let listenPorts = 20_000..<32_768

    /// The next port ``freePort()`` tries; each test process starts at its own place in the range.
    private static let nextListenPort = Mutex(listenPorts.lowerBound + Int(getpid()) * 7_919 % listenPorts.count)

    /// A TCP port on 127.0.0.1 for a server under test, free a moment ago.
    ///
    /// A port from a bind to port 0 is ephemeral: once released, any test's outgoing connection
    /// may take it before the server binds it (CI saw `Address already in use`). Ports are handed
    /// out one by one from ``listenPorts`` instead, each probed by a bind, so no two servers in
    /// this process get the same port and no client socket takes one.
    static func freePort() throws(TestSupportError) -> Int {
        for _ in 0..<listenPorts.count {
            let port = nextListenPort.withLock { next in
                defer { next = next + 1 < listenPorts.upperBound ? next + 1 : listenPorts.lowerBound }
                return next
            }
            if try isFree(port) { return port }
        }
        throw TestSupportError(.notFound, "no free port in \(listenPorts) on 127.0.0.1")
    }

    /// Whether a socket can bind 127.0.0.1:`port` now.
    private static func isFree(_ port: Int) throws(TestSupportError) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .systemCall("socket", errno: errno) }
        defer { Posix.close(descriptor) }
        return try withAddress(host: "127.0.0.1", port: port) { bind(descriptor, $0, $1) } == 0
    }

    private static func setTimeouts(_ descriptor: Int32, _ timeout: Duration) throws(TestSupportError) {
        let (seconds, attoseconds) = timeout.components
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        for option in [SO_RCVTIMEO, SO_SNDTIMEO] {
            guard setsockopt(descriptor, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size)) == 0 else {
                throw .systemCall("setsockopt(SO_RCVTIMEO/SO_SNDTIMEO)", errno: errno)
            }
        }
    }

    private static func withAddress<Result>(
        host: String, port: Int, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
    ) throws(TestSupportError) -> Result {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            throw TestSupportError(.notFound, "\(host) is not an IPv4 address")
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    private static func withAddress<Result>(
        unixPath path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
    ) throws(TestSupportError) -> Result {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            throw TestSupportError(.notFound, "unix socket path is longer than \(capacity - 1) bytes: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
