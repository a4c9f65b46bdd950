/// A real `beanstalkd` started for a test, listening on 127.0.0.1 on a free port or on a
/// unix socket in a fresh temporary directory. Its output is captured, never printed.
///
/// Prefer ``withBeanstalkd(binlogDirectory:maxJobSize:unixSocket:extraArguments:isolation:_:)``,
/// which always kills the server when the test ends; a server still running when the value is
/// released is killed too.
public final class BeanstalkdServer: TestServer {
    /// The address the server listens on over TCP: always `127.0.0.1`.
    public let host = "127.0.0.1"
    /// The TCP port, or 0 for a unix-socket server.
    public let port: Int
    /// The unix socket path, for a server started with `unixSocket: true`.
    public let socketPath: String?
    /// The binlog directory (`-b`), if the server keeps one.
    public let binlogDirectory: String?

    let endpoint: Sockets.Endpoint
    public let serverProcess: ServerProcess
    /// Holds the unix socket's directory until the server is released.
    private let socketDirectory: TemporaryDirectory?

    private init(launch: BeanstalkdLaunch, process: ChildProcess, binlogDirectory: String?, socketDirectory: TemporaryDirectory?) {
        serverProcess = ServerProcess(launch: launch, process: process)
        self.binlogDirectory = binlogDirectory
        self.socketDirectory = socketDirectory
        endpoint = launch.endpoint
        switch launch.endpoint {
        case .tcp(_, let port):
            self.port = port
            socketPath = nil
        case .unix(let path):
            port = 0
            socketPath = path
        }
    }

    /// Starts `beanstalkd` and returns once it accepts connections (at most 5 s).
    ///
    /// - Parameters:
    ///   - binlogDirectory: passed as `-b`: jobs survive ``restart()``.
    ///   - maxJobSize: passed as `-z`.
    ///   - unixSocket: listen on a unix socket (``socketPath``) instead of TCP.
    ///   - extraArguments: appended to the command line.
    /// - Throws: ``TestSupportError/Code/notInstalled`` without `beanstalkd`;
    ///   ``TestSupportError/Code/exitedEarly`` (with its stderr) if it exits at start.
    public static func start(
        binlogDirectory: String? = nil,
        maxJobSize: Int? = nil,
        unixSocket: Bool = false,
        extraArguments: [String] = []
    ) async throws(TestSupportError) -> BeanstalkdServer {
        var options: [String] = []
        if let binlogDirectory { options += ["-b", binlogDirectory] }
        if let maxJobSize { options += ["-z", String(maxJobSize)] }
        options += extraArguments
        let executable = try SystemTool.beanstalkd()

        if unixSocket {
            let directory = try TemporaryDirectory(prefix: "beanstalkd")
            let launch = BeanstalkdLaunch(executable: executable, endpoint: .unix(path: directory.appending("beanstalkd.sock")), options: options)
            let process = try await launch.run()
            return BeanstalkdServer(launch: launch, process: process, binlogDirectory: binlogDirectory, socketDirectory: directory)
        }
        var attempt = 0
        while true {
            attempt += 1
            let launch = BeanstalkdLaunch(executable: executable, endpoint: .tcp(host: "127.0.0.1", port: try Sockets.freePort()), options: options)
            do {
                let process = try await launch.run()
                return BeanstalkdServer(launch: launch, process: process, binlogDirectory: binlogDirectory, socketDirectory: nil)
            } catch where attempt < 5 && error.code == .exitedEarly && error.message.contains("Address already in use") {
                continue  // another process took the port between our probe and beanstalkd's bind
            }
        }
    }
}
