@testable import MQTT
import NIOCore
import Testing

/// QoS 1 in flight with packet identifiers, the in-flight window, what survives a reconnect
/// (reference §1.7 "Redelivery", [MQTT-4.4.0-1]), subscriptions and incoming messages.
@Suite("MQTT session: delivery")
struct SessionDeliveryTests {
    @Test func qos1MessagesGetIdentifiersAndAreAcknowledgedInAnyOrder() throws {
        var harness = SessionHarness()
        harness.connected()
        var sent: [String] = []
        for name in ["a", "b", "c"] { sent += sentPublishes(try harness.publish(name).actions) }
        #expect(sent == ["a#1", "b#2", "c#3"])
        #expect(reports(harness.receive(.pubAck(id(2)))) == [.acknowledged(id(2))])
        #expect(harness.receive(.pubAck(id(2))).isEmpty, "a second PUBACK for the same id is ignored")
        #expect(reports(harness.receive(.pubAck(id(1)))) == [.acknowledged(id(1))])
        #expect(harness.session.unacknowledgedCount == 1)
    }

    @Test func qos0IsSentWithoutIdentifierOrAcknowledgement() throws {
        var harness = SessionHarness()
        harness.connected()
        let (packetID, actions) = try harness.publish("a", qos: .atMostOnce)
        #expect(packetID == nil)
        #expect(sentPublishes(actions) == ["a#-"])
        #expect(harness.session.unacknowledgedCount == 0)
    }

    @Test func theInFlightWindowHoldsTheRestInOrder() throws {
        var harness = SessionHarness(maximumInFlight: 2)
        harness.connected()
        var sent: [String] = []
        for name in ["a", "b", "c"] { sent += sentPublishes(try harness.publish(name).actions) }
        sent += sentPublishes(try harness.publish("d", qos: .atMostOnce).actions)
        #expect(sent == ["a#1", "b#2"], "c waits for the window, and d behind it keeps the order")
        #expect(sentPublishes(harness.receive(.pubAck(id(1)))) == ["c#3", "d#-"])
    }

    @Test func messagesPublishedWhileDisconnectedGoOutAfterCONNACKInOrder() throws {
        var harness = SessionHarness()
        #expect(try harness.publish("a").actions.isEmpty)
        #expect(try harness.publish("b", qos: .atMostOnce).actions.isEmpty)
        #expect(sentPublishes(harness.connected()) == ["a#1", "b#-"])
    }

    /// Clean session 0 and the session resumed: in-flight messages again with their identifiers
    /// and DUP = 1, in order, before new ones [MQTT-4.4.0-1].
    @Test func aResumedSessionResendsInFlightAsDuplicates() throws {
        var harness = SessionHarness()
        harness.connected()
        _ = try harness.publish("a")
        _ = try harness.publish("b")
        _ = harness.receive(.pubAck(id(1)))
        _ = harness.session.connectionLost()
        _ = try harness.publish("c")
        let actions = harness.connected(sessionPresent: true)
        #expect(sentPublishes(actions) == ["b#2 dup", "c#3"])
        #expect(reports(harness.receive(.pubAck(id(2)))) == [.acknowledged(id(2))])
    }

    /// The server lost the session (or clean session 1): nothing of ours is known there, so the
    /// messages go again as new ones, still in order, and the subscriptions are renewed first.
    @Test func aLostSessionResubscribesAndResendsAsNew() throws {
        var harness = SessionHarness()
        _ = harness.session.subscribe([Subscription(filter("howalarming/site1/+/set"), qos: .atLeastOnce)], now: harness.now)
        let first = harness.connected()
        #expect(sentPackets(first).count == 1)
        _ = harness.receive(.subAck(SubAckPacket(packetID: id(1), results: [.granted(.atLeastOnce)])))
        _ = try harness.publish("a")
        _ = harness.session.connectionLost()
        let actions = harness.connected(sessionPresent: false)
        guard case .subscribe(let subscribe) = sentPackets(actions).first else {
            Issue.record("expected SUBSCRIBE first, got \(sentPackets(actions))")
            return
        }
        #expect(subscribe.subscriptions.map(\.filter) == [filter("howalarming/site1/+/set")])
        #expect(sentPublishes(actions) == ["a#2"])
    }

    @Test func aResumedSessionRenewsOnlyUnconfirmedSubscriptions() {
        var harness = SessionHarness()
        _ = harness.session.subscribe(
            [Subscription(filter("homeassistant/status"), qos: .atLeastOnce), Subscription(filter("a/#"), qos: .atLeastOnce)],
            now: harness.now)
        harness.connected()
        let results = reports(harness.receive(.subAck(SubAckPacket(packetID: id(1), results: [.granted(.atLeastOnce), .failure]))))
        #expect(results == [.subscribed(filter("homeassistant/status"), .granted(.atLeastOnce)), .subscribed(filter("a/#"), .failure)])
        _ = harness.session.connectionLost()
        let actions = harness.connected(sessionPresent: true)
        #expect(sentPackets(actions).compactMap { if case .subscribe(let s) = $0 { s.subscriptions.map(\.filter) } else { nil } } == [[filter("a/#")]])
    }

