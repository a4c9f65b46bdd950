import EnvisalinkTPI
@testable import EnvisalinkSimulator
import Testing

@Suite("The login state machine, without sockets")
struct SessionMachineTests {
    private func frame(_ wire: String) -> TPIClientLine {
        .frame(.simulated(String(wire.prefix(3)), String(wire.dropFirst(3))))
    }

    private func sent(_ wire: String) -> SessionMachine.Action {
        .send(.simulated(String(wire.prefix(3)), String(wire.dropFirst(3))))
    }

    private var machine: SessionMachine { SessionMachine(password: "user", partitionCount: 1) }

    @Test func connectAsksForThePasswordAndStartsTheWindow() {
        #expect(machine.connected() == [sent("5053"), .startLoginTimer])
    }

    @Test func rightPassword() {
        var session = machine
        #expect(session.received(frame("005user")) == [.cancelLoginTimer, sent("500005"), sent("5051")])
        #expect(session.state == .loggedIn)
    }

    @Test func wrongPasswordClosesAfterAcking() {
        var session = machine
        #expect(session.received(frame("005User")) == [.cancelLoginTimer, sent("500005"), sent("5050"), .close])
        #expect(session.state == .closed)
        #expect(session.received(frame("005user")) == [])
    }

    @Test func tooLongPasswordGetsNoAnswer() {
        var session = machine
        #expect(session.received(frame("005user123")) == [])
        #expect(session.state == .awaitingPassword)
    }

    @Test func timeoutWhileWaitingClosesWith5052() {
        var session = machine
        #expect(session.received(frame("000")) == [])
        #expect(session.loginTimedOut() == [sent("5052"), .close])
        #expect(session.state == .closed)
    }

    @Test func timeoutAfterLoginDoesNothing() {
        var session = machine
        _ = session.received(frame("005user"))
        #expect(session.loginTimedOut() == [])
        #expect(session.state == .loggedIn)
    }

    @Test func badChecksumIs501InEveryOpenState() {
        var session = machine
        #expect(session.received(.badChecksum(prefix: "005")) == [sent("501")])
        _ = session.received(frame("005user"))
        #expect(session.received(.badChecksum(prefix: "000")) == [sent("501")])
    }

    @Test func loggedInLinesAreParsedAndExecuted() {
        var session = machine
        _ = session.received(frame("005user"))
        #expect(session.received(frame("0301")) == [.execute(.armAway(partition: 1))])
        #expect(session.received(frame("0302")) == [sent("502021")])
        #expect(session.received(.malformed) == [sent("502020")])
        #expect(session.received(.overflow) == [sent("502002")])
    }
}
