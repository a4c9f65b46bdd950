import AlarmCore
import Foundation
import Testing

/// `deploy/config.example.yaml` must stay valid and in step with the code.
@Suite struct ConfigExampleTests {
    private static let examplePath = ExampleConfig.path

    @Test func exampleLoadsWithoutWarnings() throws {
        let config = try HowAlarmingConfig.load(explicitPath: Self.examplePath, environment: [:])
        #expect(config.warnings == [])
        #expect(config.beanstalkd == BeanstalkdConfig())
        #expect(config.push == PushConfig())
        #expect(config.log == LogConfig())
        #expect(config.command == CommandConfig())
        #expect(config.envisalink?.zones == [1: "Front door", 2: "Hall PIR"])
        #expect(config.envisalink?.zoneTypes == [2: .motion])
        #expect(config.mqtt == nil)
        #expect(config.envisalink?.codeMaster?.value == "1234")
    }

    @Test func commentedPushServicesTLSAndMQTTAreValidWhenEnabled() throws {
        let enabled = try ExampleConfig.load().lines.joined(separator: "\n")
        let config = try HowAlarmingConfig.parse(yaml: enabled, path: Self.examplePath, environment: [:])
        #expect(config.warnings == [])
        #expect(
            config.push.apns?.authentication
                == .token(key: .file(Self.examplePath.replacingOccurrences(of: "config.example.yaml", with: "AuthKey_ABC123DEFG.p8")),
                    keyID: "ABC123DEFG", teamID: "TEAM123456"))
        #expect(config.push.apns?.environment == .production)
        #expect(config.push.fcm?.serviceAccountFile.hasSuffix("/deploy/service-account.json") == true)
        #expect(config.command.tls?.certificateFile.hasSuffix("/deploy/api-cert.pem") == true)
        #expect(config.mqtt?.site == "home")
        #expect(config.mqtt?.port == 1883)
        #expect(config.mqtt?.tls == MQTTTLSConfig())
        #expect(config.mqtt?.codeArmRequired == false)
        #expect(config.mqtt?.codeDisarmRequired == true)
    }
}
