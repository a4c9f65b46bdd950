import EnvisalinkSimulator
import EnvisalinkTPI
import Testing
import TestSupport

@Suite("The control interface, over TCP")
struct ControlTests {
    @Test func dropClosesTheClient() async throws {
        try await SimulatorFixture.with { fixture in
            #expect(await fixture.control("drop") == "error no client is connected")
            let client = try await fixture.loggedInClient()
            #expect(await fixture.control("drop") == "ok dropped the client")
            try await client.expectClosed()
            #expect(await fixture.server.simulator.wait(timeout: .seconds(5)) { !$0.isClientConnected })
            let next = try await fixture.loggedInClient()
            await next.close()
        }
    }

    @Test func stallKeepsTheSocketOpenButAnswersAndSendsNothing() async throws {
        try await SimulatorFixture.with { fixture in
            let client = try await fixture.loggedInClient()
            #expect(await fixture.control("stall on") == "ok stall on")
            try await client.send("001")
            #expect(await fixture.server.simulator.wait(timeout: .seconds(5)) { $0.received.last?.code == "001" })
            #expect(await fixture.control("open 1") == "ok zone 1 open")
            #expect(await fixture.control("send 6501") == "error stalled: nothing is sent until stall off")
            #expect(await fixture.control("stall off") == "ok stall off")
            try await client.send("000")
            // Neither the 001's answer nor zone 1's messages were sent, and the socket stayed open.
            try await client.expect(["500000"])
            #expect(!client.isClosed)
            #expect(await fixture.control("status").contains("zones open: 1;"))
        }
    }

    @Test func interceptedCommandsFailWaitOrGoUnanswered() async throws {
        try await SimulatorFixture.with { fixture in
            let client = try await fixture.loggedInClient()
            #expect(await fixture.control("fail 000 014") == "ok the next 000 is answered 502014")
            try await client.send("000")
            try await client.expect(["502014"])
            try await client.send("000")
            try await client.expect(["500000"])
            #expect(await fixture.control("hold 000") == "ok the next 000 waits for release")
            try await client.send("000")
            #expect(await fixture.server.simulator.wait(timeout: .seconds(5)) { $0.received.filter { $0.code == "000" }.count == 3 })
            #expect(await fixture.control("release") == "ok released the held command")
            try await client.expect(["500000"])
            #expect(await fixture.control("release") == "error no command is held")
            #expect(await fixture.control("drop-after 060") == "ok the next 060 is carried out, then the client is dropped unanswered")
            try await client.send("060", "3")
            try await client.expectClosed()
        }
    }

