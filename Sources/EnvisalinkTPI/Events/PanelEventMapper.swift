public import AlarmCore
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Turns decoded panel messages into HowAlarming events: the event type of the corrected
/// TPI table, a human message, and the partition, zone (with its name) and user.
///
/// Every event has `code` = the frame's code and `raw` = the frame's ``TPIFrame/redacted`` text,
/// and passes `AlarmEvent.validate()` when `timestamp` is not negative. The mapper fills neither
/// `id`, `source` nor `sequence`: the publisher does. See `docs/event-format.md`, "Panel code
/// mapping", for the full table.
public struct PanelEventMapper: Sendable {
    private let zoneNames: [Int: String]
    private let userNames: [Int: String]

    /// A mapper that names zones from `zoneNames` (the `envisalinkd.zones` configuration) and
    /// users from `userNames` (`envisalinkd.users`); a zone without a name is called `zone 005`,
    /// a user without one `user 40`.
    public init(zoneNames: [Int: String], userNames: [Int: String] = [:]) {
        self.zoneNames = zoneNames
        self.userNames = userNames
    }

    /// The event for `message`, decoded from `frame`, which happened at `timestamp` (Unix seconds).
    ///
    /// `nil` for the session-control messages (``PanelMessage/isSessionControl``: `500`, `501`,
    /// `502`, `505`, `900`, `921`, `922`). They answer the command in flight or the login, which
    /// only the session knows: it matches them to its command, retries or answers them, and
    /// publishes its own event with ``sessionEvent(for:frame:timestamp:commandID:)``.
    /// Everything else gives an event, including unknown codes and malformed data (type `unknown`,
    /// code kept), so nothing the panel says is dropped.
    public func event(for message: PanelMessage, frame: TPIFrame, timestamp: Int64) -> AlarmEvent? {
        guard !message.isSessionControl else { return nil }
        return makeEvent(message, frame: frame, timestamp: timestamp, commandID: nil)
    }

    /// The event for a session-control message, for the session to publish when it chooses,
    /// with the `id` of the command it answers as `command_id`; `nil` for any other message.
    ///
    /// `500` → `response`, `501`/`502` → `fault`, `505` → `info` (accepted), `response` (password
    /// requested) or `fault` (failed, timed out), `900`/`921`/`922` → `response`.
    public func sessionEvent(
        for message: PanelMessage, frame: TPIFrame, timestamp: Int64, commandID: UUID?
    ) -> AlarmEvent? {
        guard message.isSessionControl else { return nil }
        return makeEvent(message, frame: frame, timestamp: timestamp, commandID: commandID)
    }

    /// The configured name of `zone`, or `zone 005` when it has none.
    public func zoneName(_ zone: Int) -> String {
        zoneNames[zone] ?? "zone \(zone.zeroPadded(3))"
    }

    /// Who user `user` is in a message: `Anna (user 40)` when configured, else `user 40`.
    func userText(_ user: Int) -> String {
        PartitionActivity.User.text(number: user, name: userNames[user])
    }

    private func makeEvent(_ message: PanelMessage, frame: TPIFrame, timestamp: Int64, commandID: UUID?) -> AlarmEvent {
        let description = describe(message)
        let user = description.user.flatMap { FormatLimits.users.contains($0) ? $0 : nil }
        return AlarmEvent(
            type: description.type,
            code: frame.code,
            message: description.text,
            raw: frame.redacted,
            timestamp: timestamp,
            partition: description.partition,
            zone: description.zone,
            zoneName: description.zone.map(zoneName),
            user: user,
            userName: user.flatMap { userNames[$0] },
            commandID: commandID)
    }
}
