import EnvisalinkSimulator
import Testing

@Suite("TPI commands over TCP")
struct CommandTests {
    @Test func badChecksumGets501AndNothingElse() async throws {
        try await SimulatorFixture.with { fixture in
            let client = try await fixture.loggedInClient()
            try await client.send(raw: "00091\r\n")
            try await client.send(raw: "0551cb\r\n")  // the right checksum, in lowercase
            try await client.send(raw: "12:34:56 00090\r\n")  // a timestamp prefix is not the client's to send
            try await client.send("000")
            try await client.expect(["501", "501", "501"])
            let line = try await client.nextLine().text
            #expect(line == "50000025")  // and timestamps stayed off
        }
    }

    @Test func statusReportIsAckedFirstThenDumpsZonesPartitionTroublesAndLEDs() async throws {
        try await SimulatorFixture.with { fixture in
            let client = try await fixture.loggedInClient()
            #expect(await fixture.control("open 3") == "ok zone 3 open")
            try await client.expect(["609003", "6511", "51080"])
            try await client.send("001")
            try await client.expect([
                "500001", "610001", "610002", "609003", "610004", "6511", "8411", "51080",
            ])
        }
    }

    @Test func unknownAndUnsupportedCodesGet502() async throws {
        try await SimulatorFixture.with { fixture in
            let client = try await fixture.loggedInClient()
            try await client.send("999")
            try await client.send("072", "1")
            try await client.send("030", "2")  // partition 2 of a 1-partition panel
            try await client.send("040", "112")
            try await client.send("005", "user")
            try await client.expect(["502020", "502022", "502021", "502025", "502020"])
        }
    }

    @Test func armAwayRunsTheExitDelayThenArms() async throws {
        try await SimulatorFixture.with { fixture in
            let client = try await fixture.loggedInClient()
            // Timed from before the command: the panel cannot start its 200 ms exit delay earlier,
            // whereas the exit-delay frames may reach a loaded test late.
            let start = ContinuousClock.now
            try await client.send("030", "1")
            try await client.expect(["500030", "6561", "51083"])
            try await client.expect(["65210", "7011", "51082"])
            #expect(ContinuousClock.now - start >= .milliseconds(150))
        }
    }

    @Test func armWithCodeReportsTheUser() async throws {
        try await SimulatorFixture.with({ $0.userCodes = [7: "5555"] }) { fixture in
            let client = try await fixture.loggedInClient()
            try await client.send("033", "15555")
            let armed = try await client.frames(through: "65210")
            #expect(armed == ["500033", "6561", "51083", "65210"])
            try await client.expect(["70010007"])
        }
    }

    @Test func armingWithAnOpenZoneIsNotReady() async throws {
        try await SimulatorFixture.with { fixture in
            let client = try await fixture.loggedInClient()
            _ = await fixture.control("open 2")
            try await client.send("031", "1")
            let refused = try await client.frames(through: "502024")
            #expect(refused == ["609002", "6511", "51080", "502024"])
            try await client.send("000")
            try await client.expect(["500000"])
        }
    }

    @Test func disarmChecksTheCode() async throws {
        try await SimulatorFixture.with { fixture in
            let client = try await fixture.loggedInClient()
            try await client.send("040", "11234")
            try await client.expect(["502023"])
            try await client.send("030", "1")
            _ = try await client.frames(through: "51082")
            try await client.send("040", "19999")
            try await client.expect(["500040", "6701"])
            try await client.send("040", "11234")
            try await client.expect(["500040", "75010040", "6551", "6501", "51081"])
        }
    }

    @Test func alarmFlowDrivenByTheControlInterface() async throws {
        try await SimulatorFixture.with { fixture in
            let client = try await fixture.loggedInClient()
            try await client.send("030", "1")
            _ = try await client.frames(through: "51082")
            #expect(await fixture.control("open 1") == "ok zone 1 open")
            try await client.expect(["609001", "6571"])
            try await client.expect(["6011001", "6541", "51086"])
            #expect(await fixture.control("alarm 2") == "ok zone 2 in alarm")
            try await client.expect(["609002", "6011002"])
            try await client.send("040", "11234")
            try await client.expect(["500040", "75010040", "6551", "6511", "51084"])
            #expect(await fixture.control("alarm 3") == "error zone 3 is not armed")
        }
    }

    @Test func timestampsPrefixEveryLineAfter0551() async throws {
        try await SimulatorFixture.with { fixture in
            let client = try await fixture.loggedInClient()
            // The setting applies at once, to its own ack too.
            try await client.send("055", "1")
            try await client.send("000")
            let on = try await [client.nextLine().text, client.nextLine().text]
            #expect(on[0].wholeMatch(of: /\d\d:\d\d:\d\d 5000552F/) != nil, "\(on)")
            #expect(on[1].wholeMatch(of: /\d\d:\d\d:\d\d 50000025/) != nil, "\(on)")
            try await client.send("055", "0")
            try await client.send("000")
            let off = try await [client.nextLine().text, client.nextLine().text]
            #expect(off == ["5000552F", "50000025"])
        }
    }

    @Test func zoneTimerDumpIsLittleEndian() async throws {
        try await SimulatorFixture.with { fixture in
            let client = try await fixture.loggedInClient()
            _ = await fixture.control("open 3")
            _ = await fixture.control("open 2")
            _ = await fixture.control("close 2")
            _ = try await client.frames(through: "610002")
            try await client.send("008")
            try await client.expect(["500008"])
            let dump = try await client.nextFrame()
            #expect(dump.count == 3 + 256)
            let timers = Array(dump.dropFirst(3))
            let zone = { (number: Int) in String(timers[(number - 1) * 4..<number * 4]) }
            #expect(zone(1) == "0000")
            #expect(zone(2) == "FEFF")  // 0xFFFE, just closed: low byte first
            #expect(zone(3) == "FFFF")
        }
    }

    @Test func codeSendOutsideTheWindowIsNotRequired() async throws {
        try await SimulatorFixture.with({
            $0.codeRequired = .zeroEntry
            $0.codeWindow = .seconds(1)
        }) { fixture in
            let client = try await fixture.loggedInClient()
            try await client.send("200", "1234")
            try await client.expect(["502026"])
            try await client.send("032", "1")
            try await client.expect(["500032", "900"])
            try await client.send("200", "1234")
            try await client.expect(["500200", "6561", "51083"])
            try await client.expect(["65212", "70010040"])

            try await client.send("040", "11234")
            _ = try await client.frames(through: "51081")
            try await client.send("032", "1")
            try await client.expect(["500032", "900"])
            // The window (1 s) closes; then the code is no longer wanted.
            #expect(await fixture.waitForStatus(containing: "code wanted: no"))
            try await client.send("200", "1234")
            try await client.expect(["502026"])
        }
    }

    @Test func panicSendsTheKeyAlarmAndItsRestore() async throws {
        try await SimulatorFixture.with { fixture in
            let client = try await fixture.loggedInClient()
            try await client.send("060", "1")
            try await client.send("060", "3")
            try await client.expect(["500060", "621", "622", "500060", "625", "626"])
        }
    }

    @Test func bypassKeyStringTogglesTheZoneAndReports616() async throws {
        try await SimulatorFixture.with { fixture in
            let client = try await fixture.loggedInClient()
            _ = await fixture.control("open 2")
            _ = try await client.frames(through: "51080")
            try await client.send("071", "1*102#")
            try await client.expect(["500071", "6160200000000000000", "6501", "51089"])
            try await client.send("030", "1")
            try await client.expect(["500030", "6561"])
        }
    }
}
