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
/// and `command_id` ties the two together.
public enum ProxyAudit {
    /// The `source` of the events about `client`'s commands.
    public static func source(of client: String) -> String {
        "tpi-proxy:\(client)"
    }

    /// `client`'s command `frame` (id `id`) goes to the panel.
    public static func sending(_ frame: TPIFrame, id: UUID, client: String, timestamp: Int64) -> AlarmEvent {
        AlarmEvent(
            type: .command, code: frame.code, message: "Sending command \(frame.code) to the panel for TPI proxy client \(client)",
            raw: frame.redacted, timestamp: timestamp, source: source(of: client), partition: partition(of: frame), commandID: id)
    }

    /// `client` may not send `frame`: the echo of the refused command.
    public static func refused(_ frame: TPIFrame, id: UUID, client: String, reason: String, timestamp: Int64) -> AlarmEvent {
        AlarmEvent(
            type: .command, code: frame.code, message: "Refused command \(frame.code) from TPI proxy client \(client): \(reason)",
            raw: frame.redacted, timestamp: timestamp, source: source(of: client), partition: partition(of: frame), commandID: id)
    }

    /// The answer to a command of `client`'s (`refused` for one that never went out).
    public static func response(
        code: String, message: String, to frame: TPIFrame, id: UUID, client: String, timestamp: Int64
    ) -> AlarmEvent {
        AlarmEvent(
            type: .response, code: code, message: message, timestamp: timestamp, source: source(of: client),
            partition: partition(of: frame), commandID: id)
    }

    /// The `response` for the panel's answer `result` to `frame`.
    public static func response(to frame: TPIFrame, result: CommandResult, id: UUID, client: String, timestamp: Int64) -> AlarmEvent {
        let (code, message): (String, String) = switch result {
        case .accepted: ("500", "Command \(frame.code) accepted by the panel")
        case let .failed(.linkLost(reason)): ("refused", "Command \(frame.code) not sent: panel link lost: \(reason)")
        case .failed(.unacknowledged):
            ("unknown", "Command \(frame.code) outcome unknown: the panel link was lost after it was sent, before the panel answered")
        case let .failed(failure): ("502", "Command \(frame.code) refused by the panel: \(failure)")
        }
        return response(code: code, message: message, to: frame, id: id, client: client, timestamp: timestamp)
    }

    /// The partition of an arm, disarm or other partition command, from its first data digit.
    private static func partition(of frame: TPIFrame) -> Int? {
        guard ["020", "030", "031", "032", "033", "040", "071", "074"].contains(frame.code) else { return nil }
        return frame.data.first?.wholeNumberValue
    }

    /// The Unix time now, in seconds, as events carry it.
    static func now() -> Int64 { Int64(Date().timeIntervalSince1970) }
}
