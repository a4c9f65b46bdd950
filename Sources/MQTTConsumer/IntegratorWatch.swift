import AlarmCore
import Beanstalk
import Logging
import ServiceLifecycle

/// Checks every few seconds whether the integrator runs (something watches the command tube):
/// when it stops, no link event will say that the panel is gone, so the bridge marks the panel
/// unavailable itself.
struct IntegratorWatch {
    let producer: QueueProducer
    let commandTube: TubeName
    let publisher: BridgePublisher
    let interval: Duration
    let logger: Logger

    /// Runs until graceful shutdown.
    func run() async {
        var running: Bool?
        repeat {
            // beanstalkd not answering tells nothing of the integrator: keep the last finding.
            if let count = await producer.watcherCounts(of: [commandTube])?.first {
                let now = count > 0
                if now != running {
                    if running != nil || !now {
                        logger.log(level: now ? .info : .warning, now ? "the integrator runs again" : "the integrator is not running", metadata: [
                            "tube": "\(commandTube)",
                        ])
                    }
                    running = now
                    _ = await publisher.integrator(running: now)
                }
            }
        } while (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }) != nil
    }
}
