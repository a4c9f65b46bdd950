import AlarmCore
import Beanstalk
import MQTT
import NIOCore
import TestSupport

/// The users of the tests' brokers and the clients they connect.
enum BrokerFixture {
    /// May read and write everything under `site/1/`.
    static let bridge = MosquittoUser(name: "bridge", password: "bridge-pw-4711", rules: ["topic readwrite site/1/#"])
    /// May only read `site/1/`.
    static let viewer = MosquittoUser(name: "viewer", password: "viewer-pw-0815", rules: ["topic read site/1/#"])
    /// Another site's bridge: everything under `site/2/`.
    static let otherSite = MosquittoUser(name: "site-2", password: "site2-pw-1234", rules: ["topic readwrite site/2/#"])
    static let users = [bridge, viewer]

    /// A client of `broker` (on `port` if given) as `user`, reconnecting quickly (50 ms, at most
    /// 500 ms), logging into `logs`.
    static func client(
        of broker: MosquittoBroker, as user: MosquittoUser, password: String? = nil, id: String,
        cleanSession: Bool = true, keepAlive: UInt16 = 30, port: Int? = nil, tls: MQTTTLSConfiguration? = nil,
        logs: RecordedLogs = RecordedLogs()
    ) throws -> MQTTClient {
        let connect = try ConnectPacket(
            clientID: id, cleanSession: cleanSession, keepAlive: keepAlive,
            userName: user.name, password: Secret(password ?? user.password))
        let configuration = MQTTClientConfiguration(
            host: broker.host, port: port ?? broker.port, session: MQTTSessionConfiguration(connect: connect),
            backoff: Backoff(initial: .milliseconds(50), maximum: .milliseconds(500)), tls: tls)
        return MQTTClient(configuration: configuration, logger: logs.logger)
    }

    static func message(_ topic: String, _ payload: String, qos: QoS, retain: Bool = false) throws -> MQTTMessage {
        try MQTTMessage(topic: TopicName(topic), payload: ByteBuffer(string: payload), qos: qos, retain: retain)
    }

    static func subscription(_ filter: String, qos: QoS = .atLeastOnce) throws -> Subscription {
        Subscription(try TopicFilter(filter), qos: qos)
    }
}

extension MQTTClient {
    /// The next `count` messages; closes the client (so fewer come back) if they do not all
    /// arrive within `timeout`.
    func receive(_ count: Int, within timeout: Duration = .seconds(15)) async -> [PublishPacket] {
        let watchdog = Task {
            try await Task.sleep(for: timeout)
            await close()
        }
        defer { watchdog.cancel() }
        var received: [PublishPacket] = []
        guard count > 0 else { return received }
        for await message in messages {
            received.append(message)
            if received.count == count { break }
        }
        return received
    }
}

extension PublishPacket {
    /// The payload as text.
    var text: String { String(buffer: payload) }
}
