import EnvisalinkTPI
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The arm commands sent to the panel that have not armed their partition yet, and the zones
/// open now: says when an arming failed, why, and which zones were open.
///
/// Pure: the integrator feeds it what the panel says and the time, and publishes the failures it
/// returns. An arming is expected before its command goes out, and ends when the partition is
/// armed (`652`) or disarmed (`655`, someone cancelled the exit delay), when the panel says it
/// failed (`659`, `672`, `670`, `671`, `673`), when the command was refused (``refused(_:)``),
/// or at its deadline (the exit delay and a margin) without a `652`.
struct ArmingWatch: Sendable {
    /// An arm command on its way or in its exit delay.
    struct Arming: Sendable, Equatable {
        let commandID: UUID
        let partition: Int
        /// What was asked, for messages: `Arm away`.
        let action: String
        /// When the partition must be armed by.
        let deadline: ContinuousClock.Instant
        /// The command's `source`, which the failure's event names as `command_source`.
        var commandSource: String?
    }

    /// An arming that failed: what was asked, why it failed and which zones were open.
    struct Failure: Sendable, Equatable {
        let arming: Arming
        let reason: String
        /// The zones open and not bypassed when it failed, in order.
        let openZones: [Int]

        /// `Arm away failed: not ready to arm (panel error 024) — Front door, Hall PIR open`,
        /// with the zones named by `zoneName`.
        func message(zoneName: (Int) -> String) -> String {
            let zones = openZones.isEmpty ? "" : " — " + openZones.map(zoneName).joined(separator: ", ") + " open"
            return "\(arming.action) failed: \(reason)\(zones)"
        }
    }

    private var armings: [Int: Arming] = [:]
    private var open: Set<Int> = []
    private var bypassed: Set<Int> = []

    /// The zones open now and not bypassed, in order.
    var openZones: [Int] { open.subtracting(bypassed).sorted() }

    /// The earliest deadline of an arming, if any.
    var nextDeadline: ContinuousClock.Instant? { armings.values.map(\.deadline).min() }

    /// Watches `arming`, before its command goes out; it replaces an earlier arming of its partition.
    mutating func expect(_ arming: Arming) {
        armings[arming.partition] = arming
    }

    /// The command `commandID` was refused or not sent: its arming, if watched, is no longer.
    @discardableResult
    mutating func refused(_ commandID: UUID) -> Arming? {
        guard let arming = armings.values.first(where: { $0.commandID == commandID }) else { return nil }
        armings[arming.partition] = nil
        return arming
    }

    /// The failure of command `commandID`'s arming, which the panel refused for `reason`.
    mutating func failure(of commandID: UUID, reason: String) -> Failure? {
        refused(commandID).map { Failure(arming: $0, reason: reason, openZones: openZones) }
    }

    /// Takes in a panel message: zones opening and closing, bypasses, and the end of an arming;
    /// returns the failure when the message says an arming failed.
    mutating func observe(_ message: PanelMessage) -> Failure? {
        switch message {
        case let .zoneOpen(zone):
            open.insert(zone)
        case let .zoneRestored(zone):
            open.remove(zone)
        case let .zoneTimerDump(timers):
            open = Set(timers.indices.filter { timers[$0] == 0xFFFF }.map { $0 + 1 })
        case let .bypassedZones(zones):
            bypassed = zones
        case let .partitionArmed(partition, _), let .partition(.disarmed, partition):
            armings[partition] = nil
        case let .partition(status, partition):
            guard let reason = Self.failureReasons[status], let arming = armings.removeValue(forKey: partition) else { return nil }
            return Failure(arming: arming, reason: reason, openZones: openZones)
        default:
            break
        }
        return nil
    }

    /// The armings whose deadline has passed at `now`, ended as failed.
    mutating func expire(now: ContinuousClock.Instant, exitDelay: Duration) -> [Failure] {
        let late = armings.values.filter { $0.deadline <= now }.sorted { $0.partition < $1.partition }
        for arming in late { armings[arming.partition] = nil }
        return late.map {
            Failure(arming: $0, reason: "the partition was not armed within the exit delay (\(exitDelay.components.seconds) s) "
                        + "and a margin", openZones: openZones)
        }
    }

    /// The partition reports that end an arming as failed, and what they say.
    private static let failureReasons: [PartitionStatus: String] = [
        .armingFailed: "the panel failed to arm (659)",
        .failureToArm: "the panel failed to arm (672)",
        .invalidAccessCode: "invalid access code (670)",
        .functionNotAvailable: "function not available (671)",
        .busy: "partition busy (673)",
    ]
}
