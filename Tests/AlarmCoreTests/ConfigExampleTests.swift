import AlarmCore
import Foundation
import Testing

/// `deploy/config.example.yaml` must stay valid and in step with the code.
@Suite struct ConfigExampleTests {
    private static let examplePath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("deploy/config.example.yaml").path

    @Test func exampleLoadsWithoutWarnings() throws {
        let config = try HowAlarmingConfig.load(explicitPath: Self.examplePath, environment: [:])
        #expect(config.warnings == [])
        #expect(config.beanstalkd == BeanstalkdConfig())
        #expect(config.push == PushConfig())
        #expect(config.log == LogConfig())
        #expect(config.command == CommandConfig())
        #expect(config.envisalink?.zones == [1: "Front door", 2: "Hall PIR"])
        #expect(config.envisalink?.codeMaster?.value == "1234")
    }

    @Test func commentedPushServicesAreValidWhenEnabled() throws {
        let text = try String(contentsOfFile: Self.examplePath, encoding: .utf8)
        let enabled = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("  # apns:") || line.hasPrefix("  # fcm:") || line.hasPrefix("  #   ")
                ? "  " + line.dropFirst(4) : line
        }.joined(separator: "\n")
        let config = try HowAlarmingConfig.parse(yaml: enabled, path: Self.examplePath, environment: [:])
        #expect(config.warnings == [])
        #expect(
            config.push.apns?.authentication
                == .token(key: .file(Self.examplePath.replacingOccurrences(of: "config.example.yaml", with: "AuthKey_ABC123DEFG.p8")),
                    keyID: "ABC123DEFG", teamID: "TEAM123456"))
        #expect(config.push.apns?.environment == .production)
        #expect(config.push.fcm?.serviceAccountFile.hasSuffix("/deploy/service-account.json") == true)
    }
}
