import ArgumentParser
import CommandAPI
import DaemonSupport

/// `howalarming-command [run]`: the command API daemon.
struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the HTTP API daemon (the default).",
        discussion: """
            Listens on command.listen (default 127.0.0.1:8080; HTTPS with command.tls) and stores \
            every event from the command.tube tube in command.database, from which it answers \
            GET /v1/status and GET /v1/events. POST /v1/commands puts commands on \
            beanstalkd.tubes.commands; POST and DELETE /v1/devices put registrations on \
            push.registration_tube. Every request but GET /healthz needs a bearer token (see \
            `howalarming-command tokens --help`). Stops cleanly on SIGTERM or SIGINT: requests and \
            the event in flight are finished. Tokens never appear in logs.
            """
    )

    @OptionGroup var options: DaemonOptions

    func run() async throws {
        let (configuration, logger) = try options.start(label: "howalarming-command")
        let metrics = CommandMetrics()
        metrics.bootstrapMetricsSystem()
        let services = try CommandAPIApp.services(configuration: configuration, metrics: metrics, logger: logger)
        try await runUntilSignalled(services, logger: logger)
    }
}
