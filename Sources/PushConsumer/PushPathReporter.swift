import AlarmCore
import Beanstalk
import Logging
import PushDelivery
import ServiceLifecycle

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Tells people about the push path through the other paths: puts the ``PushPathEvents`` on
/// every event tube but `push.tube` (and on the taps being watched), where the log, the command
/// API and its console, the MQTT bridge and script consumers read them. This consumer never
/// sees them, so never turns them into notifications through the provider that failed.
///
/// Events are queued on the sending path without waiting, and put in order by ``run()``. A put
/// that fails is tried again with backoff, the same event (same id) until it is put or the
/// process stops: a brief beanstalkd outage delays the news, never loses it. When stopping,
/// what is still queued gets one more try each.
final class PushPathReporter: PushPathObserver, Service {
    /// Where the events go; `nil` when `push.tube` is the only event tube: then only the log
    /// says it.
    private let publisher: EventPublisher?
    /// Where the faults told are kept across restarts.
    let faults: ProviderFaultFile
    private let retryBackoff: Backoff
    private let logger: Logger
    private let events: AsyncStream<AlarmEvent>
    private let continuation: AsyncStream<AlarmEvent>.Continuation

    /// A reporter putting through `publisher`, waiting `retryBackoff` between failed puts, and
    /// keeping the faults it tells in `faults`.
    init(
        publisher: EventPublisher?, faults: ProviderFaultFile,
        retryBackoff: Backoff = Backoff(initial: .milliseconds(250), maximum: .seconds(15)), logger: Logger
    ) {
        self.publisher = publisher
        self.faults = faults
        self.retryBackoff = retryBackoff
        self.logger = logger
        // Unbounded: halts are told once each, and prunes at most once per registered device.
        (events, continuation) = AsyncStream.makeStream(of: AlarmEvent.self)
    }

    /// The event tubes the push consumer's own events go to: every consumer's tube but `push.tube`.
    static func tubes(_ configuration: HowAlarmingConfig) -> [TubeName] {
        configuration.beanstalkd.consumerEventTubes.filter { $0 != configuration.push.tube }
    }

    func providerHalted(_ provider: PushProvider, reason: String, heldDevices: Int) {
        faults.began(provider, reason: reason)
        continuation.yield(PushPathEvents.halted(provider, reason: reason, heldDevices: heldDevices, timestamp: Self.now()))
    }

    func providerResumed(_ provider: PushProvider, haltedFor reason: String) {
        faults.ended(provider)
        continuation.yield(PushPathEvents.resumed(provider, haltedFor: reason, timestamp: Self.now()))
    }

    func devicePruned(_ device: RegisteredDevice, reason: String) {
        continuation.yield(PushPathEvents.pruned(device, reason: reason, timestamp: Self.now()))
    }

    func run() async throws {
        // Stopped after the event consumer (see PushConsumerApp): what it told is still put.
        await withGracefulShutdownHandler {
            for await event in self.events { await self.publish(event) }
        } onGracefulShutdown: {
            self.continuation.finish()
        }
        await publisher?.close()
    }

    /// Puts `event`, trying again with backoff until it is put or the process stops.
    private func publish(_ event: AlarmEvent) async {
        await publisher?.publishUntilPut(event, what: "a push path event", backoff: retryBackoff, logger: logger)
    }

    /// Now, in Unix seconds: when the news happened, not when it could be put.
    private static func now() -> Int64 {
        Int64(Date().timeIntervalSince1970)
    }
}
