import AlarmCore
@testable import EnvisalinkIntegrator
import Testing

/// The user of a `750` added to the `655` after it, the alarm memory to a `654`.
@Suite struct PartitionEventDetailsTests {
    /// Events of partition 1 from the integrator, each with the next sequence.
    private struct Events {
        private var sequence: UInt64 = 0

        mutating func callAsFunction(_ type: EventType, _ code: String, _ message: String, zone: Int? = nil, zoneName: String? = nil,
                                     user: Int? = nil, userName: String? = nil) -> AlarmEvent {
            sequence += 1
            return AlarmEvent(type: type, code: code, message: message, timestamp: 1_700_000_000, source: "howalarming-envisalink",
                              sequence: sequence, partition: 1, zone: zone, zoneName: zoneName, user: user, userName: userName)
        }
    }

    @Test func theDisarmNamesTheUserOfTheOpeningJustBeforeIt() {
        var details = PartitionEventDetails()
        var event = Events()
        _ = details.detail(event(.info, "750", "Partition 1 disarmed by Anna (user 40)", user: 40, userName: "Anna"))
        let disarmed = details.detail(event(.disarmed, "655", "Partition 1 disarmed"))
        #expect(disarmed.message == "Partition 1 disarmed by Anna (user 40)")
        #expect(disarmed.user == 40 && disarmed.userName == "Anna")
        let again = details.detail(event(.disarmed, "655", "Partition 1 disarmed"))
        #expect(again.message == "Partition 1 disarmed" && again.user == nil, "the opening is used once")
        _ = details.detail(event(.info, "750", "Partition 1 disarmed by user 7", user: 7))
        _ = details.detail(event(.info, "751", "Partition 1 special opening"))
        #expect(details.detail(event(.disarmed, "655", "Partition 1 disarmed")).user == nil, "a special opening names nobody")
    }

    @Test func theAlarmNamesTheZonesThatAlarmedSinceTheArming() {
        var details = PartitionEventDetails()
        var event = Events()
        _ = details.detail(event(.alarm, "601", "Zone alarm: Hall PIR", zone: 2, zoneName: "Hall PIR"))
        _ = details.detail(event(.info, "656", "Partition 1 exit delay in progress"))
        #expect(details.detail(event(.alarm, "654", "Partition 1 in alarm")).message == "Partition 1 in alarm", "none since the arming")
        _ = details.detail(event(.alarm, "601", "Zone alarm: Front door", zone: 1, zoneName: "Front door"))
        _ = details.detail(event(.alarm, "603", "Zone tamper: Garage", zone: 3, zoneName: "Garage"))
        let alarm = details.detail(event(.alarm, "654", "Partition 1 in alarm"))
        #expect(alarm.message == "Partition 1 in alarm: Front door, Garage")
        #expect(alarm.zone == 1 && alarm.zoneName == "Front door")
    }
}
