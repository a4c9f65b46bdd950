import AlarmCore
import EnvisalinkSimulator
import EnvisalinkTPI
import TPIProxy
import TestSupport
import Testing

/// The integrator's TPI proxy against the simulated panel: clients log in, hear the panel, and
/// send commands that share the integrator's one session, each answer reaching only its sender.
@Suite("TPI proxy in the integrator")
struct ProxyTests {
    @Test func aClientHearsThePanelAsTheIntegratorDoesAndGetsTheStateReplayed() async throws {
        try await ProxyStage.run { harness, port in
            let client = try await ProxyStage.loggedIn(ProxyStage.viewer, port: port)
            try await client.send("001")
            let replay = try await client.lines(through: "510")
            #expect(replay.first == "500001")
            #expect(replay.contains("610001") && replay.contains("610002") && replay.contains("6501"), "\(replay)")
            #expect(await harness.panel.control("open 1").hasPrefix("ok"))
            #expect(try await client.lines(through: "609").last == "609001")
            let events = try await harness.events(until: "zone 1 open") { $0.code == "609" }
            #expect(events.last?.zone == 1)
            await client.close()
        }
    }

    @Test func eachAnswerReachesOnlyItsSenderBesideTheIntegratorsOwnCommands() async throws {
        try await ProxyStage.run { harness, port in
            let first = try await ProxyStage.loggedIn(ProxyStage.homeAssistant, port: port)
            let second = try await ProxyStage.loggedIn(ProxyStage.alarmServer, port: port)
            // Both at once, and a command of the integrator's own between them.
            try await first.send("0301")
            try await harness.send("status")
            try await second.send("0311")
            let firstLines = try await first.lines(through: "50")
            let secondLines = try await second.lines(through: "50")
            #expect(firstLines.last?.hasPrefix("500030") == true || firstLines.last?.hasPrefix("502") == true, "\(firstLines)")
            #expect(secondLines.last?.hasPrefix("500031") == true || secondLines.last?.hasPrefix("502") == true, "\(secondLines)")
            #expect(!firstLines.contains("500031") && !secondLines.contains("500030"))
            #expect(!firstLines.contains("500001") && !secondLines.contains("500001"), "the integrator's status ack is its own")
            var answeredOwn = false, answeredProxied = false
            let events = try await harness.events(until: "the integrator's and the first client's commands answered") { event in
                guard event.type == .response else { return false }
                answeredOwn = answeredOwn || event.source == "howalarming-envisalink"
                answeredProxied = answeredProxied || event.source == ProxyAudit.source(of: ProxyStage.homeAssistant.name)
                return answeredOwn && answeredProxied
            }
            let audited = events.filter { $0.source == ProxyAudit.source(of: ProxyStage.homeAssistant.name) }
            #expect(audited.contains { $0.type == .command && $0.code == "030" && $0.raw == "030 1" })
            // Neither client hears the other's acknowledgement later either.
            try await first.send("000")
            try await second.send("000")
            #expect(!(try await first.lines(through: "500000")).contains("500031"))
            #expect(!(try await second.lines(through: "500000")).contains("500030"))
            await first.close()
            await second.close()
        }
    }

    @Test func aReadClientsArmGetsTheEVLsRefusalAndIsAudited() async throws {
        try await ProxyStage.run { harness, port in
            let client = try await ProxyStage.loggedIn(ProxyStage.viewer, port: port)
            try await client.send("0301")
            #expect(try await client.next() == "502022")
            let events = try await harness.events(until: "the refusal's response") {
                $0.type == .response && $0.source == "tpi-proxy:viewer"
            }
            let echo = events.first { $0.type == .command && $0.source == "tpi-proxy:viewer" }
            #expect(echo?.code == "030")
            #expect(echo?.commandID != nil && echo?.commandID == events.last?.commandID)
            #expect(events.last?.code == "refused")
            #expect(!(await harness.panel.simulator.observation.received).contains { $0.code == "030" }, "nothing reached the panel")
            await client.close()
        }
    }

