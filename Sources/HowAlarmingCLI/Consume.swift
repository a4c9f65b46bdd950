import AlarmCore
import ArgumentParser
import DaemonMetrics
import Logging
import ScriptConsumer

extension HowAlarming {
    /// A script consumer: runs a program for every event of a tube.
    struct Consume: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run PROGRAM once for every event of TUBE, the event's JSON on its standard input.",
            discussion: """
                A consumer written as a script: PROGRAM needs no queue code. Give TUBE a name of its \
                own and add it to beanstalkd.tubes.events, so that producers put a copy of every \
                event on it. --exec must come last: everything after it is PROGRAM and its \
                arguments. One event is handled at a time.

                PROGRAM's exit status decides what happens to the event's job: 0 deletes it; the \
                bury exit code (--bury-exit-code, default 99) buries it for an operator \
                (`howalarming peek TUBE --buried`); any other status, a signal, or a failure to \
                start releases it, to be retried after a delay growing from 1 s to 5 min; after \
                --max-attempts attempts it is buried. When PROGRAM runs past --timeout, its process \
                group gets SIGTERM, then SIGKILL after --kill-after, and the job is retried. An \
                event whose id was handled successfully since the consumer started is deleted \
                without running PROGRAM again.

                Standard input carries the job body exactly as queued (one JSON object, see \
                docs/event-format.md); a job that is not a valid event is buried without running \
                PROGRAM. Each line PROGRAM writes is logged on standard error with the job's id: \
                standard output at info level, standard error at warning. PROGRAM inherits this \
                process's environment (where it finds its own settings and tokens), plus \
                HOWALARMING_TUBE, HOWALARMING_JOB_ID, HOWALARMING_ATTEMPT (1, 2, …), \
                HOWALARMING_MAX_ATTEMPTS, HOWALARMING_BURY_EXIT_CODE, HOWALARMING_CONFIG (the \
                configuration file read, if any) and HOWALARMING_EVENT_<FIELD> for each field the \
                event has (HOWALARMING_EVENT_TYPE, _ID, _CODE, _MESSAGE, _TIMESTAMP, _ZONE, \
                _ZONE_NAME, _PARTITION, …). Arguments and environment are never logged.

                Runs until SIGTERM or SIGINT (Ctrl-C), then takes no new event, lets a running \
                PROGRAM finish (or reach its timeout), settles its job and exits 0. Under systemd \
                use KillMode=mixed so that the stop signal reaches this process only. Reconnects \
                if beanstalkd restarts. See docs/writing-a-consumer.md and examples/consumers/.
                """
        )

        @OptionGroup var queue: QueueOptions

        @Option(help: "The tube to take events from: this consumer's own.")
        var tube: String

        @Option(help: ArgumentHelp("How long PROGRAM may run before it is stopped and the job retried.", valueName: "seconds"))
        var timeout: Double = 30

        @Option(help: ArgumentHelp("How long after the timeout's SIGTERM a program still running gets SIGKILL.", valueName: "seconds"))
        var killAfter: Double = 5

        @Option(help: ArgumentHelp("The exit status (1-255) with which PROGRAM buries the job.", valueName: "status"))
        var buryExitCode: Int32 = ScriptOutcomePolicy.defaultBuryExitCode

        @Option(help: ArgumentHelp("Attempts before a job whose PROGRAM keeps failing is buried.", valueName: "count"))
        var maxAttempts = 10

        @Option(help: ArgumentHelp(
            "Serve /healthz and Prometheus /metrics on this address (HOST:PORT, loopback). Default: not served.",
            valueName: "address"))
        var metrics: String?

        @Flag(help: "Let --metrics name an address other than loopback, reachable from the network.")
        var metricsAllowNonLoopback = false

        @Option(
            name: .customLong("exec"), parsing: .remaining,
            help: ArgumentHelp("PROGRAM and its arguments: everything after --exec.", valueName: "program"))
        var command: [String]

        func validate() throws {
            _ = try tubeArgument(tube)
            guard timeout.isFinite, timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds") }
            guard killAfter.isFinite, killAfter > 0 else { throw ValidationError("--kill-after must be a positive number of seconds") }
            guard ScriptOutcomePolicy.buryExitCodes.contains(buryExitCode) else {
                throw ValidationError("--bury-exit-code must be from 1 to 255 (0 means success)")
            }
            guard maxAttempts >= 1 else { throw ValidationError("--max-attempts must be at least 1") }
            guard let program = command.first else { throw ValidationError("give the program to run last: --exec PROGRAM [ARGUMENT...]") }
            _ = try programPath(program)
            _ = try metricsConfig()
        }

        func run() async throws {
            let configuration = try queue.loadConfiguration(defaultLogLevel: .info)
            let tube = try tubeArgument(tube)
            try ConsumeTube.check(tube, in: configuration, logger: queue.logger)
            // Fail fast with a clear error when beanstalkd is not there at all; later outages are waited out.
            await (try queue.connect(configuration)).close()
            let executable = try programPath(command[0])
            var logger = queue.logger
            logger[metadataKey: "tube"] = "\(tube)"
            logger.info("running a program for every event", metadata: ["program": "\(executable)"])
            let settings = ScriptConsumerSettings(
                tube: tube, executable: executable, arguments: Array(command.dropFirst()),
                timeout: .seconds(timeout), killAfter: .seconds(killAfter), buryExitCode: buryExitCode,
                maximumAttempts: maxAttempts)
            let metrics = MetricsServer.bootstrapped(try metricsConfig(), logger: logger)
            try await ScriptConsumerApp.run(settings, configuration: configuration, metrics: metrics, logger: logger)
        }

        /// `--metrics`, checked: loopback unless `--metrics-allow-non-loopback`.
        private func metricsConfig() throws -> MetricsConfig? {
            guard let metrics else { return nil }
            let address: ListenAddress
            do {
                address = try ListenAddress(parsing: metrics)
            } catch {
                throw ValidationError("--metrics \(error.reason)")
            }
            if !metricsAllowNonLoopback, let refusal = address.nonLoopbackRefusal(optIn: "add --metrics-allow-non-loopback") {
                throw ValidationError("--metrics: \(refusal)")
            }
            return MetricsConfig(address: address, keyPath: "--metrics")
        }

        /// The path of `program`, or a usage error saying why there is none.
        private func programPath(_ program: String) throws -> String {
            do {
                return try ProgramPath.resolve(program)
            } catch {
                throw ValidationError(error.description)
            }
        }
    }
}
