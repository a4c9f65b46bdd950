#if canImport(Glibc)
import Glibc
#endif

/// One open connection to an `envisalink-simulator` control port, for tests that send many
/// commands (a burst of panel messages) without a process per command as
/// ``SimulatorProcess/control(_:_:)`` starts.
///
/// Blocking, and not thread-safe: use it from one task. Each ``send(_:)`` waits for the answer.
public final class SimulatorControlConnection {
    private let client: RawBeanstalkClient

    /// Connects to the control port on 127.0.0.1; a reply that takes longer than `timeout` fails.
    public init(port: Int, timeout: Duration = .seconds(10)) throws(TestSupportError) {
        client = try RawBeanstalkClient(.tcp(host: "127.0.0.1", port: port), timeout: timeout)
    }

    /// Sends one command line and returns the simulator's one-line answer (`ok …` or `error …`).
    public func send(_ command: String) throws(TestSupportError) -> String {
        try client.send(command + "\n")
        return try client.readLine(terminator: [10])
    }

    /// Sends `command` and throws ``TestSupportError/Code/unexpectedReply`` unless the answer starts with `ok`.
    public func require(_ command: String) throws(TestSupportError) {
        let answer = try send(command)
        guard answer.hasPrefix("ok") else {
            throw TestSupportError(.unexpectedReply, "the simulator answered \(String(reflecting: command)) with \(answer)")
        }
    }

    /// Closes the connection.
    public func close() {
        client.close()
    }
}
