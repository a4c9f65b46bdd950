import Foundation

/// How to start one `mosquitto` and tell when it is ready; ``MosquittoBroker`` keeps it to restart
/// the broker on the same port with the same files (its persistence database among them).
struct MosquittoLaunch: ServerLaunch {
    /// How long a broker may take to accept connections.
    static let readinessDeadline = Duration.seconds(5)

    let executable: String
    let port: Int
    let configurationPath: String

    /// Writes the configuration, the password file (`mosquitto_passwd -b`) and the ACL file into
    /// `directory`: TCP on 127.0.0.1:`port`, no anonymous clients, sessions persisted in `directory`.
    /// With `dynamicSecurity` (a configuration file for mosquitto's dynamic security plugin),
    /// the plugin alone authenticates and authorises, and `users` are not written.
    static func prepare(
        in directory: TemporaryDirectory, port: Int, users: [MosquittoUser], dynamicSecurity: String?,
        extraConfiguration: [String]
    ) async throws(TestSupportError) -> MosquittoLaunch {
        let common = [
            // mosquitto started as root would switch to the `mosquitto` user, who cannot read these files.
            "user \(NSUserName())",
            "listener \(port) 127.0.0.1",
            "allow_anonymous false",
            "persistence true",
            "persistence_location \(directory.path)/",
            "log_dest stderr",
            "log_type all",
        ]
        let access: [String]
        if let dynamicSecurity {
            access = ["plugin \(try SystemTool.mosquittoDynamicSecurityPlugin())", "plugin_opt_config_file \(dynamicSecurity)"]
        } else {
            access = try await writeUserFiles(users, in: directory)
        }
        let configurationPath = directory.appending("mosquitto.conf")
        try write((common + access + extraConfiguration).joined(separator: "\n") + "\n", to: configurationPath)
        return MosquittoLaunch(executable: try SystemTool.mosquitto(), port: port, configurationPath: configurationPath)
    }

    /// Writes the password file and the ACL file; returns the configuration lines naming them.
    private static func writeUserFiles(
        _ users: [MosquittoUser], in directory: TemporaryDirectory
    ) async throws(TestSupportError) -> [String] {
        let passwd = try SystemTool.mosquittoPasswd()
        let passwordFile = directory.appending("passwd")
        try write("", to: passwordFile)
        for user in users {
            let result = try await ProcessRunner.run(passwd, arguments: ["-b", passwordFile, user.name, user.password])
            guard result.status.isSuccess else {
                throw TestSupportError(.exitedEarly, "mosquitto_passwd failed for user \(user.name): \(result.stderr)")
            }
        }
        let acl = users.map { user in (["user \(user.name)"] + user.rules).joined(separator: "\n") }.joined(separator: "\n\n")
        try write(acl + "\n", to: directory.appending("acl"))
        return ["password_file \(passwordFile)", "acl_file \(directory.appending("acl"))"]
    }

    /// Starts the broker and waits until it answers a CONNECT with a CONNACK.
    ///
    /// An anonymous CONNECT is refused (return code 5) by this broker, which is answer enough:
    /// with the process still alive, no other program holds the port.
    func run() async throws(TestSupportError) -> ChildProcess {
        let process = try ProcessRunner.start(executable, arguments: ["-c", configurationPath])
        let deadline = ContinuousClock.now + Self.readinessDeadline
        while true {
            if let status = process.exitStatus {
                _ = try? await process.waitForResult(timeout: .seconds(1))  // collect all of stderr
                throw TestSupportError(.exitedEarly, "mosquitto on port \(port) exited at start (\(status)): \(process.report)")
            }
            if answersConnect() { return process }
            if ContinuousClock.now >= deadline {
                process.kill()
                throw TestSupportError(
                    .timedOut, "mosquitto on port \(port) did not accept connections within \(Self.readinessDeadline)\n\(process.report)")
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// CONNECT (MQTT 3.1.1, clean session, client id `probe`), expecting a CONNACK's first two bytes.
    private func answersConnect() -> Bool {
        guard let connection = try? RawConnection(port: port, timeout: .seconds(1)) else { return false }
        defer { connection.close() }
        let connect: [UInt8] = [0x10, 17, 0, 4, 0x4D, 0x51, 0x54, 0x54, 4, 0x02, 0, 10, 0, 5] + Array("probe".utf8)
        guard (try? connection.send(connect)) != nil, let reply = try? connection.readBytes(2) else { return false }
        return reply == [0x20, 0x02]
    }

    private static func write(_ text: String, to path: String) throws(TestSupportError) {
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw TestSupportError(.systemCall, "cannot write \(path): \(error)")
        }
    }
}
