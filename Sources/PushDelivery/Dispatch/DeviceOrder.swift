import AlarmCore
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Keeps each device's notifications in the order their events came, within one process.
///
/// A provider outage leaves events waiting for a retry, each released with its own backoff, so
/// after the outage a later event could reach a phone before an earlier one (and a stale
/// "armed" replace a newer "disarmed"). So an event waits for a device while an earlier event
/// for that device is unfinished: not delivered, pruned or refused, and not past its deadline.
/// "Earlier" is the order in which this process first saw the events, which is the queue's.
final class DeviceOrder: Sendable {
    private struct Entry {
        let eventID: UUID
        let deadline: Date
    }

    /// Per device, its unfinished events, oldest first.
    private let queues = Mutex<[DeviceToken: [Entry]]>([:])

    /// Enters `eventID` (due by `deadline`) in the queue of each of `devices` where it is not yet,
    /// and returns the devices for which an earlier event is unfinished: the event must wait for them.
    func waiting(eventID: UUID, deadline: Date, devices: some Sequence<DeviceToken>, now: Date) -> Set<DeviceToken> {
        queues.withLock { queues in
            var waiting = Set<DeviceToken>()
            for device in devices {
                var queue = queues[device, default: []]
                queue.removeAll { $0.deadline <= now && $0.eventID != eventID }
                if !queue.contains(where: { $0.eventID == eventID }) {
                    queue.append(Entry(eventID: eventID, deadline: deadline))
                }
                if queue.first?.eventID != eventID { waiting.insert(device) }
                queues[device] = queue
            }
            return waiting
        }
    }

    /// `eventID` is finished for `device`: the next event in its queue may go.
    func finish(eventID: UUID, device: DeviceToken) {
        queues.withLock { queues in
            guard var queue = queues[device] else { return }
            queue.removeAll { $0.eventID == eventID }
            queues[device] = queue.isEmpty ? nil : queue
        }
    }
}
