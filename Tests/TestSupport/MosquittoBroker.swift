/// A real `mosquitto` started for a test on 127.0.0.1 and a free port, with a generated
/// configuration, password file and ACL file in a fresh temporary directory; anonymous clients
/// are refused and sessions persist across ``restart()``. Its output is captured, never printed.
///
/// Prefer ``withMosquitto(users:dynamicSecurity:extraConfiguration:isolation:_:)``, which always kills the broker
/// when the test ends; a broker still running when the value is released is killed too.
public final class MosquittoBroker: TestServer {
    /// The address the broker listens on: always `127.0.0.1`.
    public let host = "127.0.0.1"
    public let port: Int
    /// The users the password and ACL files hold.
    public let users: [MosquittoUser]

    public let serverProcess: ServerProcess
    /// Holds the configuration, password, ACL and persistence files until the broker is released.
    private let directory: TemporaryDirectory

    private init(launch: MosquittoLaunch, process: ChildProcess, users: [MosquittoUser], directory: TemporaryDirectory) {
        serverProcess = ServerProcess(launch: launch, process: process)
        self.users = users
        self.directory = directory
        port = launch.port
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
