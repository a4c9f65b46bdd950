import AlarmCore
import ArgumentParser
import Beanstalk
import NIOCore

extension HowAlarming {
    /// Looks at the next job of a tube without taking it.
    struct Peek: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the next ready (or buried, or delayed) job of TUBE without taking it.",
            discussion: """
                Prints the job's id and state, why it does not decode when it is not a valid event \
                or command (the usual reason a consumer buried it), and its body. Repair with \
                `howalarming kick TUBE` once the cause is fixed.
                """
        )

        @OptionGroup var queue: QueueOptions

        @Argument(help: "The tube to look at.")
        var tube: String

        @Flag(help: "Look at the oldest buried job.")
        var buried = false

        @Flag(help: "Look at the delayed job due next.")
        var delayed = false

        func validate() throws {
            _ = try tubeArgument(tube)
            if buried && delayed { throw ValidationError("choose --buried or --delayed, not both") }
        }

        func run() async throws {
            let configuration = try queue.loadConfiguration()
            let connection = try await queue.connect(configuration)
            try await connection.use(try tubeArgument(tube))
            let state = buried ? "buried" : delayed ? "delayed" : "ready"
            let job = buried ? try await connection.peekBuried()
                : delayed ? try await connection.peekDelayed() : try await connection.peekReady()
            guard let job else {
                await connection.close()
                try Output.line("no \(state) job in tube \(tube)")
                return
            }
            let stats = try await connection.statsJob(job.id)
            await connection.close()
            var summary = "job \(job.id) (\(state), \(job.body.readableBytes) bytes"
            if let stats { summary += ", age \(stats.age) s, reserved \(stats.reserves)×, released \(stats.releases)×" }
            try Output.line(summary + ")")
            if let problem = JobDiagnosis.problem(with: job.body) {
                try Output.line("problem: \(problem)")
            }
            try Output.line(String(decoding: job.body.readableBytesView, as: UTF8.self))
        }
    }
}

/// Why a job body would be refused by consumers, if it would.
enum JobDiagnosis {
    static func problem(with body: ByteBuffer) -> String? {
        do {
            _ = try AlarmEvent.decode(job: body)
            return nil
        } catch let eventError {
            if (try? AlarmCommand.decode(job: body)) != nil { return nil }
            return "not a valid event: \(eventError)"
        }
    }
}