    @Test func aSubscribeWhileConnectedGoesAtOnceAndItsSUBACKMustMatch() {
        var harness = SessionHarness()
        harness.connected()
        let actions = harness.session.subscribe([Subscription(filter("a"), qos: .atMostOnce)], now: harness.now)
        #expect(sentPackets(actions) == [.subscribe(try! SubscribePacket(packetID: id(1), subscriptions: [Subscription(filter("a"), qos: .atMostOnce)]))])
        #expect(harness.receive(.subAck(SubAckPacket(packetID: id(9), results: [.failure]))).isEmpty, "an unknown id is ignored")
        let mismatch = harness.receive(.subAck(SubAckPacket(packetID: id(1), results: [.failure, .failure])))
        #expect(closeReason(mismatch)??.code == .malformedPacket)
    }

    @Test func incomingQoS1IsAcknowledgedThenDelivered() throws {
        var harness = SessionHarness()
        harness.connected()
        let publish = try PublishPacket(topic: topic("howalarming/site1/p1/set"), payload: ByteBuffer(string: "{}"), qos: .atLeastOnce, packetID: id(77))
        #expect(harness.receive(.publish(publish)) == [.send(.pubAck(id(77))), .report(.message(publish))])
        let qos0 = try PublishPacket(topic: topic("homeassistant/status"), payload: ByteBuffer(string: "online"))
        #expect(harness.receive(.publish(qos0)) == [.report(.message(qos0))])
        let qos2 = try PublishPacket(topic: topic("t"), payload: ByteBuffer(), qos: .exactlyOnce, packetID: id(1))
        #expect(closeReason(harness.receive(.publish(qos2)))??.code == .unexpectedPacket)
    }

    @Test func incomingQoS1CanBeAcknowledgedAfterItIsHandedOn() throws {
        var harness = SessionHarness(acknowledgesOnArrival: false)
        harness.connected()
        let command = try PublishPacket(
            topic: topic("howalarming/site1/p1/set"), payload: ByteBuffer(string: "{}"), qos: .atLeastOnce, packetID: id(7))
        #expect(harness.receive(.publish(command)) == [.report(.message(command))], "no PUBACK on arrival")
        #expect(sentPackets(harness.session.acknowledge(command, now: harness.now)) == [.pubAck(id(7))])
        #expect(harness.session.acknowledge(command, now: harness.now).isEmpty, "acknowledged once")

        // Received, then the connection is lost before it is acknowledged: the server sends it
        // again (DUP) on the next connection, and the old copy acknowledges nothing there, not even
        // another message the server gave the same identifier.
        #expect(harness.receive(.publish(command)) == [.report(.message(command))])
        _ = harness.session.connectionLost()
        harness.connected(sessionPresent: true)
        let other = try PublishPacket(
            topic: topic("howalarming/site1/command"), payload: ByteBuffer(string: "status"), qos: .atLeastOnce, packetID: id(7))
        _ = harness.receive(.publish(other))
        #expect(harness.session.acknowledge(command, now: harness.now).isEmpty)
        #expect(sentPackets(harness.session.acknowledge(other, now: harness.now)) == [.pubAck(id(7))])
        _ = harness.session.connectionLost()
        #expect(harness.session.acknowledge(other, now: harness.now).isEmpty, "nothing is sent while disconnected")
    }

    @Test func theQueueIsBounded() throws {
        var harness = SessionHarness(maximumInFlight: 1, maximumQueued: 2)
        _ = try harness.publish("a")
        _ = try harness.publish("b", qos: .atMostOnce)
        #expect { _ = try harness.publish("c") } throws: { ($0 as? MQTTError)?.code == .queueFull }
        #expect { _ = try MQTTMessage(topic: topic("t"), payload: ByteBuffer(), qos: .exactlyOnce, retain: false) } throws: {
            ($0 as? MQTTError)?.code == .invalidArgument
        }
    }

    /// [MQTT-2.3.1-2]: identifiers cycle 1…65,535, skip those in use, and come free when acknowledged.
    @Test func packetIdentifiersCycleAndSkipThoseInUse() {
        var allocator = PacketIDAllocator()
        let first = allocator.allocate()
        #expect(first == id(1))
        for _ in 2...65_535 { _ = allocator.allocate() }
        #expect(allocator.allocate() == nil)
        allocator.release(id(7))
        allocator.release(id(3))
        #expect(allocator.allocate() == id(3))
        #expect(allocator.allocate() == id(7))
        #expect(allocator.count == 65_535)
    }
}
