import AlarmCore
import ArgumentParser
import Beanstalk
import NIOCore

extension HowAlarming {
    /// Prints events from the CLI's own tap as they arrive.
    struct Tail: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print events as they arrive, one per line.",
            discussion: """
                Consumes only its own tap (default `cli`, listed in beanstalkd.tubes.taps): the \
                publishers put an event on a tap only while someone watches it, so tail prints the \
                events that arrive while it runs, and a tap nobody reads costs nothing. Events that \
                have waited in the tap for --stale-after seconds (left by an earlier tail, or by \
                an older version) are discarded when it starts, unless another tail is running; the \
                history is in the audit log and GET /v1/events. Each event is \
                deleted once printed; a job that is not a valid event is reported on standard \
                error and buried. Reconnects if beanstalkd restarts (an event printed just before \
                the restart but not yet deleted comes round again and is printed twice); --timeout \
                counts the time spent reconnecting.

                Without --count or --timeout it runs until stopped. SIGINT (Ctrl-C) and SIGTERM \
                end it at once, with the signal's conventional exit status; the event being handled \
                at that moment is not lost, though the next tail may print it again. When standard \
                output goes away (the reader of a pipe exits) it stops with an error and leaves the \
                event it could not print in the tube.
                """
        )

        @OptionGroup var queue: QueueOptions

        @Option(help: "The tube to tap.")
        var tube = "cli"

        @Flag(help: "Print each event's JSON exactly as queued.")
        var json = false

        @Option(help: "Stop after this many events.")
        var count: Int?

        @Option(help: "Stop after waiting this many seconds in all; with --count, fewer events than asked is an error.")
        var timeout: Double?

        @Option(help: "Discard, at start, the events that have waited in the tap this many seconds or longer.")
        var staleAfter: UInt64 = 60

        func validate() throws {
            _ = try tubeArgument(tube)
            if let count, count < 1 { throw ValidationError("--count must be at least 1") }
            if let timeout, timeout <= 0 { throw ValidationError("--timeout must be positive") }
        }

        func run() async throws {
            let configuration = try queue.loadConfiguration()
            let tube = try tubeArgument(tube)
            if !configuration.beanstalkd.tapTubes.contains(tube) {
                Output.error("warning: tube \(tube) is not a tap: add it to beanstalkd.tubes.taps")
            }
            let worker = BeanstalkWorker(endpoint: configuration.beanstalkd.endpoint, watching: [tube], logger: queue.logger)
            // Fails fast with a clear error when beanstalkd is not there at all.
            let connection = try await queue.connect(configuration)
            let discarded = try await discardStaleEvents(in: tube, on: connection)
            await connection.close()
            if discarded > 0 {
                Output.error("discarded \(discarded) stale events (queued \(staleAfter) s ago or earlier) from tube \(tube)")
            }
            let deadline = timeout.map { ContinuousClock.now + .milliseconds(Int64($0 * 1000)) }
            var printed = 0
            while count.map({ printed < $0 }) ?? true {
                // The deadline also bounds reconnecting while beanstalkd is down.
                guard let job = try await withDeadline(deadline, { try await worker.nextJob() }) else { break }
                do {
                    if try await handle(job, from: worker, tube: tube) { printed += 1 }
                } catch let error as BeanstalkError where error.code == .reservationLost {
                    // beanstalkd restarted (or the TTR ran out) before the delete or bury: it has
                    // the job back, so it comes round again.
                    Output.error("\(error.message); it will be handled again")
                }
            }
            await worker.close()
            if let count, printed < count {
                throw CLIFailure("timed out after \(timeout ?? 0) s with \(printed) of \(count) events")
            }
        }

        /// Deletes the ready jobs of `tube` that have waited `--stale-after` seconds or longer, when nobody
        /// watches it: events an earlier tail did not print, or the backlog of a version that
        /// filled the tap for good. With another tail running they are that tail's, and stay.
        /// - Returns: how many it deleted.
        private func discardStaleEvents(in tube: TubeName, on connection: BeanstalkConnection) async throws -> Int {
            guard let stats = try await connection.statsTube(tube), stats.currentWatching == 0 else { return 0 }
            try await connection.use(tube)
            var discarded = 0
            // Ready jobs of one priority come oldest first: stop at the first fresh one.
            while let job = try await connection.peekReady(), try await isStale(job.id, on: connection) {
                // Not found: reserved by a tail that started meanwhile, so the rest is that tail's.
                guard try await connection.deleteIfPresent(job.id) else { break }
                discarded += 1
            }
            return discarded
        }

        /// Whether job `id` has waited `--stale-after` seconds or longer.
        private func isStale(_ id: JobID, on connection: BeanstalkConnection) async throws -> Bool {
            guard let stats = try await connection.statsJob(id) else { return false }
            return stats.age >= staleAfter
        }

        /// Prints and deletes an event, or buries and reports a job that is not one.
        /// - Returns: whether it printed an event.
        private func handle(_ job: ReservedJob, from worker: BeanstalkWorker, tube: TubeName) async throws -> Bool {
            let event: AlarmEvent
            do {
                event = try AlarmEvent.decode(job: job.body)
            } catch {
                try await worker.bury(job)
                Output.error("job \(job.id) on tube \(tube) is not a valid event (\(error)); buried it")
                return false
            }
            try Output.line(json ? String(buffer: job.body) : EventLine.format(event))
            try await worker.delete(job)
            return true
        }
    }
}
