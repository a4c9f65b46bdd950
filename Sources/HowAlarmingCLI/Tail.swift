import AlarmCore
import ArgumentParser
import Beanstalk
import NIOCore

extension HowAlarming {
    /// Prints events from the CLI's own tap tube as they arrive.
    struct Tail: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print events as they arrive, one per line.",
            discussion: """
                Consumes only its own tap tube (default `cli`, which must be listed in \
                beanstalkd.tubes.events so the integrator puts events on it), never another \
                consumer's. Each event is deleted once printed; a job that is not a valid event is \
                reported on standard error and buried. Reconnects if beanstalkd restarts (an event \
                printed just before the restart but not yet deleted comes round again and is printed \
                twice); --timeout counts the time spent reconnecting.

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

        func validate() throws {
            _ = try tubeArgument(tube)
            if let count, count < 1 { throw ValidationError("--count must be at least 1") }
            if let timeout, timeout <= 0 { throw ValidationError("--timeout must be positive") }
        }

        func run() async throws {
            let configuration = try queue.loadConfiguration()
            let tube = try tubeArgument(tube)
            if !configuration.beanstalkd.eventTubes.contains(tube) {
                Output.error("warning: events are not put on tube \(tube): add it to beanstalkd.tubes.events")
            }
            let worker = BeanstalkWorker(endpoint: configuration.beanstalkd.endpoint, watching: [tube], logger: queue.logger)
            // Fail fast with a clear error when beanstalkd is not there at all.
            await (try queue.connect(configuration)).close()
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
