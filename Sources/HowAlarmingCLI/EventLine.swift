import AlarmCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one-line human form of an event, as `howalarming tail` prints it.
///
/// `2026-11-22T17:03:05Z alarm     601 Zone alarm (zone 1 Front door, partition 1) [howalarming-envisalink #42]`
enum EventLine {
    static func format(_ event: AlarmEvent) -> String {
        let time = Date(timeIntervalSince1970: TimeInterval(event.timestamp)).ISO8601Format()
        let type = event.type.rawValue.padded(to: 9)
        var line = "\(time) \(type) \(event.code) \(event.message)"
        var details: [String] = []
        if let zone = event.zone {
            details.append("zone \(zone)" + (event.zoneName.map { " \($0)" } ?? ""))
        }
        if let partition = event.partition { details.append("partition \(partition)") }
        if let user = event.user { details.append("user \(user)" + (event.userName.map { " \($0)" } ?? "")) }
        if let commandID = event.commandID { details.append("command \(commandID.uuidString.lowercased())") }
        if !details.isEmpty { line += " (\(details.joined(separator: ", ")))" }
        if let source = event.source {
            line += " [\(source)" + (event.sequence.map { " #\($0)" } ?? "") + "]"
        }
        return line
    }
}
