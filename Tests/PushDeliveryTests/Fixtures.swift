import AlarmCore
import Foundation
import PushDelivery
import Synchronization

/// Events, devices and times the tests share.
enum Fixtures {
    /// 2023-11-14 22:13:20 UTC.
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    static let eventID = UUID(uuidString: "8c4e7d2a-1f0b-4a8e-9c3d-5b6a7e8f9012")!
    static let apnsToken = String(repeating: "ab", count: 32)
    static let fcmToken = "fcm-token:APA91bH_example-1"

    /// An event of `type` as the integrator would send it.
    static func event(_ type: EventType = .alarm, message: String = "Zone alarm: Front door") -> AlarmEvent {
        AlarmEvent(
            type: type, code: "601", message: message, raw: "601 1001", timestamp: 1_700_000_000, id: eventID,
            source: "howalarming-envisalink", sequence: 4711, partition: 1, zone: 1, zoneName: "Front door")
    }

    /// A JSON object from `bytes`, which must be one.
    static func object(_ bytes: [UInt8]) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(bytes))
        guard let object = value as? [String: Any] else { throw FixtureError.notAnObject }
        return object
    }

    /// Header fields as a dictionary (the tests' headers have unique names).
    static func headers(_ fields: [(name: String, value: String)]) -> [String: String] {
        Dictionary(fields.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    enum FixtureError: Error {
        case notAnObject
    }
}

/// A wall clock the test moves by hand.
final class FakeClock: Sendable {
    private let time: Mutex<Date>

    init(_ start: Date = Fixtures.now) {
        time = Mutex(start)
    }

    func advance(by duration: Duration) {
        time.withLock { $0 = $0.addingTimeInterval(Double(duration.components.seconds)) }
    }

    var clock: WallClock {
        WallClock { self.time.withLock { $0 } }
    }
}

extension [String: Any] {
    /// The nested object under `key`.
    func object(_ key: String) -> [String: Any]? { self[key] as? [String: Any] }
}
