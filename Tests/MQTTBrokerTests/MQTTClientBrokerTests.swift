import AlarmCore
import MQTT
import Testing
import TestSupport

/// ``MQTTClient`` against a real mosquitto with a password file and an ACL file.
@Suite struct MQTTClientBrokerTests {
    @Test func publishesAtQoS0AndQoS1ToASubscriber() async throws {
        try await withMosquitto(users: BrokerFixture.users) { broker in
            let subscriber = try BrokerFixture.client(of: broker, as: BrokerFixture.viewer, id: "viewer-1")
            let publisher = try BrokerFixture.client(of: broker, as: BrokerFixture.bridge, id: "bridge-1")
            try await subscriber.connect()
            try await publisher.connect()
            let results = try await subscriber.subscribe([BrokerFixture.subscription("site/1/#")])
            #expect(results == [.granted(.atLeastOnce)])

            try await publisher.publish(BrokerFixture.message("site/1/zone/001", "open", qos: .atMostOnce))
            try await publisher.publish(BrokerFixture.message("site/1/partition/1", "armed_away", qos: .atLeastOnce))
            let received = await subscriber.receive(2)
            #expect(received.map(\.topic.rawValue) == ["site/1/zone/001", "site/1/partition/1"])
            #expect(received.map(\.text) == ["open", "armed_away"])
            #expect(received.map(\.qos) == [.atMostOnce, .atLeastOnce])
            #expect(received.allSatisfy { !$0.retain && !$0.duplicate })
            await publisher.close()
            await subscriber.close()
        }
    }

    @Test func aWrongPasswordIsTheTypedRefusalWithoutThePassword() async throws {
        try await withMosquitto(users: BrokerFixture.users) { broker in
            let wrongPassword = "not-the-password-9931"
            let logs = RecordedLogs()
            let client = try BrokerFixture.client(
                of: broker, as: BrokerFixture.bridge, password: wrongPassword, id: "bridge-1", logs: logs)
            let error = await #expect(throws: MQTTError.self) { try await client.connect() }
            #expect(error?.code == .notAuthorized)
            #expect(!String(describing: error).contains(wrongPassword))
            #expect(!String(reflecting: error).contains(wrongPassword))
            #expect(!logs.text.contains(wrongPassword))
            // Refused at the first connection, the client is closed: no reconnect.
            await #expect(throws: MQTTError.self) { try await client.publish(BrokerFixture.message("site/1/x", "x", qos: .atMostOnce)) }
        }
    }

    @Test func aRetainedMessageReachesALaterSubscriber() async throws {
        try await withMosquitto(users: BrokerFixture.users) { broker in
            let publisher = try BrokerFixture.client(of: broker, as: BrokerFixture.bridge, id: "bridge-1")
            try await publisher.connect()
            try await publisher.publish(BrokerFixture.message("site/1/partition/1/state", "disarmed", qos: .atLeastOnce, retain: true))
            await publisher.close()

            let subscriber = try BrokerFixture.client(of: broker, as: BrokerFixture.viewer, id: "viewer-1")
            try await subscriber.connect()
            _ = try await subscriber.subscribe([BrokerFixture.subscription("site/1/partition/+/state")])
            let received = await subscriber.receive(1)
            #expect(received.map(\.text) == ["disarmed"])
            #expect(received.first?.retain == true)
            await subscriber.close()
        }
    }

    /// mosquitto 2.0's ACL file grants every subscription and filters what it delivers: a
    /// viewer subscribed to everything gets its own site's messages and never another site's.
    @Test func theACLKeepsAnotherSitesMessagesAway() async throws {
        try await withMosquitto(users: BrokerFixture.users + [BrokerFixture.otherSite]) { broker in
            let viewer = try BrokerFixture.client(of: broker, as: BrokerFixture.viewer, id: "viewer-1")
            let otherSite = try BrokerFixture.client(of: broker, as: BrokerFixture.otherSite, id: "site-2")
            let bridge = try BrokerFixture.client(of: broker, as: BrokerFixture.bridge, id: "bridge-1")
            for client in [viewer, otherSite, bridge] { try await client.connect() }
            _ = try await viewer.subscribe([BrokerFixture.subscription("#")])
            try await otherSite.publish(BrokerFixture.message("site/2/partition/1", "triggered", qos: .atLeastOnce))
            // Not allowed to write under site/2/: the broker acknowledges and drops it.
            try await bridge.publish(BrokerFixture.message("site/2/partition/1", "forged", qos: .atLeastOnce))
            try await bridge.publish(BrokerFixture.message("site/1/partition/1", "armed_home", qos: .atLeastOnce))
            let received = await viewer.receive(1)
            #expect(received.map(\.topic.rawValue) == ["site/1/partition/1"])
            #expect(received.map(\.text) == ["armed_home"])
            for client in [viewer, otherSite, bridge] { await client.close() }
        }
    }

    /// mosquitto's dynamic security plugin refuses a SUBSCRIBE outside the client's patterns.
    @Test func aSubscriptionTheBrokerRefusesIsSUBACK0x80() async throws {
        let python = try await PythonPeer.find()
        try await withTemporaryDirectory(prefix: "dynsec") { directory in
            let configuration = directory.appending("dynamic-security.json")
            let viewer = BrokerFixture.viewer
            let written = try await python.run(
                script: "mosquitto_dynsec_config.py", arguments: [configuration, viewer.name, viewer.password, "site/1/#"])
            try #require(written.status.isSuccess, "\(written.stderr)")
            try await withMosquitto(users: [], dynamicSecurity: configuration) { broker in
                let client = try BrokerFixture.client(of: broker, as: viewer, id: "viewer-1")
                try await client.connect()
                let refused = try TopicFilter("site/2/#")
                let results = try await client.subscribe([Subscription(refused, qos: .atLeastOnce), BrokerFixture.subscription("site/1/#")])
                #expect(results == [.failure, .granted(.atLeastOnce)])
                #expect(results.first?.error(for: refused)?.code == .subscriptionRefused)
                await client.close()
            }
        }
    }

    @Test func keepsTheConnectionAliveWithPings() async throws {
        try await withMosquitto(users: BrokerFixture.users) { broker in
            let client = try BrokerFixture.client(of: broker, as: BrokerFixture.bridge, id: "pinger", keepAlive: 1)
            try await client.connect()
            try await waitUntil("three PINGREQs from the client", timeout: .seconds(10)) {
                broker.standardError.split(separator: "\n").filter { $0.hasSuffix("Received PINGREQ from pinger") }.count >= 3
            }
            #expect(!broker.standardError.contains("pinger has exceeded timeout"))
            // Still connected: a QoS 1 publish is acknowledged.
            try await client.publish(BrokerFixture.message("site/1/alive", "yes", qos: .atLeastOnce))
            await client.close()
        }
    }
}
