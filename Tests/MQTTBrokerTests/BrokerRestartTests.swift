#if canImport(Glibc)
import Glibc
#endif
import MQTT
import Testing
import TestSupport

/// Clients with persistent sessions across a broker restart, and a broker that stops answering.
@Suite struct BrokerRestartTests {
    @Test func qos1MessagesQueuedWhileTheBrokerIsDownReachAPersistentSubscriberExactlyOnce() async throws {
        try await withMosquitto(users: BrokerFixture.users) { broker in
            let subscriber = try BrokerFixture.client(of: broker, as: BrokerFixture.viewer, id: "viewer-kept", cleanSession: false)
            let publisher = try BrokerFixture.client(of: broker, as: BrokerFixture.bridge, id: "bridge-kept", cleanSession: false)
            try await subscriber.connect()
            try await publisher.connect()
            let firstConnection = try #require(publisher.connectionHistory.connectedSince)
            #expect(publisher.connectionHistory.previousLoss == nil)
            _ = try await subscriber.subscribe([BrokerFixture.subscription("site/1/#")])
            try await publisher.publish(BrokerFixture.message("site/1/event", "before", qos: .atLeastOnce))
            #expect(await subscriber.receive(1).map(\.text) == ["before"])

            try await broker.stop()
            let count = 20
            let publishes = Task {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for index in 0..<count {
                        group.addTask { try await publisher.publish(BrokerFixture.message("site/1/event", "m\(index)", qos: .atLeastOnce)) }
                    }
                    try await group.waitForAll()
                }
            }
            try await waitUntil("\(count) messages queued while the broker is down") {
                await publisher.unacknowledgedCount() == count
            }
            try await broker.restart()
            try await publishes.value  // every one acknowledged by the restarted broker
            #expect(await publisher.unacknowledgedCount() == 0)
            // The history says when: a new connection, after a loss that followed the first one.
            let history = publisher.connectionHistory
            let loss = try #require(history.previousLoss)
            #expect(firstConnection < loss && loss < (history.connectedSince ?? loss))
            var events: [MQTTConnectionEvent] = []
            for await event in publisher.connectionEvents {
                events.append(event)
                if events.count == 3 { break }
            }
            #expect(events == [.connected(sessionPresent: false), .lost, .connected(sessionPresent: true)])

            // After the queued ones, a marker: anything received twice would arrive before it.
            try await publisher.publish(BrokerFixture.message("site/1/event", "marker", qos: .atLeastOnce))
            var received: [String] = []
            while received.last != "marker" {
                let next = await subscriber.receive(1)
                try #require(next.count == 1, "received only \(received) before the deadline")
                received.append(next[0].text)
            }
            #expect(received.dropLast().sorted() == (0..<count).map { "m\($0)" }.sorted())
            await publisher.close()
            await subscriber.close()
        }
    }

    /// A frozen broker keeps the TCP connection open but answers nothing: the missing PINGRESP
    /// ends the connection, and the client connects again once the broker answers.
    @Test func aMissingPINGRESPEndsTheConnectionAndTheClientReconnects() async throws {
        try await withMosquitto(users: BrokerFixture.users) { broker in
            let logs = RecordedLogs()
            let client = try BrokerFixture.client(of: broker, as: BrokerFixture.bridge, id: "bridge-1", keepAlive: 1, logs: logs)
            try await client.connect()
            broker.signal(SIGSTOP)
            try await waitUntil("the dead link noticed", timeout: .seconds(10)) { logs.text.contains("no PINGRESP") }
            broker.signal(SIGCONT)
            try await client.publish(BrokerFixture.message("site/1/alive", "again", qos: .atLeastOnce))
            #expect(logs.entries.filter { $0.message == "MQTT connected" }.count == 2)
            await client.close()
        }
    }
}
