import AlarmCore
import Foundation

/// Events for the tests.
enum AlarmEventSamples {
    /// An event as an old producer sends it: no id, no source, no sequence.
    static let legacy = AlarmEvent(type: .alarm, code: "601", message: "Zone alarm", raw: "6011003", timestamp: 1_700_000_000)

    /// A current producer's event number `number`, with a fresh id.
    static func event(_ number: Int, type: EventType = .info, id: UUID = UUID()) -> AlarmEvent {
        AlarmEvent(
            type: type, code: "609", message: "Zone open: event \(number)", raw: "609001", timestamp: 1_700_000_000 + Int64(number),
            id: id, source: "test", sequence: UInt64(number), partition: 1, zone: 1, zoneName: "Front door")
    }

    /// The line the log holds for `event`.
    static func line(_ event: AlarmEvent) -> String {
        event.jsonString()
    }
}
