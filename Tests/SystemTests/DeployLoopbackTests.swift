import Foundation
import Testing

/// The shipped deployment files keep beanstalkd and the API on loopback.
@Suite struct DeployLoopbackTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOfFile: "\(SupervisedSystemTests.repository)/\(path)", encoding: .utf8)
    }

    @Test(arguments: ["deploy/systemd/howalarming-beanstalkd.service", "deploy/supervisord/howalarming.conf"])
    func beanstalkdListensOnLoopbackOnly(path: String) throws {
        let lines = try Self.text(path).split(separator: "\n").filter {
            ($0.hasPrefix("ExecStart=") || $0.hasPrefix("command=")) && $0.contains("/beanstalkd ")
        }
        #expect(!lines.isEmpty, "no beanstalkd command line in \(path)")
        for line in lines { #expect(line.contains(" -l 127.0.0.1 "), "\(path): \(line)") }
    }

    @Test func theExampleConfigurationKeepsTheAPIOnLoopback() throws {
        let text = try Self.text("deploy/config.example.yaml")
        #expect(text.contains("\n  listen: 127.0.0.1:8080\n"))
        #expect(text.contains("\n  allow_non_loopback: false\n"))
    }

    @Test func makeRunKeepsEverythingOnLoopback() throws {
        let script = try Self.text("deploy/run-local.sh")
        #expect(script.contains("-e \"s|-p 11300|-p $beanstalkd_port|\""), "beanstalkd's line comes from the supervisord config")
        #expect(script.contains("listen: 127.0.0.1:$api_port"))
        #expect(script.contains("\nlistener $mqtt_port 127.0.0.1\n"), "the local MQTT broker")
        #expect(script.contains("    listen: 127.0.0.1:$proxy_port\n"), "the TPI proxy")
        #expect(!script.contains("--allow-remote"))
    }
}
