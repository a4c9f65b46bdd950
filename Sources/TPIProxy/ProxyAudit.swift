public import AlarmCore
public import EnvisalinkTPI
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The events that audit what proxy clients send the panel: a `command` echo when a command goes
/// out or is refused, and a `response` with the panel's answer. `source` names the client
/// (`tpi-proxy:NAME`), `raw` is the frame with codes masked as in the integrator's own echoes,
/// and `command_id` ties the two together. The publisher stamps their time, as it stamps their
/// `sequence`.
public enum ProxyAudit {
    /// The `source` of the events about `client`'s commands.
    public static func source(of client: String) -> String {
        "tpi-proxy:\(client)"
    }

    /// `client`'s command `frame` (id `id`) goes to the panel.
    public static func sending(_ frame: TPIFrame, id: UUID, client: String) -> AlarmEvent {
        AlarmEvent(
            type: .command, code: frame.code, message: "Sending command \(frame.code) to the panel for TPI proxy client \(client)",
            raw: frame.redacted, timestamp: Self.stampedWhenPublished, source: source(of: client), partition: partition(of: frame), commandID: id)
    }

    /// `client` may not send `frame`: the echo of the refused command.
    public static func refused(_ frame: TPIFrame, id: UUID, client: String, reason: String) -> AlarmEvent {
        AlarmEvent(
            type: .command, code: frame.code, message: "Refused command \(frame.code) from TPI proxy client \(client): \(reason)",
            raw: frame.redacted, timestamp: Self.stampedWhenPublished, source: source(of: client), partition: partition(of: frame), commandID: id)
    }

    /// The answer to a command of `client`'s (`refused` for one that never went out).
    public static func response(
        code: String, message: String, to frame: TPIFrame, id: UUID, client: String
    ) -> AlarmEvent {
        AlarmEvent(
            type: .response, code: code, message: message, timestamp: Self.stampedWhenPublished, source: source(of: client),
            partition: partition(of: frame), commandID: id)
    }

    /// The `response` for the panel's answer `result` to `frame`.
    public static func response(to frame: TPIFrame, result: CommandResult, id: UUID, client: String) -> AlarmEvent {
        let answer = result.response(to: frame.code)
        return response(code: answer.code, message: answer.message, to: frame, id: id, client: client)
    }

    /// The partition of an arm, disarm or other partition command, from its first data digit.
    private static func partition(of frame: TPIFrame) -> Int? {
        guard ["020", "030", "031", "032", "033", "040", "071", "074"].contains(frame.code) else { return nil }
        return frame.data.first?.wholeNumberValue
    }

    /// `timestamp` 0: the publisher sets the time it publishes the event (`EventPublisher.stamp`).
    private static let stampedWhenPublished: Int64 = 0
}
