import AlarmCore
import Foundation
import Testing
import TestSupport

/// What `deploy/run-local.sh` writes in its run directory for the MQTT bridge and the local
/// mosquitto it starts: checked by ``check(runDirectory:binDirectory:banner:)``.
struct LocalBrokerFiles {
    /// The broker's port and the bridge's login, as the generated configuration gives them.
    let port: Int
    let username: String
    let password: String

    /// Checks the bridge's section of the generated configuration, the broker's configuration and
    /// password file, and the programs supervisord runs; returns the broker's address and login.
    /// `banner` is the banner's line about the broker.
    static func check(runDirectory directory: TemporaryDirectory, binDirectory: String, banner: String) throws -> LocalBrokerFiles {
        let configPath = directory.appending("config.yaml")
        let config = try HowAlarmingConfig.load(explicitPath: configPath, environment: [:])
        #expect(config.warnings == [])
        let mqtt = try #require(config.mqtt)
        #expect(config.beanstalkd.consumerEventTubes.contains(mqtt.tube))
        #expect(mqtt.host == "127.0.0.1" && mqtt.tls == nil && mqtt.site == "home")
        let username = try #require(mqtt.username)
        let password = try #require(mqtt.password?.value)
        #expect(username == "howalarming")
        #expect(password.count >= 24, "a random password")
        #expect(try mode(of: directory.appending("mqtt-password")) == 0o600)
        #expect(try mode(of: configPath) == 0o600)
        let bannerGivesTheLogin = banner.contains("127.0.0.1:\(mqtt.port), user \(username), password \(password)")
        #expect(bannerGivesTheLogin, "the banner's broker line gives its address, user name and password")

        let brokerConfigPath = directory.appending("mosquitto/mosquitto.conf")
        let brokerConfig = try String(contentsOfFile: brokerConfigPath, encoding: .utf8).split(separator: "\n")
        let passwordFile = directory.appending("mosquitto/passwd")
        for line in [
            "listener \(mqtt.port) 127.0.0.1", "allow_anonymous false", "password_file \(passwordFile)", "persistence false",
        ] {
            #expect(brokerConfig.contains(Substring(line)), "mosquitto.conf: \(line)")
        }
        let hashes = try String(contentsOfFile: passwordFile, encoding: .utf8)
        let holdsThePassword = hashes.contains(password)
        #expect(hashes.hasPrefix("\(username):$"), "one user, with a hashed password")
        #expect(!holdsThePassword, "mosquitto's password file holds the password's hash only")
        #expect(try mode(of: passwordFile) == 0o600)

        let supervised = SupervisordConfiguration(try String(contentsOfFile: directory.appending("supervisord.conf"), encoding: .utf8))
        let broker = supervised.program("mosquitto")
        let bridge = supervised.program("mqtt")
        #expect(broker["command"] == "\(try SystemTool.mosquitto()) -c \(brokerConfigPath)")
        #expect(bridge["command"] == "\(binDirectory)/howalarming-mqtt --config \(configPath)")
        #expect(bridge["autostart"] == "true")
        #expect(bridge["user"] == nil)
        // supervisord starts lower priorities first and stops them last: the bridge's clean stop
        // (offline on its bridge topic) still reaches the broker.
        let brokerPriority = try #require(broker["priority"].flatMap { Int($0) })
        let bridgePriority = try #require(bridge["priority"].flatMap { Int($0) })
        #expect(brokerPriority < bridgePriority)
        #expect(Set(supervised.members(of: "howalarming")).isSuperset(of: ["simulator", "mosquitto", "beanstalkd", "mqtt"]))
        return LocalBrokerFiles(port: mqtt.port, username: username, password: password)
    }

    private static func mode(of path: String) throws -> Int {
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
        return try #require(permissions).intValue
    }
}