    @Test func aWrongPasswordGets5050AndAClose() async throws {
        try await ProxyStage.run { _, port in
            _ = try await ProxyStage.loggedIn(ProxyStage.viewer, port: port)
            let client = try await TPITestClient.connect(port: port)
            #expect(try await client.next() == "5053")
            try await client.send("005" + "Wr0ng1")
            #expect(try await client.untilClosed() == ["500005", "5050"])
        }
    }

    @Test func pollsFromManyClientsCauseNoPanelTraffic() async throws {
        try await ProxyStage.run { harness, port in
            var clients: [TPITestClient] = []
            for _ in 0..<3 { clients.append(try await ProxyStage.loggedIn(ProxyStage.viewer, port: port)) }
            let before = await harness.panel.simulator.observation.received.count { $0.code == "000" }
            for client in clients {
                for _ in 0..<5 {
                    try await client.send("000")
                    #expect(try await client.next() == "500000")
                }
            }
            let after = await harness.panel.simulator.observation.received.count { $0.code == "000" }
            #expect(after == before)
            let fourth = try await TPITestClient.connect(port: port)
            #expect(try await fourth.next() == "5053")
            try await fourth.send("005" + ProxyStage.viewer.password.value)
            #expect(try await fourth.untilClosed().isEmpty, "a fourth viewer is over its limit of 3")
            for client in clients { await client.close() }
        }
    }

    @Test func aPanelDropDisconnectsEveryClientUntilTheLinkIsBack() async throws {
        try await ProxyStage.run { harness, port in
            let first = try await ProxyStage.loggedIn(ProxyStage.viewer, port: port)
            let second = try await ProxyStage.loggedIn(ProxyStage.homeAssistant, port: port)
            #expect(await harness.panel.control("drop").hasPrefix("ok"))
            _ = try await first.untilClosed()
            _ = try await second.untilClosed()
            _ = try await harness.events(until: "link restored") { $0.type == .recovery && $0.code == "link" }
            let again = try await ProxyStage.loggedIn(ProxyStage.viewer, port: port)
            try await again.send("001")
            let replay = try await again.lines(through: "510")
            #expect(replay.contains("610001"), "a fresh state after the link came back: \(replay)")
            await again.close()
        }
    }

    @Test func theCodeRequestGoesOnlyToItsClientWhoAnswersIt() async throws {
        try await ProxyStage.run(configurePanel: { $0.codeRequired = .zeroEntry }) { harness, port in
            let asking = try await ProxyStage.loggedIn(ProxyStage.homeAssistant, port: port)
            let other = try await ProxyStage.loggedIn(ProxyStage.alarmServer, port: port)
            try await asking.send("0321")
            let lines = try await asking.lines(through: "900")
            #expect(lines.contains("500032"))
            #expect(!(await harness.panel.simulator.observation.received).contains { $0.code == "200" },
                    "the integrator must not answer a client's code request with the master code")
            try await asking.send("200" + IntegratorHarness.userCode)
            #expect(try await asking.lines(through: "500200").last == "500200")
            _ = try await asking.lines(through: "652")
            let heard = try await other.lines(through: "652")
            #expect(!heard.contains { $0.hasPrefix("900") }, "the other client never hears the code request: \(heard)")
            let events = try await harness.events(until: "armed") { $0.type == .armed }
            let codeEcho = events.first { $0.type == .command && $0.code == "200" }
            #expect(codeEcho?.raw == "200 ******")
            let codesSent = await harness.panel.simulator.observation.received.filter { $0.code == "200" }
            // Compared here, not in the expectation, so that a failure never prints a code.
            let onlyTheClientsCode = codesSent.count == 1 && codesSent.first?.data == IntegratorHarness.userCode
            #expect(onlyTheClientsCode, "the panel got the client's code once and never the master code")
            for event in events {
                let passwordInEvent = ProxyStage.passwords.contains { event.message.contains($0) || event.raw.contains($0) }
                #expect(!passwordInEvent, "a proxy password in the \(event.type.rawValue) event \(event.code)")
            }
            await asking.close()
            await other.close()
        }
    }
}
