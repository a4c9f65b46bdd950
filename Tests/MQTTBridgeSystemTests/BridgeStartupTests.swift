import Foundation
import Testing
import TestSupport

/// What `howalarming-mqtt` says before it runs: its help, and the configuration it refuses.
@Suite struct BridgeStartupTests {
    static func run(_ arguments: [String]) async throws -> ProcessResult {
        try await ProcessRunner.run(
            try Executables.path("howalarming-mqtt"), arguments: arguments, environment: BridgeStage.environment,
            timeout: .seconds(20))
    }

    @Test func helpExplainsTheBridge() async throws {
        let help = try await Self.run(["--help"])
        #expect(help.status.isSuccess)
        #expect(help.stdout.contains("USAGE: howalarming-mqtt") && help.stdout.contains("--config"))
        #expect(help.stdout.contains("Home Assistant"))
    }

    @Test(arguments: [
        ("beanstalkd: {tubes: {events: [log, mqtt]}}", "mqtt: the MQTT bridge needs an mqtt section"),
        ("mqtt: {}", "beanstalkd.tubes.events: does not list mqtt (mqtt.tube)"),
        ("beanstalkd: {tubes: {events: [mqtt]}}\nmqtt: {code_arm_required: true}", "mqtt.code_arm_required: needs envisalinkd.code_master"),
        ("mqtt: {site: \"two words\"}", "mqtt.site: must be 1 to 64 letters"),
    ])
    func aConfigurationItCannotRunWithStopsStartUpNamingTheKey(yaml: String, message: String) async throws {
        try await withTemporaryDirectory(prefix: "mqtt-config") { directory in
            let path = directory.appending("config.yaml")
            try yaml.write(toFile: path, atomically: true, encoding: .utf8)
            let result = try await Self.run(["--config", path])
            #expect(!result.status.isSuccess)
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
    }
}
