import AlarmCore
import ArgumentParser
import Beanstalk

extension HowAlarming {
    /// Server and tube counters.
    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show beanstalkd's state and every tube's job counts, or all counters of one TUBE.",
            discussion: """
                The table lists every tube beanstalkd has, and the configured command and event \
                tubes even when beanstalkd has none: a tube with no jobs that nobody watches does \
                not exist there, which shows as zeros (watching 0 means its consumer is not running).
                """
        )

        @OptionGroup var queue: QueueOptions

        @Argument(help: "A tube to show in full.")
        var tube: String?

        func validate() throws {
            if let tube { _ = try tubeArgument(tube) }
        }

        func run() async throws {
            let configuration = try queue.loadConfiguration()
            let connection = try await queue.connect(configuration)
            if let tube {
                guard let stats = try await connection.statsTube(try tubeArgument(tube)) else {
                    throw CLIFailure("tube \(tube) does not exist (it appears when a job is put on it or it is watched)")
                }
                for key in stats.document.fields.keys.sorted() {
                    try Output.line("\(key): \(stats.document.fields[key]!)")
                }
            } else {
                let beanstalkd = configuration.beanstalkd
                let configured = beanstalkd.commandTubes + beanstalkd.eventTubes
                    + beanstalkd.tapTubes.filter { !beanstalkd.eventTubes.contains($0) }
                try await printOverview(connection, configured: configured)
            }
            await connection.close()
        }

        private func printOverview(_ connection: BeanstalkConnection, configured: [TubeName]) async throws {
            let server = try await connection.stats()
            try Output.line("beanstalkd \(server.version) at \(connection.endpoint), up \(server.uptime) s, "
                + "binlog \(server.binlogCurrentIndex > 0 ? "on" : "OFF (jobs are lost on restart)")"
                + (server.draining ? ", DRAINING (puts refused)" : ""))
            try Output.line("connections \(server.currentConnections), max job size \(server.maxJobSize) bytes")
            let header = ["tube", "ready", "reserved", "delayed", "buried", "total", "watching"]
            var rows = [header]
            let existing = try await connection.listTubes().compactMap { try? TubeName($0) }
            for tube in Set(existing + configured).sorted() {
                let stats = try await connection.statsTube(tube)
                let counts = stats.map { [$0.currentJobsReady, $0.currentJobsReserved, $0.currentJobsDelayed,
                                          $0.currentJobsBuried, $0.totalJobs, $0.currentWatching] }
                rows.append([tube.rawValue] + (counts ?? Array(repeating: 0, count: 6)).map(String.init))
            }
            let widths = header.indices.map { column in rows.map { $0[column].count }.max()! }
            for row in rows {
                try Output.line(row.enumerated().map { column, cell in
                    column == 0 ? cell.padded(to: widths[0])
                        : String(repeating: " ", count: widths[column] - cell.count) + cell
                }.joined(separator: "  "))
            }
        }
    }
}
