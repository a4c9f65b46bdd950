import AlarmCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The body of `POST /v1/commands`: `{"command":"arm_stay","partition":2,"message":"…"}`, and
/// for `disarm` the `access_code` a person typed (put in the command, never logged or stored);
/// for `bypass` and `unbypass` the `zones` or the `profile`.
/// Unknown fields are ignored, as in the queue format.
struct CommandRequest: Decodable {
    /// Longest `message`, in characters.
    static let messageMaximumLength = 200

    let command: String
    let partition: Int?
    let message: String?
    let accessCode: String?
    let zones: [Int]?
    let profile: String?

    private enum CodingKeys: String, CodingKey {
        case command, partition, message, zones, profile
        case accessCode = "access_code"
    }

    /// The command to queue, with `id`, `source` naming `caller` and the current time.
    ///
    /// - Throws: ``APIError`` 400 for a command that is not one of the simple commands (listing
    ///   them, and never quoting a name with digits: it might be an access code), a message that is
    ///   too long or has control characters, or a value ``AlarmCommand/validate()`` refuses.
    func command(id: UUID, from caller: Caller, now: Date = Date()) throws(APIError) -> (command: AlarmCommand, name: SimpleCommand) {
        guard let simple = SimpleCommand(rawValue: command.lowercased()) else {
            let valid = SimpleCommand.allCases.map(\.rawValue).joined(separator: ", ")
            throw .badRequest("command: unknown command \(Self.shown(command)); valid commands: \(valid)")
        }
        if let message {
            guard message.count <= Self.messageMaximumLength else {
                throw .badRequest("message: must be at most \(Self.messageMaximumLength) characters, got \(message.count)")
            }
            guard !message.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw .badRequest("message: must not contain control characters")
            }
        }
        let alarmCommand = AlarmCommand.simple(
            simple, message: message, partition: partition, id: id, source: caller.commandSource,
            timestamp: Int64(now.timeIntervalSince1970), accessCode: accessCode.map(Secret.init), zones: zones, profile: profile)
        do {
            try alarmCommand.validate()
        } catch {
            throw .badRequest(error.description)
        }
        return (alarmCommand, simple)
    }

    /// A command name for an error message: quoted (at most 40 characters) unless it has digits.
    private static func shown(_ name: String) -> String {
        guard !name.contains(where: \.isNumber) else {
            return "(a \(name.count)-character value, not shown: it contains digits)"
        }
        let excerpt = String(name.prefix(40)).debugDescription
        return name.count > 40 ? excerpt + "…" : excerpt
    }
}

/// The answer of `POST /v1/commands`.
struct CommandAccepted: Encodable {
    /// The command's `id`; the integrator's echo and response events carry it as `command_id`.
    let id: String
}
