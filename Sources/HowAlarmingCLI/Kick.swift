import AlarmCore
import ArgumentParser
import Beanstalk

extension HowAlarming {
    /// Moves buried (or delayed) jobs back to ready.
    struct Kick: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Move buried jobs of TUBE back to ready (delayed ones when none is buried).",
            discussion: "Kicks every buried job unless COUNT limits it. Prints how many were kicked."
        )

        @OptionGroup var queue: QueueOptions

        @Argument(help: "The tube.")
        var tube: String

        @Argument(help: "The most jobs to kick.")
        var count: UInt32?

        func validate() throws {
            _ = try tubeArgument(tube)
            if count == 0 { throw ValidationError("COUNT must be at least 1") }
        }

        func run() async throws {
            let configuration = try queue.loadConfiguration()
            let connection = try await queue.connect(configuration)
            try await connection.use(try tubeArgument(tube))
            let kicked = try await connection.kick(bound: count ?? UInt32(Int32.max))
            await connection.close()
            try Output.line("kicked \(kicked) job\(kicked == 1 ? "" : "s") in tube \(tube)")
        }
    }
}
