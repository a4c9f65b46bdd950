import AlarmCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one-line human summary of an event that the log consumer prints on standard output, for
/// journald and supervisors' logs:
///
/// `2026-11-22T10:00:00Z alarm 601 p1 z1 Front door: Zone alarm (seq 4711, id 5f0c…, from howalarming-envisalink)`
///
/// Time (UTC), type, code, then `p`artition, `z`one and `u`ser when set, the zone name and the
/// message, and in parentheses what identifies the event. Control characters become spaces, so
/// an event is always one line.
enum JournalLine {
    static func format(_ event: AlarmEvent) -> String {
        let time = Date(timeIntervalSince1970: TimeInterval(event.timestamp)).ISO8601Format()
        var words = [time, event.type.rawValue, event.code]
        words += [("p", event.partition), ("z", event.zone), ("u", event.user)].compactMap { prefix, number in
            number.map { "\(prefix)\($0)" }
        }
        let text = [event.zoneName, event.message.isEmpty ? nil : event.message].compactMap { $0 }
        if !text.isEmpty { words.append(text.joined(separator: ": ")) }
        let details = [
            event.sequence.map { "seq \($0)" },
            "id " + (event.id.map(lowercased) ?? "none"),
            event.commandID.map { "command " + lowercased($0) },
            event.source.map { "from \($0)" },
        ].compactMap { $0 }
        words.append("(\(details.joined(separator: ", ")))")
        return oneLine(words.joined(separator: " "))
    }

    /// `text` with line breaks and other control characters replaced by spaces.
    private static func oneLine(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let isBreak = scalar.properties.generalCategory == .control || Character(scalar).isNewline
            result.append(isBreak ? " " : scalar)
        }
        return String(result)
    }

    private static func lowercased(_ id: UUID) -> String {
        id.uuidString.lowercased()
    }
}
