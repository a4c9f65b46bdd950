public import AlarmCore
public import DaemonMetrics
public import Logging
import NIOPosix
import ServiceLifecycle
import UnixSignals
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs a script consumer: the program of ``ScriptConsumerSettings`` for every event of its tube.
public enum ScriptConsumerApp {
    /// Runs until SIGTERM or SIGINT, then takes no new event, lets a running program finish (or
    /// reach its timeout) and settles its job. The program inherits this process's environment
    /// plus the job's (``ScriptEnvironment``). The `metrics` server, when there is one, runs beside it.
    public static func run(
        _ settings: ScriptConsumerSettings, configuration: HowAlarmingConfig, metrics: MetricsServer? = nil, logger: Logger
    ) async throws {
        let threads = NIOThreadPool(numberOfThreads: 2)
        threads.start()
        let consumer = makeConsumer(settings, configuration: configuration, threads: threads, logger: logger)
        // Under systemd's Type=notify, the notifier tells it when the consumer consumes and that it turns.
        let notifier = SystemdNotifier.fromEnvironment(ProcessInfo.processInfo.environment, logger: logger)
        let group = ServiceGroup(
            services: (metrics.map { [$0] } ?? []) + [consumer] + (notifier.map { [$0] } ?? []),
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        do {
            try await group.run()
            try await threads.shutdownGracefully()
        } catch {
            try? await threads.shutdownGracefully()
            throw error
        }
    }

    private static func makeConsumer(
        _ settings: ScriptConsumerSettings, configuration: HowAlarmingConfig, threads: NIOThreadPool, logger: Logger
    ) -> QueueConsumer<AlarmEvent> {
        let handler = ScriptHandler(
            runner: ScriptRunner(
                executable: settings.executable, arguments: settings.arguments,
                timeout: settings.timeout, killAfter: settings.killAfter, threads: threads),
            environment: ScriptEnvironment(
                inherited: ProcessInfo.processInfo.environment, tube: settings.tube,
                maximumAttempts: settings.maximumAttempts, buryExitCode: settings.buryExitCode,
                configPath: configuration.path),
            policy: ScriptOutcomePolicy(buryExitCode: settings.buryExitCode))
        return QueueConsumer<AlarmEvent>(
            endpoint: configuration.beanstalkd.endpoint,
            configuration: ConsumerConfiguration(tubes: [settings.tube], maximumAttempts: settings.maximumAttempts),
            logger: logger,
            handler: handler.handle)
    }
}
