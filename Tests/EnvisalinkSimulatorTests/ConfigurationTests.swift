import EnvisalinkTPI
@testable import EnvisalinkSimulator
import Testing

@Suite("Configuration, zone specs and control command parsing")
struct ConfigurationTests {
    @Test func defaultsAreValid() throws {
        try SimulatorConfiguration().validate()
    }

    @Test func invalidSettingsAreRejectedWithAReason() {
        let cases: [(String, (inout SimulatorConfiguration) -> Void)] = [
            ("not a loopback address", { $0.host = "0.0.0.0" }),
            ("password", { $0.password = "toolong" }),
            ("password", { $0.password = "" }),
            ("master code", { $0.masterCode = "12a4" }),
            ("user 40", { $0.userCodes = [40: "4321"] }),
            ("same access code", { $0.userCodes = [1: "1234"] }),
            ("zone 65", { $0.zones = [SimulatedZone(number: 65)] }),
            ("partition 2", { $0.zones = [SimulatedZone(number: 2, partition: 2)] }),
            ("twice", { $0.zones = [SimulatedZone(number: 1), SimulatedZone(number: 1)] }),
            ("partition count", { $0.partitionCount = 9 }),
            ("TPI port", { $0.port = 70_000 }),
            ("login timeout", { $0.loginTimeout = .zero }),
            ("exit delay", { $0.exitDelay = .seconds(-1) }),
        ]
        for (message, adjust) in cases {
            var configuration = SimulatorConfiguration()
            adjust(&configuration)
            #expect {
                try configuration.validate()
            } throws: { error in
                (error as? SimulatorConfigurationError)?.message.contains(message) == true
            }
        }
    }

    @Test func remoteHostNeedsAllowRemote() throws {
        var configuration = SimulatorConfiguration()
        configuration.host = "192.0.2.1"
        #expect(throws: SimulatorConfigurationError.self) { try configuration.validate() }
        configuration.allowRemote = true
        try configuration.validate()
        for loopback in ["127.0.0.1", "127.1.2.3", "::1", "localhost"] {
            #expect(SimulatorConfiguration.isLoopback(loopback))
        }
    }

    @Test func zoneSpecs() throws {
        #expect(try SimulatedZone(parsing: "1") == SimulatedZone(number: 1, name: "Zone 1"))
        #expect(try SimulatedZone(parsing: "1=Front door") == SimulatedZone(number: 1, name: "Front door"))
        #expect(try SimulatedZone(parsing: "9/2=Garage=East") == SimulatedZone(number: 9, name: "Garage=East", partition: 2))
        for bad in ["", "x=Door", "1/=Door", "1/2/3", "1="] {
            #expect(throws: SimulatorConfigurationError.self) { try SimulatedZone(parsing: bad) }
        }
    }

    @Test func controlCommands() throws {
        #expect(try ControlCommand(parsing: "open 3") == .open(zone: 3))
        #expect(try ControlCommand(parsing: "  CLOSE   64 ") == .close(zone: 64))
        #expect(try ControlCommand(parsing: "trouble AC off") == .trouble(.acPower, on: false))
        #expect(try ControlCommand(parsing: "send 5108A") == .send(try TPIFrame(code: "510", data: "8A")))
        #expect(try ControlCommand(parsing: "send-bad-checksum") == .sendBadChecksum(ControlCommand.defaultBadChecksumFrame))
        #expect(try ControlCommand(parsing: "stall on") == .stall(on: true))
        #expect(try ControlCommand(parsing: "drop-after 060") == .intercept(code: "060", .dropAfter))
        #expect(try ControlCommand(parsing: "hold 030") == .intercept(code: "030", .hold))
        #expect(try ControlCommand(parsing: "fail 000 014") == .intercept(code: "000", .fail(SystemError(code: 14))))
        #expect(try ControlCommand(parsing: "release") == .release)
        for (line, message) in [("open", "wrong arguments for open"), ("open 65", "not a number 1–64"),
                                ("drop-after 60", "not a command code"), ("fail 000 14x", "not an error number"),
                                ("trouble fire on", "unknown trouble"), ("stall maybe", "on or off"),
                                ("fly away", "unknown command"), ("", "empty")] {
            #expect {
                try ControlCommand(parsing: line)
            } throws: { error in
                (error as? ControlCommandError)?.message.contains(message) == true
            }
        }
    }

    @Test func configurationDescriptionHidesSecrets() {
        var configuration = SimulatorConfiguration()
        configuration.password = "pw4242"
        configuration.masterCode = "987654"
        configuration.userCodes = [3: "135791"]
        let shown = [String(describing: configuration), String(reflecting: configuration), "\(configuration)"]
        for text in shown {
            #expect(text.contains("password ***") && text.contains("2 access codes ***"), "\(text)")
            #expect(!text.contains("pw4242") && !text.contains("987654") && !text.contains("135791"), "\(text)")
        }
    }
}
