import AlarmCore
import Foundation
import Testing
import TestSupport

/// The local mosquitto `deploy/run-local.sh` starts for the MQTT bridge: what it writes for both in
/// its run directory (``check(runDirectory:binDirectory:banner:)``), and paho-mqtt subscribed to
/// what the bridge publishes there, as the banner's `mosquitto_sub` line is (``subscribe(python:)``).
struct LocalBroker {
    /// The broker's port and the bridge's login, as the generated configuration gives them.
    let port: Int
    let username: String
    let password: String

    /// Checks the bridge's section of the generated configuration, the broker's configuration and
    /// password file, and the programs supervisord runs; returns the broker's address and login.
    /// `banner` is the banner's line about the broker.
    static func check(runDirectory directory: TemporaryDirectory, binDirectory: String, banner: String) throws -> LocalBroker {
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
            "set_tcp_nodelay true",
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
        // supervisord stops a group's programs at once, and groups one after another, higher
        // priorities first: the broker, a group of its own below the group's (999 by default),
        // stops once the bridge has stopped, so the bridge's offline reaches it.
        let members = Set(supervised.members(of: "howalarming"))
        #expect(members.isSuperset(of: ["simulator", "beanstalkd", "mqtt"]) && !members.contains("mosquitto"))
        #expect(supervised.sections["group:howalarming"]?["priority"] == nil)
        let brokerPriority = try #require(broker["priority"].flatMap { Int($0) })
        #expect(brokerPriority < 999)
        return LocalBroker(port: mqtt.port, username: username, password: password)
    }

    /// paho-mqtt (Tests/Interop/mqtt_peer.py) logged in with the bridge's user and subscribed to
    /// `howalarming/#`, once the broker listens.
    func subscribe(python: PythonPeer) async throws -> ChildProcess {
        try await waitUntil("the local broker to listen on port \(port)", timeout: .seconds(15)) {
            guard let connection = try? RawConnection(port: port, timeout: .seconds(1)) else { return false }
            connection.close()
            return true
        }
        let peer = try python.start(
            script: "mqtt_peer.py", arguments: ["subscribe", "127.0.0.1", String(port), username, password, "howalarming/#", "0"])
        _ = try await peer.awaitLine(containing: "subscribed", timeout: .seconds(15))
        return peer
    }

    /// Publishes `payload` on `topic` (QoS 1, not retained) with the bridge's user, as Home Assistant would.
    func publish(python: PythonPeer, topic: String, payload: String) async throws {
        let result = try await python.run(
            script: "mqtt_peer.py", arguments: ["publish", "127.0.0.1", String(port), username, password, topic, Self.hex(payload), "1", "0"])
        #expect(result.status.isSuccess && result.stdout.contains("published"), "mqtt_peer.py publish: \(result.stderr)")
    }

    /// Waits for the next message on `topic` with `payload` among those `subscriber` (from
    /// ``subscribe(python:)``) prints, after the lines earlier waits returned.
    static func awaitMessage(
        _ subscriber: ChildProcess, topic: String, payload: String, timeout: Duration = .seconds(20)
    ) async throws {
        let expected = PeerMessage(topic: topic, payload: hex(payload))
        _ = try await subscriber.awaitLine(timeout: timeout) { line in
            (try? JSONDecoder().decode(PeerMessage.self, from: Data(line.utf8))) == expected
        }
    }

    /// A message's topic and payload as mqtt_peer.py prints them (the payload in hex).
    private struct PeerMessage: Decodable, Equatable {
        let topic: String
        let payload: String
    }

    private static func hex(_ text: String) -> String {
        text.utf8.map { String(format: "%02x", $0) }.joined()
    }

    private static func mode(of path: String) throws -> Int {
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
        return try #require(permissions).intValue
    }
}
