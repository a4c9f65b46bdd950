import AlarmCore
import ArgumentParser
import Beanstalk
import NIOCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension HowAlarming {
    /// Puts a command on the command tubes.
    struct Send: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Send a command to the alarm integrator; prints the command's id.",
            discussion: """
                COMMAND is one of: \(SimpleCommand.allCases.map(\.rawValue).joined(separator: ", ")). \
                Or give a whole JSON command with --json, e.g. \
                '{"type":"command","code":"arm_stay","partition":2}'. The command goes on every tube \
                in beanstalkd.tubes.commands; the integrator's echo and response events carry its id \
                as command_id. bypass and unbypass take zone numbers after the command \
                (howalarming send bypass 5 6) or --profile NAME, a profile of envisalinkd.bypass.profiles. \
                chime takes on or off (howalarming send chime on --partition 2, the same as chime_on): \
                the integrator presses *4 only when the panel's chime is not already so.
                """
        )

        @OptionGroup var queue: QueueOptions

        @Argument(help: "A simple command, such as status, arm or disarm.")
        var command: String?

        @Argument(help: "With bypass and unbypass: the zones (1-64). With chime: on or off.")
        var values: [String] = []

        @Option(help: "The partition (1-8) the command is for.")
        var partition: Int?

        @Option(help: "With bypass and unbypass: a bypass profile of the integrator's configuration instead of zones.")
        var profile: String?

        @Option(help: ArgumentHelp("A JSON command object.", valueName: "json"))
        var json: String?

        func validate() throws {
            guard (command == nil) != (json == nil) else {
                throw ValidationError("give either a COMMAND or --json, not both or neither")
            }
            if json != nil, partition != nil || profile != nil || !values.isEmpty {
                throw ValidationError("--partition, --profile and zones go with a simple COMMAND; put them in the JSON instead")
            }
            _ = try parsedCommand()
        }

        func run() async throws {
            var command = try parsedCommand()
            if command.id == nil { command.id = UUID() }
            if command.source == nil { command.source = "howalarming-cli" }
            if command.timestamp == nil { command.timestamp = Int64(Date().timeIntervalSince1970) }
            let configuration = try queue.loadConfiguration()
            let connection = try await queue.connect(configuration)
            _ = try await connection.put(ByteBuffer(bytes: command.jsonBytes()), inEach: configuration.beanstalkd.commandTubes)
            await connection.close()
            try Output.line(command.id!.uuidString.lowercased())
        }

        private func parsedCommand() throws -> AlarmCommand {
            do {
                if let json {
                    return try AlarmCommand.decode(job: Array(json.utf8))
                }
                let name = String(command!.trimmingWhitespace)
                if name.lowercased() == Self.chime {
                    return try chimeCommand()
                }
                let zones = try values.map { value throws -> Int in
                    guard let zone = Int(value) else { throw ValidationError("zones are numbers (1-64)") }
                    return zone
                }
                let simple = AlarmCommand.simple(
                    try SimpleCommand(named: name), partition: partition, zones: zones.isEmpty ? nil : zones, profile: profile)
                try simple.validate()
                return simple
            } catch let error as ValidationError {
                throw error
            } catch {
                throw ValidationError("\(error)")
            }
        }

        /// The name that takes `on` or `off` after it: `chime on` is `chime_on`.
        private static let chime = "chime"

        /// `chime on` or `chime off`, for the partition given.
        private func chimeCommand() throws -> AlarmCommand {
            let simple: SimpleCommand = switch values.map({ $0.lowercased() }) {
            case ["on"]: .chimeOn
            case ["off"]: .chimeOff
            default: throw ValidationError("chime takes on or off")
            }
            guard profile == nil else { throw ValidationError("only bypass and unbypass take a profile") }
            let command = AlarmCommand.simple(simple, partition: partition)
            try command.validate()
            return command
        }
    }
}