    /// The panel's clock as a keypad sets it: a wrong clock for the integrator to find, in its time broadcasts.
    @Test func clockTellsAndSetsThePanelsClock() async throws {
        try await SimulatorFixture.with({ $0.timeBroadcastInterval = .milliseconds(100) }) { fixture in
            #expect(await fixture.control("clock 2026-03-29 00:59") == "ok clock 2026-03-29 00:59; time broadcast off")
            #expect(await fixture.control("clock").hasPrefix("ok clock 2026-03-29 0"))
            let client = try await fixture.loggedInClient()
            try await client.send("056", "1")
            try await client.expect(["500056"])
            #expect(await fixture.control("clock 2099-12-31 23:59") == "ok clock 2099-12-31 23:59; time broadcast on")
            _ = try await client.frames(through: "5502359123199")
            for wrong in ["1999-12-31 23:59", "2100-01-01 00:00", "2026-02-29 10:00", "2026-3-29 10:00", "2026-03-29 24:00", "2026-03-29 1:00"] {
                #expect(await fixture.control("clock \(wrong)")
                    == "error \"\(wrong)\" is not a time the panel can show (YYYY-MM-DD HH:MM, 2000–2099)")
            }
            #expect(await fixture.control("clock 2026-03-29") == "error wrong arguments for clock: try help")
        }
    }

    @Test func stallHoldsOffTheLoginTimeout() async throws {
        // A 2 s window: short enough to outwait, long enough for the login after `stall off`
        // on a loaded machine.
        try await SimulatorFixture.with({ $0.loginTimeout = .seconds(2) }) { fixture in
            #expect(await fixture.control("stall on") == "ok stall on")
            let client = try await fixture.connect()
            // Stalled, the EVL does not even greet, nor time the login out (a pause longer than the
            // window shows it); stall off starts a fresh login window.
            #expect(await fixture.server.simulator.wait(timeout: .seconds(5)) { $0.isClientConnected })
            try await Task.sleep(for: .milliseconds(2500))
            #expect(!client.isClosed)
            #expect(await fixture.control("stall off") == "ok stall off")
            try await client.send("005", "user")
            try await client.expect(["500005", "5051"])
        }
    }

    @Test func splitWritesTheNextFrameInTwoParts() async throws {
        try await SimulatorFixture.with { fixture in
            let client = try await fixture.loggedInClient()
            #expect(await fixture.control("split") == "ok the next frame goes out in two writes")
            try await client.send("000")
            try await client.send("000")
            let split = try await client.nextLine()
            let whole = try await client.nextLine()
            #expect(split.text == "50000025" && split.reads == 2)
            #expect(whole.text == "50000025" && whole.reads == 1)
        }
    }

    @Test func sendInjectsFramesWithGoodOrBadChecksums() async throws {
        try await SimulatorFixture.with { fixture in
            let client = try await fixture.loggedInClient()
            #expect(await fixture.control("send 60") == "error \"60\" is not a frame (3-digit code, then data): code must be 3 digits")
            #expect(await fixture.control("send 609003") == "ok sent 609 003")
            #expect(await fixture.control("send-bad-checksum") == "ok sent 609 001 with checksum 31 instead of 30")
            #expect(await fixture.control("send-bad-checksum 8411") == "ok sent 841 1 with checksum CF instead of CE")
            let lines = try await [client.nextLine().text, client.nextLine().text, client.nextLine().text]
            #expect(lines == ["60900332", "60900131", "8411CF"])
        }
    }

    @Test func controlPortAnswersOneLinePerCommand() async throws {
        try await SimulatorFixture.with { fixture in
            let port = try #require(fixture.server.controlPort)
            let control = try await RawTPIClient.connect(port: port)
            try await control.send(raw: "status\n\nbogus\r\nopen 9\ntrouble ac on\nhelp\n")
            let replies = try await (0..<5).asyncMap { _ in try await control.nextLine().text }
            #expect(replies[0] == "ok partition 1 disarmed, ready; zones open: none; bypassed: none; troubles: none; "
                + "code wanted: no; client: none; timestamps: off; stall: off")
            #expect(replies[1] == "error unknown command \"bogus\": try help")
            #expect(replies[2] == "error no zone 9: the panel has zones 1,2,3,4")
            #expect(replies[3] == "ok ac trouble on")
            #expect(replies[4].hasPrefix("ok commands: open ZONE | close ZONE"))
            await control.close()
        }
    }

    @Test func troublesReachTheClient() async throws {
        try await SimulatorFixture.with { fixture in
            let client = try await fixture.loggedInClient()
            #expect(await fixture.control("trouble battery on") == "ok battery trouble on")
            try await client.expect(["800", "84901", "8401", "51091"])
            #expect(await fixture.control("trouble ac on") == "ok ac trouble on")
            try await client.expect(["802", "84903"])
            #expect(await fixture.control("trouble battery off") == "ok battery trouble off")
            try await client.expect(["801", "84902"])
            #expect(await fixture.control("trouble ac off") == "ok ac trouble off")
            try await client.expect(["803", "8411", "51081"])
        }
    }

    @Test func neitherPasswordNorCodesAreEverLogged() async throws {
        let password = "s3cr3t", master = "918273", user = "464646"
        try await SimulatorFixture.with({
            $0.password = password
            $0.masterCode = master
            $0.userCodes = [5: user]
            $0.codeRequired = .all
        }) { fixture in
            let client = try await fixture.connect()
            try await client.expect(["5053"])
            try await client.send(raw: "005\(password)00\r\n")  // a bad checksum on the password line
            try await client.expect(["501"])
            try await client.send("005", password)
            try await client.expect(["500005", "5051"])
            try await client.send("040", "1" + master)
            try await client.expect(["502023"])
            try await client.send("030", "1")
            try await client.expect(["500030", "900"])
            try await client.send("200", user)
            _ = try await client.frames(through: "70010005")
            try await client.send("040", "1" + master)
            _ = try await client.frames(through: "6551")
            try await client.send("033", "1" + user)
            _ = try await client.frames(through: "51083")
            try await client.send(raw: "0401\(master)00\r\n")
            // The 0.2 s exit delay may end before the reply: its frames (652, 700, 510) can come first.
            _ = try await client.frames(through: "501")

            let logs = fixture.logs.text
            #expect(logs.contains("frame=040 1******"), "traffic is logged, redacted")
            #expect(logs.contains("frame=200 ******"))
            #expect(logs.contains("password ***"), "the configuration is logged, redacted")
            for secret in [password, master, user] {
                #expect(!logs.contains(secret), "\(secret) logged")
            }
        }
    }
}

extension Range where Bound == Int {
    /// Maps in order, awaiting each element.
    func asyncMap<T>(_ transform: (Int) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
