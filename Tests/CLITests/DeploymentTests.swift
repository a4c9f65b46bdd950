import Foundation
import Testing
import CLITestSupport
import TestSupport

/// The files in deploy/: systemd units, the supervisord configuration, and `make install-files`.
@Suite struct DeploymentTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    /// The daemons on the alarm path: each needs beanstalkd (`Requires=`).
    static let queueDaemons = ["howalarming-envisalink", "howalarming-push", "howalarming-log", "howalarming-command"]
    /// The MQTT bridge: off the alarm path, it only `Wants=` beanstalkd, and needs a broker and
    /// the `mqtt:` section, so supervisord does not start it until it is configured.
    static let bridge = "howalarming-mqtt"
    static let daemons = queueDaemons + [bridge]
    /// What a unit may set differently from the others: its description, command and dependencies.
    private static let ownUnitKeys: Set = [
        "Description", "Documentation", "ExecStart", "ExecReload", "Requires", "Wants", "After", "TimeoutStartSec",
    ]

    /// `key=value` lines of a unit or supervisord section file, in order.
    private static func settings(_ path: String) throws -> [(key: String, value: String)] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), !line.hasPrefix(";"), let equals = line.firstIndex(of: "=") else { return nil }
            return (String(line[..<equals]), String(line[line.index(after: equals)...]))
        }
    }

    @Test(arguments: daemons)
    func everyDaemonUnitIsSupervisedHardenedAndAfterBeanstalkd(daemon: String) throws {
        let unit = try Self.settings("\(Self.repository)/deploy/systemd/\(daemon).service")
        func value(_ key: String) -> String? { unit.first { $0.key == key }?.value }
        #expect(value("ExecStart") == "/usr/local/bin/\(daemon) --config /etc/howalarming/config.yaml")
        #expect(value("Restart") == "on-failure")
        if daemon == Self.bridge {
            #expect(value("Requires") == nil)
            #expect(value("Wants")?.split(separator: " ").contains("howalarming-beanstalkd.service") == true)
        } else {
            #expect(value("Requires") == "howalarming-beanstalkd.service")
        }
        #expect(value("After")?.split(separator: " ").contains("howalarming-beanstalkd.service") == true)
        #expect(value("User") == "howalarming")
        #expect(value("NoNewPrivileges") == "yes")
        #expect(value("ProtectSystem") == "strict")
        #expect(value("CapabilityBoundingSet") == "")
        #expect(value("KillSignal") == "SIGTERM")
        // Ready once consuming, restarted when it stops turning (SystemdNotifyTests).
        #expect(value("Type") == "notify" && value("NotifyAccess") == "main" && value("WatchdogSec") == "30")
        #expect(value("Restart") == "on-failure")
    }

    /// The same user, sandbox, stop signal and directories for every daemon: the push consumer's.
    @Test(arguments: daemons.filter { $0 != "howalarming-push" })
    func everyDaemonUnitIsHardenedLikeTheOthers(daemon: String) throws {
        func common(_ name: String) throws -> [String] {
            try Self.settings("\(Self.repository)/deploy/systemd/\(name).service")
                .filter { !Self.ownUnitKeys.contains($0.key) }.map { "\($0.key)=\($0.value)" }
        }
        #expect(try common(daemon) == common("howalarming-push"))
    }

    @Test func beanstalkdListensOnLoopbackWithABinlog() throws {
        let unit = try Self.settings("\(Self.repository)/deploy/systemd/howalarming-beanstalkd.service")
        let start = try #require(unit.first { $0.key == "ExecStart" }?.value)
        #expect(start.contains("-l 127.0.0.1") && start.contains("-b /var/lib/howalarming/beanstalkd"))
        let supervised = try String(contentsOfFile: "\(Self.repository)/deploy/supervisord/howalarming.conf", encoding: .utf8)
        #expect(supervised.contains("beanstalkd -l 127.0.0.1 -p 11300 -b /var/lib/howalarming/beanstalkd"))
    }

    @Test func supervisordRunsTheSameDaemonsWithTheSameConfiguration() throws {
        let settings = try Self.settings("\(Self.repository)/deploy/supervisord/howalarming.conf")
        let commands = settings.filter { $0.key == "command" }.map(\.value)
        for daemon in Self.daemons {
            #expect(commands.contains("/usr/local/bin/\(daemon) --config /etc/howalarming/config.yaml"), "\(daemon)")
        }
        #expect(settings.filter { $0.key == "stopsignal" }.allSatisfy { $0.value == "TERM" })
        #expect(settings.filter { $0.key == "user" }.allSatisfy { $0.value == "howalarming" })
    }

    /// A fresh install has no `mqtt:` section: the bridge is in the group but starts only when told.
    @Test func supervisordStartsTheBridgeOnlyWhenAsked() throws {
        let text = try String(contentsOfFile: "\(Self.repository)/deploy/supervisord/howalarming.conf", encoding: .utf8)
        let configuration = SupervisordConfiguration(text)
        #expect(Set(configuration.members(of: "howalarming")) == configuration.programs)
        #expect(configuration.program("mqtt")["autostart"] == "false")
        #expect(configuration.programs.subtracting(["mqtt"]).allSatisfy { configuration.program($0)["autostart"] == nil })
        #expect(text.contains(";   supervisorctl start howalarming:mqtt\n"))
    }

    /// `make release` links each daemon and the CLI with its order file: a missing or an empty one
    /// would quietly give back the memory it saves (`make bench` also reports stale ones).
    /// The bridge has none until `make symbol-order` profiles it (bench/footprint.py's DAEMONS);
    /// without one, `make release` links it in the default order.
    @Test(arguments: queueDaemons + ["howalarming"])
    func everyDaemonHasTheFunctionsItRunsInOrder(executable: String) throws {
        let text = try String(contentsOfFile: "\(Self.repository)/deploy/symbol-order/\(executable).txt", encoding: .utf8)
        let names = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(names.count > 500)
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { !$0.contains(" ") })
        #expect(names.contains { $0.hasPrefix("$s") && $0.contains("Config") })
    }

    @Test func installFilesPutsEverythingUnderThePrefix() async throws {
        try await withTemporaryDirectory { directory in
            let result = try await ProcessRunner.run("/usr/bin/make", arguments: [
                "-C", Self.repository, "--no-print-directory", "install-files",
                "BIN_DIR=\(URL(fileURLWithPath: try Executables.path("howalarming")).deletingLastPathComponent().path)", "DESTDIR=\(directory.path)", "PREFIX=/opt/howalarming",
            ], timeout: .seconds(60))
            #expect(result.status.isSuccess, "\(result)")
            let root = directory.path
            for executable in Self.daemons + ["howalarming", "envisalink-simulator"] {
                #expect(FileManager.default.isExecutableFile(atPath: "\(root)/opt/howalarming/bin/\(executable)"))
            }
            let unit = try String(contentsOfFile: "\(root)/etc/systemd/system/howalarming-push.service", encoding: .utf8)
            #expect(unit.contains("ExecStart=/opt/howalarming/bin/howalarming-push --config /etc/howalarming/config.yaml"))
            let supervised = try String(
                contentsOfFile: "\(root)/opt/howalarming/share/howalarming/supervisord.conf", encoding: .utf8)
            #expect(supervised.contains("command=/opt/howalarming/bin/howalarming-log"))
            #expect(FileManager.default.fileExists(atPath: "\(root)/etc/howalarming/config.example.yaml"))
            #expect(!FileManager.default.fileExists(atPath: "\(root)/etc/howalarming/config.yaml"))
        }
    }
}
