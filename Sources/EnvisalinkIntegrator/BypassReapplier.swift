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
/// never mix in the keypad's menu) and is echoed and answered like any other.
final class BypassReapplier: Service, Sendable {
    private let profile: String
    private let producer: QueueProducer
    private let tube: TubeName
    private let logger: Logger
    private let disarms: AsyncStream<Int>
    private let continuation: AsyncStream<Int>.Continuation

    init(profile: String, producer: QueueProducer, tube: TubeName, logger: Logger) {
        self.profile = profile
        self.producer = producer
        self.tube = tube
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
            do {
                _ = try await producer.put(ByteBuffer(bytes: command.jsonBytes()), inEach: [tube])
                logger.info("bypass profile queued again after a disarm",
                            metadata: ["profile": "\(profile)", "partition": "\(partition)", "command_id": "\(command.id!)"])
            } catch {
                logger.error("cannot queue the bypass profile after a disarm",
                             metadata: ["profile": "\(profile)", "partition": "\(partition)", "error": "\(error)"])
            }
        }
    }
}
