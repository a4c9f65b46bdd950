import AlarmCore
import Foundation
import Testing

@testable import LogConsumer

/// The summary line printed on standard output for each written event.
@Suite struct JournalLineTests {
    @Test func aFullEventShowsWhereWhatAndWhich() throws {
        let id = try #require(UUID(uuidString: "5F0C2A1E-8D4B-4C3A-9E2F-1A2B3C4D5E6F"))
        let event = AlarmEvent(
            type: .alarm, code: "601", message: "Zone alarm", raw: "6011001", timestamp: 1_795_341_600, id: id,
            source: "howalarming-envisalink", sequence: 4711, partition: 1, zone: 1, zoneName: "Front door")
        #expect(JournalLine.format(event) == """
            2026-11-22T10:00:00Z alarm 601 p1 z1 Front door: Zone alarm \
            (seq 4711, id 5f0c2a1e-8d4b-4c3a-9e2f-1a2b3c4d5e6f, from howalarming-envisalink)
            """)
    }

    @Test func anOldProducersEventSaysItHasNoID() {
        #expect(JournalLine.format(AlarmEventSamples.legacy) == "2023-11-14T22:13:20Z alarm 601 Zone alarm (id none)")
        let bare = AlarmEvent(type: .info, code: "???", timestamp: 0)
        #expect(JournalLine.format(bare) == "1970-01-01T00:00:00Z info ??? (id none)")
    }

    @Test func aResponseNamesItsCommandAndUser() throws {
        let id = UUID()
        let command = UUID()
        let event = AlarmEvent(
            type: .response, code: "500", message: "Command accepted", timestamp: 1_795_341_600, id: id, user: 3,
            commandID: command)
        let line = JournalLine.format(event)
        #expect(line.hasPrefix("2026-11-22T10:00:00Z response 500 u3 Command accepted (id "))
        #expect(line.hasSuffix(", command \(command.uuidString.lowercased()))"))
    }

    @Test func aTimestampFarInTheFutureIsPrintedNotTrapped() {
        let event = AlarmEvent(type: .info, code: "609", timestamp: .max)
        #expect(JournalLine.format(event).hasSuffix("Z info 609 (id none)"))
    }

    @Test func anEventIsAlwaysOneLine() {
        var event = AlarmEventSamples.legacy
        event.message = "first\nsecond\r\tthird\u{2028}fourth\u{7}"
        event.zoneName = "Back\ndoor"
        let line = JournalLine.format(event)
        #expect(line == "2023-11-14T22:13:20Z alarm 601 Back door: first second  third fourth  (id none)")
    }
}
