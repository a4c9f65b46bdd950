import AlarmCore
import Beanstalk
import Logging
import NIOCore
import ServiceLifecycle

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Checks every few seconds whether each watched daemon runs (something watches its tube, by
/// beanstalkd's `stats-tube`), records it on the ``DaemonBoard``, and when a state changes logs
/// it and sends the open streams a `daemons` frame.
struct DaemonWatch: Service {
    let daemons: [WatchedDaemon]
    let board: DaemonBoard
    let producer: QueueProducer
    let hub: StreamHub
    let interval: Duration
    let logger: Logger

    func run() async throws {
        defer { board.stopWaiting() }
        // Readers wait for the first check, so its findings are news to no stream.
        var isFirstCheck = true
        repeat {
            let states = await producer.watcherCounts(of: daemons.map(\.tube)).map { counts in
                counts.map { $0 > 0 ? DaemonStatus.State.running : .stopped }
            } ?? Array(repeating: .unknown, count: daemons.count)
            let changed = board.record(states, now: Int64(Date().timeIntervalSince1970))
            for daemon in changed {
                let metadata: Logger.Metadata = ["daemon": "\(daemon.name)", "tube": "\(daemon.tube)"]
                switch daemon.state {
                case .running: logger.info("daemon running", metadata: metadata)
                case .stopped: logger.warning("daemon stopped: nothing takes jobs from its tube", metadata: metadata)
                case .unknown: logger.warning("daemon state unknown: beanstalkd does not answer", metadata: metadata)
                }
            }
            if !changed.isEmpty, !isFirstCheck, hub.hasSubscribers {
                hub.publish(.daemons(frame: ByteBuffer(bytes: StreamFrames.daemons(board.latest))))
            }
            isFirstCheck = false
        } while (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }) != nil
    }
}
