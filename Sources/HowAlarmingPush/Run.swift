import AlarmCore
import ArgumentParser
import DaemonMetrics
import DaemonSupport
import PushConsumer
import PushDelivery
import ServiceLifecycle

/// `howalarming-push [run]`: the push consumer daemon.
struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the push consumer (the default).",
        discussion: """
            Takes events from the push.tube tube and sends a notification for each event whose type \
            is in push.triggers to every registered device, through APNs (push.apns), FCM \
            (push.fcm) and Web Push (push.web_push), exactly once per device. Device registrations \
            arrive on push.registration_tube; every delivery outcome and device list change is \
            reported on push.report_tube. Stops cleanly on SIGTERM or SIGINT: the event in flight \
            is finished. Keys, tokens and Web Push endpoints never appear in logs.
            """
    )

    @OptionGroup var options: DaemonOptions

    func run() async throws {
        let (configuration, logger) = try options.start(label: "howalarming-push")
        let metrics = MetricsServer.bootstrapped(configuration.push.metrics, logger: logger)
        let senders = try PushSenders.make(configuration: configuration.push, logger: logger)
        let services: [any Service]
        do {
            services = try PushConsumerApp.services(configuration: configuration, senders: senders, logger: logger)
        } catch {
            for sender in senders { await sender.shutdown() }
            throw error
        }
        try await runUntilSignalled(services, metrics: metrics, logger: logger)
    }
}
