import AlarmCore
import ArgumentParser
import Beanstalk

extension HowAlarming {
    /// Removes jobs for good: the repair for a job that can never be handled.
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete jobs by id (ready, delayed or buried), e.g. a poisonous buried job.",
            discussion: """
                Find the id with `howalarming peek TUBE --buried`. A job another client has \
                reserved cannot be deleted. Deleted jobs are gone: prefer `kick` when the cause \
                has been fixed.
                """
        )

        @OptionGroup var queue: QueueOptions

        @Argument(help: "The job ids.")
        var ids: [UInt64]

        func validate() throws {
            if ids.isEmpty { throw ValidationError("give at least one job id") }
        }

        func run() async throws {
            let configuration = try queue.loadConfiguration()
            let connection = try await queue.connect(configuration)
            var missing: [UInt64] = []
            for id in ids {
                if try await connection.deleteIfPresent(JobID(id)) {
                    try Output.line("deleted job \(id)")
                } else {
                    missing.append(id)
                }
            }
            await connection.close()
            if !missing.isEmpty {
                throw CLIFailure("no such job (or reserved by another client): \(missing.map(String.init).joined(separator: ", "))")
            }
        }
    }
}
