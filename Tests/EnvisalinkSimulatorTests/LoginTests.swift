import EnvisalinkSimulator
import Testing

@Suite("TPI login and the single client slot, over TCP")
struct LoginTests {
    @Test func rightPasswordIsAckedThenAccepted() async throws {
        try await SimulatorFixture.with { fixture in
            let client = try await fixture.connect()
            try await client.expect(["5053"])
            try await client.send("005", "user")
            try await client.expect(["500005", "5051"])
            try await client.send("000")
            try await client.expect(["500000"])
            #expect(await fixture.server.simulator.observation.logins == 1)
            await client.close()
        }
    }

    @Test func wrongPasswordIsRefusedAndClosed() async throws {
        try await SimulatorFixture.with { fixture in
            let client = try await fixture.connect()
            try await client.expect(["5053"])
            try await client.send("005", "nope")
            try await client.expect(["500005", "5050"])
            try await client.expectClosed()
        }
    }

    @Test func silenceGetsLoginTimeoutThenClose() async throws {
        try await SimulatorFixture.with(SimulatorFixture.shortLoginWindow) { fixture in
            let client = try await fixture.connect()
            let start = ContinuousClock.now
            try await client.expect(["5053"])
            try await client.expect(["5052"])
            #expect(ContinuousClock.now - start >= .milliseconds(450))
            try await client.expectClosed()
        }
    }

    @Test func frameOtherThanLoginDoesNotLogInOrStopTheTimer() async throws {
        try await SimulatorFixture.with(SimulatorFixture.shortLoginWindow) { fixture in
            let client = try await fixture.connect()
            try await client.expect(["5053"])
            try await client.send("001")
            try await client.expect(["5052"])
            try await client.expectClosed()
        }
    }

    @Test func passwordLongerThanSixCharactersGetsNoAnswer() async throws {
        try await SimulatorFixture.with(SimulatorFixture.shortLoginWindow) { fixture in
            let client = try await fixture.connect()
            try await client.expect(["5053"])
            try await client.send("005", "user123")
            try await client.expect(["5052"])
        }
    }

    @Test func secondClientIsRefusedWhileOneIsLoggingInOrLoggedIn() async throws {
        try await SimulatorFixture.with { fixture in
            let first = try await fixture.connect()
            try await first.expect(["5053"])
            let whileLoggingIn = try await fixture.connect()
            try await whileLoggingIn.expectClosed()

            try await first.send("005", "user")
            try await first.expect(["500005", "5051"])
            let whileLoggedIn = try await fixture.connect()
            try await whileLoggedIn.expectClosed()

            // The first client is unaffected, and once it leaves the slot is free again.
            try await first.send("000")
            try await first.expect(["500000"])
            await first.close()
            #expect(await fixture.server.simulator.wait(timeout: .seconds(5)) { !$0.isClientConnected })
            let next = try await fixture.loggedInClient()
            #expect(await fixture.server.simulator.observation.connections == 2)
            await next.close()
        }
    }

    @Test func badChecksumBeforeLoginGets501() async throws {
        try await SimulatorFixture.with { fixture in
            let client = try await fixture.connect()
            try await client.expect(["5053"])
            try await client.send(raw: "005user55\r\n")
            try await client.expect(["501"])
            try await client.send("005", "user")
            try await client.expect(["500005", "5051"])
        }
    }
}
