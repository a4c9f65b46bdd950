#if canImport(Glibc)
import Glibc
#endif

/// A loopback TCP port that refuses connections for as long as this value lives: a socket bound
/// to it but not listening. Unlike the port of a stopped server, no other test can take it.
public final class ClosedPort: Sendable {
    /// The port number.
    public let port: Int
    private let descriptor: Int32

    /// Binds a socket to 127.0.0.1 on a free port.
    public init() throws(TestSupportError) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw .systemCall("socket", errno: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            let error = TestSupportError.systemCall("bind", errno: errno)
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(descriptor)
    }
}
