/// A job on the push report tube (`push.report_tube`): what the push consumer tells the command
/// API about deliveries and devices, so that the console can show which phone got which alarm.
///
/// The format is documented in `docs/event-format.md`, "Push reports". Reports are a view: the
/// push consumer's ledger stays the truth, and a lost report loses no notification.
public enum PushReport: Sendable, Hashable {
    /// `{"type":"delivery",…}`: what became of one event's notification for one device.
    case delivery(DeliveryReport)
    /// `{"type":"devices",…}`: the whole device registry, after every change.
    case devices(DevicesReport)

    /// The message's `type` values.
    static let types = ["delivery", "devices"]
}
