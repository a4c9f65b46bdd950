import AlarmCore
import Beanstalk
import EnvisalinkTPI
import Logging
import NIOCore
import ServiceLifecycle
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Bypasses `envisalinkd.bypass.reapply_after_disarm` again after each disarm (`655`), since a DSC
/// panel clears its bypasses when disarmed.
///
/// It queues a `bypass` command of the profile for the partition on the first command tube, so
/// that the bypass waits its turn behind the commands queued before it (keys of two commands
/// never mix in the keypad's menu) and is echoed and answered like any other. While beanstalkd
/// cannot take it, it is put again with `retryBackoff`: the command keeps the disarm's time, so
/// one that waited longer than a command may live expires at the integrator instead of bypassing
/// zones long after the disarm.
final class BypassReapplier: Service, Sendable {
    private let profile: String
    private let producer: QueueProducer
    private let tube: TubeName
    private let retryBackoff: Backoff
    private let logger: Logger
    private let disarms: AsyncStream<Int>
    private let continuation: AsyncStream<Int>.Continuation

    init(profile: String, producer: QueueProducer, tube: TubeName, retryBackoff: Backoff = Backoff(initial: .seconds(1)), logger: Logger) {
        self.profile = profile
        self.producer = producer
        self.tube = tube
        self.retryBackoff = retryBackoff
        self.logger = logger
        (disarms, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
    }

    /// Takes note of a link report: a partition disarmed.
    func observe(_ report: PanelLink.LinkReport) {
        if case let .message(.partition(.disarmed, partition), _) = report {
            continuation.yield(partition)
        }
    }

    func run() async throws {
        for await partition in disarms.cancelOnGracefulShutdown() {
            let command = AlarmCommand.simple(
                .bypass, message: "Bypass profile \(profile) again after the disarm", partition: partition, id: UUID(),
                source: "howalarming-envisalink", timestamp: LinkEventReporter.now(), profile: profile)
            await queue(command, partition: partition)
        }
    }

    /// Puts `command` on the tube, again and again while beanstalkd cannot take it, until the
    /// process stops.
    private func queue(_ command: AlarmCommand, partition: Int) async {
        let metadata: Logger.Metadata = ["profile": "\(profile)", "partition": "\(partition)", "command_id": "\(command.id!)"]
        let failures = await untilDone(backoff: retryBackoff) { error, failures in
            if failures == 1 {
                logger.error("cannot queue the bypass profile after a disarm yet: trying again until beanstalkd takes it",
                             metadata: metadata.merging(["error": "\(error)"]) { $1 })
            }
        } attempt: {
            _ = try await producer.put(ByteBuffer(bytes: command.jsonBytes()), inEach: [tube])
        }
        if failures != nil { logger.info("bypass profile queued again after a disarm", metadata: metadata) }
    }
}
