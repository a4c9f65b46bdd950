import AlarmCore
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Resolves a host name to every address it has (getaddrinfo, on NIO's blocking-I/O pool).
enum HostResolver {
    /// The TCP addresses of `host` at `port`, in the resolver's order, without duplicates. An
    /// IP address resolves to itself.
    ///
    /// - Throws: ``PushTransportError/Code/connectionFailed`` when the name does not resolve.
    static func addresses(of host: String, port: Int) async throws(PushTransportError) -> [SocketAddress] {
        let result: Result<[SocketAddress], PushTransportError>
        do {
            result = try await NIOThreadPool.singleton.runIfActive { lookUp(host, port: port) }
        } catch {
            throw PushTransportError(code: .connectionFailed, message: "cannot resolve \(host): \(error)")
        }
        return try result.get()
    }

    private static func lookUp(_ host: String, port: Int) -> Result<[SocketAddress], PushTransportError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        hints.ai_protocol = Int32(IPPROTO_TCP)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            let reason = String(cString: gai_strerror(status))
            return .failure(PushTransportError(code: .connectionFailed, message: "cannot resolve \(host): \(reason)"))
        }
        defer { freeaddrinfo(first) }
        var addresses: [SocketAddress] = []
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let entry = next {
            if let raw = entry.pointee.ai_addr, let address = socketAddress(raw, family: entry.pointee.ai_family),
                !addresses.contains(address)
            {
                addresses.append(address)
            }
            next = entry.pointee.ai_next
        }
        return .success(addresses)
    }

    private static func socketAddress(_ raw: UnsafeMutablePointer<sockaddr>, family: Int32) -> SocketAddress? {
        switch family {
        case AF_INET:
            raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { SocketAddress($0.pointee, host: "") }
        case AF_INET6:
            raw.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { SocketAddress($0.pointee, host: "") }
        default:
            nil
        }
    }
}
