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
                (howalarming send bypass 5 6) or --profile NAME, a profile of envisalinkd.bypass.profiles.
                """
        )

        @OptionGroup var queue: QueueOptions

        @Argument(help: "A simple command, such as status, arm or disarm.")
        var command: String?

        @Argument(help: "With bypass and unbypass: the zones (1-64).")
        var zones: [Int] = []

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
            if json != nil, partition != nil || profile != nil || !zones.isEmpty {
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
                let simple = AlarmCommand.simple(
                    try SimpleCommand(named: String(command!.trimmingWhitespace)), partition: partition,
                    zones: zones.isEmpty ? nil : zones, profile: profile)
                try simple.validate()
                return simple
            } catch {
                throw ValidationError("\(error)")
            }
        }
    }
}
