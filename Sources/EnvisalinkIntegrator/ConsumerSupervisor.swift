import AlarmCore
import Beanstalk
import Logging
import ServiceLifecycle
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Checks the consumer of every event tube every `interval` and publishes what
/// ``ConsumerSupervision`` decides: a `fault` (code `consumer`, raw the tube) when a consumer is
/// down or stuck, a `recovery` when it works again — each on every event tube but the one
/// concerned, whose consumer would not read it, and on the watched taps.
///
/// Checks start one interval after the supervisor's connection to beanstalkd is made — at
/// start-up, and again after beanstalkd was away — so that consumers starting (or reconnecting)
/// beside the integrator are not reported. While beanstalkd does not answer, checks are skipped
/// (events spool meanwhile, and each consumer's own state is unknown).
struct ConsumerSupervisor: Service {
    let endpoint: BeanstalkEndpoint
    /// The consumers' event tubes (not the taps, not the command tubes).
    let tubes: [TubeName]
    let interval: Duration
    let staleAfter: UInt64
    let publisher: SpoolingPublisher
    let logger: Logger

    func run() async throws {
        var supervision = ConsumerSupervision(staleAfter: staleAfter)
        var connection: BeanstalkConnection?
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            guard !Task.isShuttingDownGracefully && !Task.isCancelled else { break }
            do {
                guard let current = connection, current.isActive else {
                    connection = try await BeanstalkConnection.connect(to: endpoint, logger: logger)
                    continue
                }
                let observations = try await observe(on: current)
                for transition in supervision.check(observations, now: Date()) {
                    await publish(transition)
                }
            } catch {
                logger.warning("cannot check the consumers of the event tubes", metadata: ["error": "\(error)"])
                await connection?.close()
                connection = nil
            }
        }
        await connection?.close()
    }

    /// One observation per tube, asked of beanstalkd now.
    private func observe(on connection: BeanstalkConnection) async throws(BeanstalkError) -> [TubeObservation] {
        var observations: [TubeObservation] = []
        for tube in tubes {
            // A tube nobody watches, uses or fills does not exist: no consumer, nothing waiting.
            let stats = try await connection.statsTube(tube)
            var observation = TubeObservation(
                tube: tube, watchers: stats?.currentWatching ?? 0, readyJobs: stats?.currentJobsReady ?? 0, nextReadyAge: nil)
            if observation.readyJobs > 0 {
                try await connection.use(tube)
                // Taken or deleted in between: nothing is waiting on it any more.
                if let next = try await connection.peekReady() {
                    observation.nextReadyAge = try await connection.statsJob(next.id)?.age
                }
            }
            observations.append(observation)
        }
        return observations
    }

    private func publish(_ transition: ConsumerSupervision.Transition) async {
        let (type, tube, message): (EventType, TubeName, String) = switch transition {
        case let .fault(tube, message): (.fault, tube, message)
        case let .recovery(tube, message): (.recovery, tube, message)
        }
        logger.log(level: type == .fault ? .error : .notice, "\(message)", metadata: ["tube": "\(tube)"])
        let event = AlarmEvent(type: type, code: "consumer", message: message, raw: tube.rawValue, timestamp: LinkEventReporter.now())
        await publisher.publishReportingFailures(event, except: [tube], logger: logger)
    }
}
