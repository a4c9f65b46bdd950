#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import Logging
public import ServiceLifecycle

/// Speaks systemd's notify protocol (`sd_notify`) for a daemon run with `Type=notify` and
/// `WatchdogSec`: `READY=1` once every queue consumer of the process consumes (beanstalkd answered
/// its reserve), then `WATCHDOG=1` every half watchdog period as long as every consumer beat within
/// the period, so that systemd restarts a hung daemon; `STOPPING=1` when the shutdown begins.
///
/// Each message is one datagram to the Unix socket `NOTIFY_SOCKET` names (a path, or with a
/// leading `@` an abstract name). List it last among the services, so that it hears of the shutdown first.
public struct SystemdNotifier: Service {
    /// The socket's address as `NOTIFY_SOCKET` gives it.
    let socketAddress: String
    /// `WATCHDOG_USEC` as a duration, when the watchdog is on for this process.
    let watchdogPeriod: Duration?
    let liveness: ConsumerLiveness
    let logger: Logger

    /// The notifier `environment` asks for (`NOTIFY_SOCKET`, `WATCHDOG_USEC` and `WATCHDOG_PID`),
    /// `nil` when the daemon does not run under a notify-aware supervisor.
    public static func fromEnvironment(
        _ environment: [String: String], liveness: ConsumerLiveness = .shared, logger: Logger
    ) -> SystemdNotifier? {
        guard let socket = environment["NOTIFY_SOCKET"], !socket.isEmpty else { return nil }
        var period: Duration?
        if let text = environment["WATCHDOG_USEC"], let microseconds = Int64(text), microseconds > 0,
            environment["WATCHDOG_PID"].flatMap(Int32.init).map({ $0 == getpid() }) ?? true
        {
            period = .microseconds(microseconds)
        }
        return SystemdNotifier(socketAddress: socket, watchdogPeriod: period, liveness: liveness, logger: logger)
    }

    public func run() async throws {
        while !liveness.allConsuming {
            guard (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: .milliseconds(50)) }) != nil else {
                return send("STOPPING=1")
            }
        }
        send("READY=1\nSTATUS=consuming")
        logger.debug("told the supervisor that the daemon is ready")
        if let watchdogPeriod {
            var stale = false
            while (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: watchdogPeriod / 2) }) != nil {
                if liveness.allBeat(since: .now - watchdogPeriod) {
                    send("WATCHDOG=1")
                    stale = false
                } else if !stale {
                    stale = true
                    logger.error("a queue consumer has not turned for a watchdog period: not telling the supervisor that all is well")
                }
            }
        } else {
            try? await gracefulShutdown()
        }
        send("STOPPING=1")
    }

    /// Sends `message` as one datagram; a failure is logged, never thrown (the daemon runs on).
    func send(_ message: String) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var path = Array(socketAddress.utf8)
        if path.first == UInt8(ascii: "@") { path[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !path.isEmpty, path.count < capacity else {
            return logger.error("NOTIFY_SOCKET is not a usable socket address", metadata: ["length": "\(path.count)"])
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + path.count)
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return logger.error("cannot open a socket to notify the supervisor", metadata: ["errno": "\(errno)"]) }
        defer { close(descriptor) }
        let sent = Array(message.utf8).withUnsafeBytes { bytes in
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sendto(descriptor, bytes.baseAddress, bytes.count, 0, $0, length) }
            }
        }
        if sent < 0 { logger.error("cannot notify the supervisor", metadata: ["socket": "\(socketAddress)", "errno": "\(errno)"]) }
    }
}
