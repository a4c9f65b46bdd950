#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// The daemons under systemd's `Type=notify` and `WatchdogSec`, with a socket that speaks the
/// supervisor's side of the protocol: ready only once consuming, the watchdog pinged while the
/// consumer turns and not while the process is stopped (hung), `STOPPING=1` at SIGTERM.
@Suite struct SystemdNotifyTests {
    /// The watchdog period given to the daemons (`WATCHDOG_USEC`): pings every half of it.
    static let period = Duration.seconds(1)

    /// Where the configuration's path goes in a command line.
    static let configPlaceholder = "CONFIG"

    /// Each daemon, and whether it starts while beanstalkd is down (`consume` refuses to: it
    /// checks the tube at start-up).
    @Test(arguments: [
        (["howalarming-log", "--config", configPlaceholder], true),
        (["howalarming", "consume", "--config", configPlaceholder, "--tube", "scripts", "--exec", "/bin/cat"], false),
    ])
    func aDaemonIsReadyOnlyWhenConsumingAndPingsTheWatchdogWhileItTurns(command: [String], startsWithoutBeanstalkd: Bool) async throws {
        try await withTemporaryDirectory(prefix: "notify") { directory in
            let socket = try NotifySocket(in: directory)
            defer { socket.stop() }
            try await withBeanstalkd { server in
                let config = directory.appending("config.yaml")
                try """
                    beanstalkd: {host: 127.0.0.1, port: \(server.port), tubes: {events: [log, scripts]}}
                    log: {file: \(directory.appending("events.jsonl"))}
                    """.write(toFile: config, atomically: true, encoding: .utf8)
                // Before beanstalkd answers, the daemon is not ready.
                if startsWithoutBeanstalkd { try await server.stop() }
                let arguments = command.dropFirst().map { $0 == Self.configPlaceholder ? config : $0 }
                // Its log (standard error) to standard output, where the test awaits its lines.
                let daemon = try ProcessRunner.start(
                    "/bin/sh", arguments: ["-c", "exec \"$0\" \"$@\" 2>&1", try Executables.path(command[0])] + arguments,
                    environment: [
                        "HOWALARMING_CONFIG": "", "NOTIFY_SOCKET": socket.path,
                        "WATCHDOG_USEC": String(Self.period.components.seconds * 1_000_000),
                    ])
                try await running({
                    _ = try await daemon.awaitLine(containing: "consuming", timeout: .seconds(20))
                    let restarted = ContinuousClock.now
                    if startsWithoutBeanstalkd { try await server.restart() }
                    try await waitUntil("READY=1", timeout: .seconds(20)) { !socket.arrivals(of: "READY=1").isEmpty }
                    if startsWithoutBeanstalkd {
                        #expect(socket.arrivals(of: "READY=1").allSatisfy { $0 > restarted }, "ready while beanstalkd was down")
                    }
                    try await waitUntil("three watchdog pings") { socket.arrivals(of: "WATCHDOG=1").count >= 3 }

                    // Hung (stopped, its sockets open): no ping; when it runs again, pings again.
                    daemon.signal(SIGSTOP)
                    let stopped = ContinuousClock.now
                    try await Task.sleep(for: Self.period * 2)
                    let pingsWhileStopped = socket.arrivals(of: "WATCHDOG=1").filter { $0 > stopped + .milliseconds(100) }
                    daemon.signal(SIGCONT)
                    #expect(pingsWhileStopped.isEmpty, "\(pingsWhileStopped.count) pings while stopped")
                    let resumed = ContinuousClock.now
                    try await waitUntil("a ping after SIGCONT") { socket.arrivals(of: "WATCHDOG=1").contains { $0 > resumed } }

                    daemon.signal(SIGTERM)
                    #expect(try await daemon.waitForExit(timeout: .seconds(15)) == .exited(0))
                    try await waitUntil("STOPPING=1") { socket.messages.last == "STOPPING=1" }
                    #expect(socket.messages.first == "READY=1\nSTATUS=consuming")
                }, then: {
                    daemon.kill()
                })
            }
        }
    }
}
