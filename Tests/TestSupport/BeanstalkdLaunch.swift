#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// How to start one `beanstalkd` and tell when it is ready; ``BeanstalkdServer`` keeps it to restart.
struct BeanstalkdLaunch: ServerLaunch {
    /// How long a server may take to accept connections.
    static let readinessDeadline = Duration.seconds(5)

    let executable: String
    let endpoint: Sockets.Endpoint
    /// Everything after the listen options (`-b`, `-z`, extra arguments).
    let options: [String]

    var arguments: [String] {
        switch endpoint {
        case .tcp(let host, let port): ["-l", host, "-p", String(port)] + options
        case .unix(let path): ["-l", "unix:\(path)"] + options
        }
    }

    /// Starts the server and waits until it answers `stats` with its own pid.
    ///
    /// Checking the pid (not just that something accepts connections) rules out another server
    /// that grabbed the port; short pauses separate the tries.
    func run() async throws(TestSupportError) -> ChildProcess {
        let process = try ProcessRunner.start(executable, arguments: arguments)
        let deadline = ContinuousClock.now + Self.readinessDeadline
        while true {
            if let status = process.exitStatus {
                _ = try? await process.waitForResult(timeout: .seconds(1))  // collect all of stderr
                throw TestSupportError(.exitedEarly, "beanstalkd on \(endpoint) exited at start (\(status)): \(process.report)")
            }
            if answersAsOurServer(pid: process.pid) { return process }
            if ContinuousClock.now >= deadline {
                process.kill()
                throw TestSupportError(.timedOut, "beanstalkd on \(endpoint) did not accept connections within \(Self.readinessDeadline)\n\(process.report)")
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    private func answersAsOurServer(pid: Int32) -> Bool {
        guard let client = try? RawBeanstalkClient(endpoint, timeout: .seconds(1)),
              let stats = try? client.stats() else { return false }
        return stats["pid"] == String(pid)
    }
}
