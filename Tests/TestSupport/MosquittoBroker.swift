#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A real `mosquitto` started for a test on 127.0.0.1 and a free port, with a generated
/// configuration, password file and ACL file in a fresh temporary directory; anonymous clients
/// are refused and sessions persist across ``restart()``. Its output is captured, never printed.
///
/// Prefer ``withMosquitto(users:dynamicSecurity:extraConfiguration:isolation:_:)``, which always kills the broker
/// when the test ends; a broker still running when the value is released is killed too.
public final class MosquittoBroker: Sendable {
    /// The address the broker listens on: always `127.0.0.1`.
    public let host = "127.0.0.1"
    public let port: Int
    /// The users the password and ACL files hold.
    public let users: [MosquittoUser]

    private let launch: MosquittoLaunch
    private let process: Mutex<ChildProcess>
    /// Holds the configuration, password, ACL and persistence files until the broker is released.
    private let directory: TemporaryDirectory

    private init(launch: MosquittoLaunch, process: ChildProcess, users: [MosquittoUser], directory: TemporaryDirectory) {
        self.launch = launch
        self.process = Mutex(process)
        self.users = users
        self.directory = directory
        port = launch.port
    }

    deinit {
        process.withLock { $0.kill() }
    }

    /// Starts `mosquitto` and returns once it answers CONNECT (at most 5 s).
    ///
    /// - Parameters:
    ///   - users: written to the password file and the ACL file.
    ///   - dynamicSecurity: a configuration file for mosquitto's dynamic security plugin, which
    ///     then replaces the password and ACL files (it can refuse a SUBSCRIBE, which they cannot).
    ///   - extraConfiguration: lines appended to the generated `mosquitto.conf`.
    /// - Throws: ``TestSupportError/Code/notInstalled`` without `mosquitto` or `mosquitto_passwd`;
    ///   ``TestSupportError/Code/exitedEarly`` (with its stderr) if it exits at start.
    public static func start(
        users: [MosquittoUser], dynamicSecurity: String? = nil, extraConfiguration: [String] = []
    ) async throws(TestSupportError) -> MosquittoBroker {
        let directory = try TemporaryDirectory(prefix: "mosquitto")
        var attempt = 0
        while true {
            attempt += 1
            let launch = try await MosquittoLaunch.prepare(
                in: directory, port: try Sockets.freePort(), users: users, dynamicSecurity: dynamicSecurity,
                extraConfiguration: extraConfiguration)
            do {
                let process = try await launch.run()
                return MosquittoBroker(launch: launch, process: process, users: users, directory: directory)
            } catch where attempt < 5 && error.code == .exitedEarly && error.message.contains("Address already in use") {
                continue  // another process took the port between our probe and mosquitto's bind
            }
        }
    }

    /// A TCP port on 127.0.0.1 that was free a moment ago, for an extra listener (TLS).
    public static func freePort() throws(TestSupportError) -> Int {
        try Sockets.freePort()
    }

    /// The broker's process id.
    public var pid: Int32 { process.withLock { $0.pid } }

    /// Whether the broker process is alive.
    public var isRunning: Bool { process.withLock { $0.isRunning } }

    /// What the broker has logged (to stderr) so far.
    public var log: String {
        String(decoding: process.withLock { $0.standardError }, as: UTF8.self)
    }

    /// Sends `signal` to the broker, e.g. `SIGSTOP` to freeze it with its connections open.
    public func signal(_ signal: Int32) {
        process.withLock { $0.signal(signal) }
    }

    /// Stops the broker with `SIGTERM` (it saves its sessions and queued messages) and waits for it
    /// to exit (`SIGKILL` after 5 s).
    public func stop() async throws(TestSupportError) {
        let current = process.withLock { $0 }
        current.signal(SIGTERM)
        if (try? await current.waitForExit(timeout: .seconds(5))) == nil {
            try await kill()
        }
    }

    /// Kills the broker with `SIGKILL` and waits for it to exit.
    public func kill() async throws(TestSupportError) {
        let current = process.withLock { $0 }
        current.kill()
        try await current.waitForExit(timeout: .seconds(5))
    }

    /// Starts the broker again on the same port with the same files, stopping it first if it is
    /// running, and waits until it is ready: persisted sessions and their queued messages survive.
    public func restart() async throws(TestSupportError) {
        if isRunning { try await stop() }
        let fresh = try await launch.run()
        process.withLock { $0 = fresh }
    }
}

/// Starts a real `mosquitto` (see ``MosquittoBroker/start(users:dynamicSecurity:extraConfiguration:)``), runs
/// `body` with it, and kills the broker afterwards, whether `body` returns or throws.
public func withMosquitto<Result>(
    users: [MosquittoUser],
    dynamicSecurity: String? = nil,
    extraConfiguration: [String] = [],
    isolation: isolated (any Actor)? = #isolation,
    _ body: (MosquittoBroker) async throws -> Result
) async throws -> Result {
    let broker = try await MosquittoBroker.start(users: users, dynamicSecurity: dynamicSecurity, extraConfiguration: extraConfiguration)
    do {
        let result = try await body(broker)
        try await broker.kill()
        return result
    } catch {
        try? await broker.kill()
        throw error
    }
}
