import AlarmCore
import Foundation
import Testing

/// Encoding and decoding of well-formed events, old and new.
struct AlarmEventJSONTests {
    static let fullEvent = AlarmEvent(
        type: .alarm,
        code: "601",
        message: "Zone alarm: Front door / \"main\"\n\tpartition 1",
        raw: "6011001",
        timestamp: 1_700_000_000,
        id: UUID(uuidString: "8C4E7D2A-1F0B-4A8E-9C3D-5B6A7E8F9012"),
        source: "howalarming-envisalink",
        sequence: 42,
        partition: 1,
        zone: 128,
        zoneName: "Vordertür ✓",
        user: 9999,
        userName: "Anna",
        commandID: UUID(uuidString: "0F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0"),
        commandSource: "howalarming-command:anna"
    )

    static let roundTripEvents: [AlarmEvent] = [
        AlarmEvent(type: .info, code: "609", timestamp: 0),
        AlarmEvent(type: .unknown, code: "???", message: "", raw: "\u{1}\u{1F}\u{7F}", timestamp: Int64.max),
        AlarmEvent(type: .response, code: "500", timestamp: 1, sequence: UInt64.max),
        fullEvent,
    ]

    @Test(arguments: roundTripEvents)
    func decodingTheEncodedFormGivesTheSameEvent(_ event: AlarmEvent) throws {
        #expect(try AlarmEvent.decode(json: event.jsonBytes()) == event)
        #expect(try AlarmEvent.decode(json: event.jsonString()) == event)
    }

    @Test func canonicalFormHasFixedKeyOrderLowercaseUUIDsAndNoEscapedSlashes() {
        let expected = #"{"type":"alarm","code":"601","message":"Zone alarm: Front door / \"main\"\n\tpartition 1","#
            + #""raw":"6011001","timestamp":1700000000,"id":"8c4e7d2a-1f0b-4a8e-9c3d-5b6a7e8f9012","#
            + #""source":"howalarming-envisalink","sequence":42,"partition":1,"zone":128,"zone_name":"Vordertür ✓","#
            + #""user":9999,"user_name":"Anna","command_id":"0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0","#
            + #""command_source":"howalarming-command:anna"}"#
        #expect(Self.fullEvent.jsonString() == expected)
    }

    @Test func controlCharactersAreEscapedAsUnicode() {
        let event = AlarmEvent(type: .fault, code: "1", raw: "\u{1}\u{1F}", timestamp: 5)
        #expect(event.jsonString() == #"{"type":"fault","code":"1","message":"","raw":"\u0001\u001f","timestamp":5}"#)
    }

    @Test(arguments: roundTripEvents)
    func outputAlwaysHasTheFiveOriginalFieldsAndNoNulls(_ event: AlarmEvent) throws {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(event.jsonBytes())) as? [String: Any]
        )
        for field in ["type", "code", "message", "raw"] {
            #expect(object[field] is String, "\(field) must be a string")
        }
        #expect(object["timestamp"] is NSNumber, "timestamp must be a number")
        #expect(!object.values.contains { $0 is NSNull })
    }

    @Test func readsTheOriginalReadmeSample() throws {
        let sample = #"{"type": "alarm", "code": "123", "message": "event details string", "raw": "123ABC", "timestamp": "1199145600"}"#
        let event = try AlarmEvent.decode(json: sample)
        #expect(event == AlarmEvent(type: .alarm, code: "123", message: "event details string", raw: "123ABC", timestamp: 1_199_145_600))
        #expect(event.id == nil)
    }

    @Test func readsOldIntegratorEventsWithIntegerTimestampAndIntegerCode() throws {
        let event = try AlarmEvent.decode(json: #"{"type": "info", "raw": "609001", "code": 609, "message": "zone Front open", "timestamp": 1199145601}"#)
        #expect(event.code == "609")
        #expect(event.timestamp == 1_199_145_601)
    }

    @Test func truncatesFractionalTimestamps() throws {
        let event = try AlarmEvent.decode(json: #"{"type":"info","code":"1","timestamp":1199145600.97}"#)
        #expect(event.timestamp == 1_199_145_600)
    }

    @Test func defaultsMessageAndRawToEmpty() throws {
        let event = try AlarmEvent.decode(json: #"{"type":"armed","code":"652","timestamp":1}"#)
        #expect(event.message == "")
        #expect(event.raw == "")
    }

    @Test func ignoresUnknownFieldsAndNullOptionalFields() throws {
        let body = #"""
            {"type":"alarm","code":"601","timestamp":7,"zone":null,"id":null,
             "future":{"nested":[1,{"deep":true}]},"list":[1,2,3],"flag":false}
            """#
        #expect(try AlarmEvent.decode(json: body) == AlarmEvent(type: .alarm, code: "601", timestamp: 7))
    }

    @Test func acceptsUUIDsInAnyLetterCase() throws {
        let upper = try AlarmEvent.decode(json: #"{"type":"info","code":"1","timestamp":1,"id":"8C4E7D2A-1F0B-4A8E-9C3D-5B6A7E8F9012"}"#)
        let mixed = try AlarmEvent.decode(json: #"{"type":"info","code":"1","timestamp":1,"id":"8c4e7d2a-1F0B-4a8e-9C3D-5b6a7e8f9012"}"#)
        #expect(upper.id == Self.fullEvent.id)
        #expect(mixed.id == Self.fullEvent.id)
    }

    @Test func readsBytesWithSurroundingWhitespace() throws {
        let body = Array(" \n{\"type\":\"disarmed\",\"code\":\"655\",\"timestamp\":3}\r\n".utf8)
        #expect(try AlarmEvent.decode(json: body) == AlarmEvent(type: .disarmed, code: "655", timestamp: 3))
    }
}
