import MQTT
import NIOCore
import Testing

/// The session's connection life: CONNECT/CONNACK, refusals, keep-alive, the dead-link timeout,
/// a clean stop (reference §1.7–1.8), with no sockets and no clock.
@Suite("MQTT session: connection")
struct SessionConnectionTests {
    @Test func connectGoesFirstAndCONNACKIsAwaited() {
        var harness = SessionHarness()
        #expect(harness.session.connectionEstablished(now: harness.now) == [
            .send(.connect(harness.connect)), .startTimer(.connAck, after: .seconds(10)),
        ])
        #expect(!harness.session.isConnected)
        let actions = harness.receive(.connAck(ConnAckPacket(sessionPresent: false, returnCode: .accepted)))
        #expect(actions == [
            .cancelTimer(.connAck), .report(.connected(sessionPresent: false)), .startTimer(.keepAlive, after: .seconds(30)),
        ])
        #expect(harness.session.isConnected)
    }

    @Test("every refusal closes with its typed error", arguments: [
        (ConnectReturnCode.unacceptableProtocolVersion, MQTTError.Code.unacceptableProtocolVersion),
        (.identifierRejected, .identifierRejected), (.serverUnavailable, .serverUnavailable),
        (.badUserNameOrPassword, .badUserNameOrPassword), (.notAuthorized, .notAuthorized),
    ])
    func refusal(returnCode: ConnectReturnCode, code: MQTTError.Code) {
        var harness = SessionHarness()
        _ = harness.session.connectionEstablished(now: harness.now)
        let actions = harness.receive(.connAck(ConnAckPacket(sessionPresent: false, returnCode: returnCode)))
        #expect(closeReason(actions)??.code == code)
        #expect(actions.contains(.cancelTimer(.connAck)))
        #expect(sentPackets(actions).isEmpty && reports(actions).isEmpty)
        #expect(!harness.session.isConnected)
    }

    @Test func noCONNACKInTimeCloses() {
        var harness = SessionHarness()
        _ = harness.session.connectionEstablished(now: harness.now)
        harness.advance(.seconds(10))
        #expect(closeReason(harness.fire(.connAck))??.code == .timedOut)
        // Late packets on a closing connection change nothing.
        #expect(harness.receive(.connAck(ConnAckPacket(sessionPresent: false, returnCode: .accepted))).isEmpty)
        #expect(!harness.session.isConnected)
    }

    /// [MQTT-3.2.0-1]: the server's first packet is CONNACK; and only one.
    @Test func packetsOutOfPlaceClose() {
        var harness = SessionHarness()
        _ = harness.session.connectionEstablished(now: harness.now)
        #expect(closeReason(harness.receive(.pingResp))??.code == .unexpectedPacket)
        var connected = SessionHarness()
        connected.connected()
        #expect(closeReason(connected.receive(.connAck(ConnAckPacket(sessionPresent: false, returnCode: .accepted))))??.code == .unexpectedPacket)
    }

    /// [MQTT-3.1.2-23]: PINGREQ when a keep-alive passes with nothing sent; the PINGRESP is awaited
    /// for at most 10 s (reference §1.8).
    @Test func keepAlivePingsWhenIdleAndAwaitsTheAnswer() {
        var harness = SessionHarness()
        harness.connected()
        harness.advance(.seconds(30))
        #expect(harness.fire(.keepAlive) == [
            .send(.pingReq), .startTimer(.pingResponse, after: .seconds(10)), .startTimer(.keepAlive, after: .seconds(30)),
        ])
        harness.advance(.seconds(1))
        #expect(harness.receive(.pingResp) == [.cancelTimer(.pingResponse)])
        // The next PINGREQ goes 30 s after the last, and its deadline passes without an answer.
        harness.advance(.seconds(29))
        #expect(sentPackets(harness.fire(.keepAlive)) == [.pingReq])
        harness.advance(.seconds(10))
        #expect(closeReason(harness.fire(.pingResponse))??.code == .timedOut)
        #expect(!harness.session.isConnected)
    }

    @Test func anythingSentPostponesThePing() throws {
        var harness = SessionHarness()
        harness.connected()
        harness.advance(.seconds(20))
        _ = try harness.publish("a")
        harness.advance(.seconds(10))
        #expect(harness.fire(.keepAlive) == [.startTimer(.keepAlive, after: .seconds(20))])
        // A PINGRESP deadline that fires after the answer came is ignored.
        #expect(harness.fire(.pingResponse).isEmpty)
    }

    @Test func keepAliveZeroStartsNoTimer() {
        var harness = SessionHarness(keepAlive: 0)
        #expect(!harness.connected().contains { if case .startTimer = $0 { true } else { false } })
    }

    /// [MQTT-3.14.4-3]: a clean stop sends DISCONNECT (the will is discarded), then closes.
    @Test func disconnectIsClean() {
        var harness = SessionHarness()
        harness.connected()
        let actions = harness.session.disconnect(now: harness.now)
        #expect(sentPackets(actions) == [.disconnect])
        #expect(closeReason(actions) == .some(nil))
        #expect(actions.contains(.cancelTimer(.keepAlive)))
        var idle = SessionHarness()
        #expect(sentPackets(idle.session.disconnect(now: idle.now)).isEmpty)
    }
}
