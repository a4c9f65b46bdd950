#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// A socket that speaks the supervisor's side of systemd's notify protocol, as `systemd` itself
/// and `systemd-notify` use it: a Unix datagram socket at a path, given to the daemon as
/// `NOTIFY_SOCKET`; every datagram the daemon sends is kept with the time it arrived.
public final class NotifySocket: Sendable {
    /// The socket's path, for `NOTIFY_SOCKET`.
    public let path: String
    private let descriptor: Int32
    private let received = Mutex<[(message: String, at: ContinuousClock.Instant)]>([])
    private let open = Atomic<Bool>(true)

    /// Binds a socket in `directory` and starts reading.
    public init(in directory: TemporaryDirectory) throws(TestSupportError) {
        path = directory.appending("notify.sock")
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        guard descriptor >= 0 else { throw .systemCall("socket", errno: errno) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else {
            let number = errno
            Posix.close(descriptor)
            throw .systemCall("bind", errno: number)
        }
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let reader = Thread { [self] in read() }
        reader.name = "notify socket"
        reader.start()
    }

    deinit {
        Posix.close(descriptor)
    }

    /// Every message so far, in order (a datagram such as `READY=1\nSTATUS=consuming`).
    public var messages: [String] { received.withLock { $0.map(\.message) } }

    /// When each message containing `text` arrived.
    public func arrivals(of text: String) -> [ContinuousClock.Instant] {
        received.withLock { $0.filter { $0.message.contains(text) }.map(\.at) }
    }

    /// Stops reading; the socket closes when the value is released.
    public func stop() {
        open.store(false, ordering: .relaxed)
    }

    private func read() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while open.load(ordering: .relaxed) {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { continue }
            let message = String(decoding: buffer[..<count], as: UTF8.self)
            let now = ContinuousClock.now
            received.withLock { $0.append((message, now)) }
        }
    }
}
