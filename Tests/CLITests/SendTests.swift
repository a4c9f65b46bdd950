import CLITestSupport
import Foundation
import Testing
import TestSupport

/// `send` puts a JSON command on every command tube, or nothing at all on a usage error.
@Suite struct SendTests {
    static let commandTubes = ["commands", "commands-standby"]

    @Test func simpleCommandGoesOnEveryCommandTube() async throws {
        try await withCLI(commands: Self.commandTubes) { cli in
            let result = try await cli.run("send", "arm", "--partition", "2")
            let id = try #require(result.printedID, "\(result)")
            for tube in Self.commandTubes {
                let bodies = try cli.queue.takeAll(from: tube)
                try #require(bodies.count == 1, "tube \(tube): \(bodies)")
                let command = try QueuedCommand(job: bodies[0])
                #expect(command.type == "command" && command.code == "arm" && command.partition == 2, "\(bodies[0])")
                #expect(command.id == id && command.source == "howalarming-cli" && command.timestamp != nil, "\(bodies[0])")
            }
        }
    }

    @Test func rawJSONCommandGoesThroughWithAnID() async throws {
        try await withCLI { cli in
            let result = try await cli.run("send", "--json", #"{"type":"command","code":"040","data":"1"}"#)
            let id = try #require(result.printedID, "\(result)")
            let bodies = try cli.queue.takeAll(from: "commands")
            try #require(bodies.count == 1, "\(bodies)")
            let command = try QueuedCommand(job: bodies[0])
            #expect(command.code == "040" && command.data == "1" && command.id == id, "\(bodies[0])")
        }
    }

    @Test func bypassTakesZonesOrAProfile() async throws {
        try await withCLI { cli in
            let zones = try await cli.run("send", "bypass", "5", "16", "--partition", "1")
            #expect(zones.printedID != nil, "\(zones)")
            let profile = try await cli.run("send", "UNBYPASS", "--profile", "night")
            #expect(profile.printedID != nil, "\(profile)")
            let bodies = try cli.queue.takeAll(from: "commands")
            try #require(bodies.count == 2, "\(bodies)")
            let (bypass, unbypass) = (try QueuedCommand(job: bodies[0]), try QueuedCommand(job: bodies[1]))
            #expect(bypass.code == "bypass" && bypass.zones == [5, 16] && bypass.partition == 1 && bypass.profile == nil, "\(bodies[0])")
            #expect(unbypass.code == "unbypass" && unbypass.profile == "night" && unbypass.zones == nil, "\(bodies[1])")
        }
    }

    @Test func chimeTakesOnOrOff() async throws {
        try await withCLI { cli in
            let on = try await cli.run("send", "chime", "on", "--partition", "2")
            #expect(on.printedID != nil, "\(on)")
            let off = try await cli.run("send", "CHIME", "OFF")
            #expect(off.printedID != nil, "\(off)")
            let named = try await cli.run("send", "chime_on")
            #expect(named.printedID != nil, "\(named)")
            let bodies = try cli.queue.takeAll(from: "commands")
            try #require(bodies.count == 3, "\(bodies)")
            let commands = try bodies.map(QueuedCommand.init(job:))
            #expect(commands.map(\.code) == ["chime_on", "chime_off", "chime_on"], "\(bodies)")
            #expect(commands.map(\.partition) == [2, nil, nil], "\(bodies)")
        }
    }

    @Test(arguments: [
        (["send", "chime"], "chime takes on or off"),
        (["send", "chime", "loud"], "chime takes on or off"),
        (["send", "chime", "on", "--profile", "night"], "only bypass and unbypass take a profile"),
        (["send", "chime_on", "5"], "only bypass and unbypass take zones"),
        (["send", "bypass", "five"], "zones are numbers"),
        (["send", "bypass"], "bypass needs zones or a profile"),
        (["send", "bypass", "65"], "between 1 and 64, got 65"),
        (["send", "arm", "5"], "only bypass and unbypass take zones"),
        (["send", "bypass", "5", "--profile", "night"], "not both"),
        (["send", "bogus"], #"unknown command "bogus""#),
        (["send", "arm", "--partition", "9"], "partition"),
        (["send", "arm", "--json", #"{"type":"command","code":"arm"}"#], "not both"),
        (["send"], "neither"),
    ])
    func badCommandIsAUsageErrorAndPutsNothing(arguments: [String], problem: String) async throws {
        try await withCLI { cli in
            let result = try await cli.run(arguments: arguments)
            #expect(result.status == .exited(64), "\(result)")
            let error = try #require(result.errorLines.first, "\(result)")
            #expect(error.hasPrefix("Error: ") && error.contains(problem), "\(result)")
            #expect(result.stdout.isEmpty)
            #expect(try cli.queue.count("total-jobs", in: "commands") == 0)
        }
    }
}
