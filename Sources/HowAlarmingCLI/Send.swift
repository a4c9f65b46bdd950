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
                as command_id.
                """
        )

        @OptionGroup var queue: QueueOptions

        @Argument(help: "A simple command, such as status, arm or disarm.")
        var command: String?

        @Option(help: "The partition (1-8) the command is for.")
        var partition: Int?

        @Option(help: ArgumentHelp("A JSON command object.", valueName: "json"))
        var json: String?

        func validate() throws {
            guard (command == nil) != (json == nil) else {
                throw ValidationError("give either a COMMAND or --json, not both or neither")
            }
            if json != nil, partition != nil {
                throw ValidationError("--partition goes with a simple COMMAND; put \"partition\" in the JSON instead")
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
                var command = try AlarmCommand.decode(job: Array(command!.utf8))
                command.partition = partition
                try command.validate()
                return command
            } catch {
                throw ValidationError("\(error)")
            }
        }
    }
}
