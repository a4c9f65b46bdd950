public import AlarmCore

/// Which devices an event still has to be sent to, given the registry and the ledger. Pure.
///
/// ## Exactly once per device, and the crash window
/// A device is sent to only when the ledger has no final row (`delivered`, `failed`, `pruned`)
/// for it and the event: a device the provider accepted, or refused for good, is never sent the
/// same event again. Each
/// reply is recorded in its own transaction as soon as it arrives, and the job is deleted only
/// when every device has a final outcome (``JobCompletion``). Hence:
/// - A graceful stop lets the requests in flight finish and records their replies, and a
///   provider error is recorded before the job is released: neither sends anything twice.
/// - A redelivered job (lost reservation, the same event put twice, a retry after a release)
///   skips every device with a recorded final outcome.
/// - A ledger write the database refuses (busy, disk full) is tried again in place until the
///   notification's deadline, while the other sends go on: a device is not sent to again
///   because another device's reply could not be recorded.
/// - After a `kill -9` (or a power cut, which can lose the last transactions), the requests that
///   were in flight at that moment, sent but with no reply recorded, are sent again when
///   beanstalkd hands the job out after its time-to-run. That window is at most the number of
///   concurrent requests; every device whose reply was recorded is skipped.
/// - A request whose reply never came (a timeout) may have reached the phone; its retry reuses
///   the same `apns-id` and collapse id, so the phone replaces the notification rather than
///   showing two.
public struct FanOutPlan: Sendable, Hashable {
    /// Devices to send to now, in the order given.
    public var pending: [RegisteredDevice]
    /// Devices the ledger shows as finished already (delivered, refused for good, pruned): skipped.
    public var alreadyFinished: [RegisteredDevice]
    /// Devices whose provider is not configured: nothing can be sent to them.
    public var unreachable: [RegisteredDevice]

    /// Splits `devices` for one event.
    ///
    /// - Parameters:
    ///   - devices: The registered devices (``DeviceRegistry/list()``).
    ///   - finished: The event's finished devices (``DeliveryLedger/finishedDevices(eventID:)``).
    ///   - providers: The providers configured in this process.
    public init(devices: some Sequence<RegisteredDevice>, finished: Set<DeviceToken>, providers: Set<PushProvider>) {
        pending = []
        alreadyFinished = []
        unreachable = []
        for device in devices {
            if finished.contains(device.token) {
                alreadyFinished.append(device)
            } else if providers.contains(device.token.provider) {
                pending.append(device)
            } else {
                unreachable.append(device)
            }
        }
    }
}
