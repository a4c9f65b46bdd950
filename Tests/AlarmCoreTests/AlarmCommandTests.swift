import AlarmCore
import Foundation
import Testing

/// Decoding and encoding commands in both forms, and rejecting bad ones.
struct AlarmCommandTests {
    static let commandID = UUID(uuidString: "0F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0")

    @Test(arguments: SimpleCommand.allCases.filter { !$0.takesZones })
    func readsEveryPlainStringCommand(_ command: SimpleCommand) throws {
        #expect(try AlarmCommand.decode(job: Array(command.rawValue.utf8)) == .simple(command))
    }

    @Test func readsPlainStringsInAnyCaseWithSurroundingWhitespace() throws {
        #expect(try AlarmCommand.decode(job: "  ARM_Stay\r\n") == .simple(.armStay))
        #expect(try AlarmCommand.decode(job: "Disarm") == .simple(.disarm))
    }

    @Test func readsAJSONSimpleCommandWithPartition() throws {
        let command = try AlarmCommand.decode(job: #"{"type":"command","code":"arm","partition":2}"#)
        #expect(command == .simple(.arm, partition: 2))
    }

    @Test func readsAJSONCommandWithoutTypeAndWithUppercaseName() throws {
        #expect(try AlarmCommand.decode(job: #"{"code":"ARM_INSTANT"}"#) == .simple(.armInstant))
    }

    @Test func readsTheOriginalReadmeRawCommand() throws {
        let body = #"{"type": "command", "code": "321", "message": "Human readable reference", "data": "Optional data/values to be sent", "timestamp": "1199145600"}"#
        let command = try AlarmCommand.decode(job: Array(body.utf8))
        #expect(command.action == .raw(code: "321", data: "Optional data/values to be sent"))
        #expect(command.message == "Human readable reference")
        #expect(command.timestamp == 1_199_145_600)
    }

    @Test func readsBypassesWithZonesOrAProfile() throws {
        let zones = try AlarmCommand.decode(job: #"{"type":"command","code":"bypass","zones":[5,16],"partition":1}"#)
        #expect(zones == .simple(.bypass, partition: 1, zones: [5, 16]))
        #expect(try AlarmCommand.decode(job: #"{"code":"UNBYPASS","profile":"night-2"}"#) == .simple(.unbypass, profile: "night-2"))
        #expect(AlarmCommand.simple(.bypass, partition: 1, zones: [5, 6]).jsonString()
            == #"{"type":"command","code":"bypass","partition":1,"zones":[5,6]}"#)
    }

    @Test func readsARawCodeWithoutData() throws {
        #expect(try AlarmCommand.decode(job: #"{"code":"001"}"#).action == .raw(code: "001", data: ""))
    }

    static let roundTripCommands: [AlarmCommand] = [
        .simple(.status),
        .simple(.armStay, message: "Arm from phone", partition: 8, id: commandID, source: "howalarming-cli", timestamp: 1_700_000_000),
        AlarmCommand(action: .raw(code: "040", data: "1 ~*#"), message: "Partition Disarm", partition: 1, id: commandID, timestamp: 0),
        AlarmCommand(action: .raw(code: "001", data: "")),
        .simple(.disarm, partition: 2, id: commandID, source: "howalarming-command", accessCode: Secret("123456")),
        .simple(.bypass, partition: 2, id: commandID, zones: [64, 1, 9]),
        .simple(.unbypass, message: "Morning", profile: "night_Upstairs-1"),
    ]

    @Test(arguments: roundTripCommands)
    func decodingTheEncodedFormGivesTheSameCommand(_ command: AlarmCommand) throws {
        #expect(try AlarmCommand.decode(job: command.jsonBytes()) == command)
        #expect(try AlarmCommand.decode(job: command.jsonString()) == command)
    }

    @Test func canonicalFormsOfBothActions() {
        #expect(
            AlarmCommand.simple(.armStay, message: "Arm/stay", partition: 2, id: Self.commandID, source: "cli", timestamp: 9).jsonString()
                == #"{"type":"command","code":"arm_stay","message":"Arm/stay","partition":2,"id":"0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0","source":"cli","timestamp":9}"#
        )
        #expect(AlarmCommand(action: .raw(code: "040", data: "11234")).jsonString() == #"{"type":"command","code":"040","data":"11234"}"#)
        #expect(AlarmCommand(action: .raw(code: "001", data: "")).jsonString() == #"{"type":"command","code":"001"}"#)
        #expect(
            AlarmCommand.simple(.disarm, partition: 1, accessCode: Secret("1234")).jsonString()
                == #"{"type":"command","code":"disarm","partition":1,"access_code":"1234"}"#)
    }

    static let invalidBodies: [InvalidBody] = [
        InvalidBody("unknown plain command", "arm_night", field: nil, says: #"unknown command "arm_night"; valid commands: status, arm, disarm"#),
        InvalidBody("plain command with digits", "disarm 1234", field: nil, says: "not shown: it contains digits"),
        InvalidBody("JSON array body", "[1]", field: nil, says: "unknown command"),
        InvalidBody("empty body", "", field: nil, says: "empty body"),
        InvalidBody("blank body", "\n \t", field: nil, says: "empty body"),
        InvalidBody("invalid UTF-8", bytes: [0x61, 0x72, 0x6D, 0xC0], field: nil, says: "not valid UTF-8"),
        InvalidBody("invalid JSON", #"{"code":"arm""#, field: nil, says: "not valid JSON"),
        InvalidBody("deeply nested JSON", "{\"x\":" + String(repeating: "[", count: 100_000), field: nil, says: "not valid JSON"),
        InvalidBody("event type", #"{"type":"alarm","code":"arm"}"#, field: "type", says: #"must be "command", got "alarm""#),
        InvalidBody("missing code", #"{"type":"command","partition":1}"#, field: "code", says: "missing"),
        InvalidBody("code of wrong kind", #"{"code":["0","4","0"]}"#, field: "code", says: "got an array"),
        InvalidBody("unknown code name", #"{"code":"arm_night"}"#, field: "code", says: #"3-digit panel code, got "arm_night""#),
        InvalidBody("two-digit code", #"{"code":"40"}"#, field: "code", says: "not shown"),
        InvalidBody("integer two-digit code", #"{"code":40}"#, field: "code", says: "3-digit panel code"),
        InvalidBody("code with data appended", #"{"code":"0401234"}"#, field: "code", says: "a 7-character value"),
        InvalidBody("non-ASCII digit code", #"{"code":"０４０"}"#, field: "code", says: "3-digit panel code"),
        InvalidBody("data with a simple command", #"{"code":"disarm","data":"1234"}"#, field: "data", says: "only raw panel codes take data"),
        InvalidBody("data of wrong kind", #"{"code":"040","data":1234}"#, field: "data", says: "expected a string"),
        InvalidBody("control character in data", #"{"code":"040","data":"12\n34"}"#, field: "data", says: "printable ASCII"),
        InvalidBody("non-ASCII data", #"{"code":"040","data":"1é"}"#, field: "data", says: "printable ASCII"),
        InvalidBody("data too long", #"{"code":"071","data":"\#(String(repeating: "1", count: 65))"}"#, field: "data", says: "at most 64 characters, got 65"),
        InvalidBody("partition 0", #"{"code":"arm","partition":0}"#, field: "partition", says: "between 1 and 8"),
        InvalidBody("partition 9", #"{"code":"arm","partition":9}"#, field: "partition", says: "got 9"),
        InvalidBody("bad id", #"{"code":"arm","id":"123"}"#, field: "id", says: "expected a UUID"),
        InvalidBody("text timestamp", #"{"code":"arm","timestamp":"abc"}"#, field: "timestamp", says: "expected an integer number of seconds"),
        InvalidBody("negative timestamp", #"{"code":"arm","timestamp":-1}"#, field: "timestamp", says: "must not be negative"),
        InvalidBody("message of wrong kind", #"{"code":"arm","message":[]}"#, field: "message", says: "expected a string"),
        InvalidBody("access code with arm", #"{"code":"arm","access_code":"1234"}"#, field: "access_code", says: "only disarm takes an access code"),
        InvalidBody(
            "access code with bypass", #"{"code":"bypass","zones":[5],"access_code":"1234"}"#, field: "access_code",
            says: "only disarm takes an access code"),
        InvalidBody("access code with a raw code", #"{"code":"040","data":"1","access_code":"1234"}"#, field: "access_code", says: "only disarm"),
        InvalidBody("access code too short", #"{"code":"disarm","access_code":"123"}"#, field: "access_code", says: "must be 4 to 6 digits"),
        InvalidBody("access code too long", #"{"code":"disarm","access_code":"1234567"}"#, field: "access_code", says: "must be 4 to 6 digits"),
        InvalidBody("access code not digits", #"{"code":"disarm","access_code":"12a4"}"#, field: "access_code", says: "must be 4 to 6 digits"),
        InvalidBody("plain bypass", "bypass", field: "zones", says: "bypass needs zones or a profile"),
        InvalidBody("bypass without zones", #"{"code":"unbypass"}"#, field: "zones", says: "unbypass needs zones or a profile"),
        InvalidBody("bypass with no zone", #"{"code":"bypass","zones":[]}"#, field: "zones", says: "at least one zone"),
        InvalidBody("bypass of zone 65", #"{"code":"bypass","zones":[1,65]}"#, field: "zones", says: "between 1 and 64, got 65"),
        InvalidBody("bypass of zone 0", #"{"code":"bypass","zones":[0]}"#, field: "zones", says: "between 1 and 64, got 0"),
        InvalidBody("bypass of a zone twice", #"{"code":"bypass","zones":[3,3]}"#, field: "zones", says: "names a zone twice"),
        InvalidBody("zones as text", #"{"code":"bypass","zones":"5,6"}"#, field: "zones", says: "expected an array of integers"),
        InvalidBody("zones not integers", #"{"code":"bypass","zones":[5.5]}"#, field: "zones", says: "expected an array of integers"),
        InvalidBody("zones and profile", #"{"code":"bypass","zones":[5],"profile":"night"}"#, field: "profile", says: "not both"),
        InvalidBody("bad profile name", #"{"code":"bypass","profile":"night time"}"#, field: "profile", says: #"got "night time""#),
        InvalidBody("profile name with digits", #"{"code":"bypass","profile":"1234 x"}"#, field: "profile", says: "not shown"),
        InvalidBody("zones with arm", #"{"code":"arm","zones":[5]}"#, field: "zones", says: "only bypass and unbypass take zones"),
        InvalidBody("profile with a raw code", #"{"code":"071","profile":"night"}"#, field: "profile", says: "only bypass and unbypass"),
        InvalidBody("access code as a number", #"{"code":"disarm","access_code":1234}"#, field: "access_code", says: "expected a string"),
    ]

    @Test(arguments: invalidBodies)
    func rejectsWithTheFieldAtFault(_ invalid: InvalidBody) {
        invalid.expectRejected { body throws(FormatError) in _ = try AlarmCommand.decode(job: body) }
    }

    @Test func errorsNeverQuoteRawData() {
        let secret = "7391"
        for body in [
            #"{"code":"040","data":\#(secret)}"#,
            #"{"code":"040","data":"\#(secret)\u0007"}"#,
            #"{"code":"disarm","data":"\#(secret)"}"#,
            #"{"code":"040\#(secret)"}"#,
            #"{"code":"040","data":"\#(secret)""#,
            "disarm \(secret)",
            #"{"code":"disarm","access_code":\#(secret)}"#,
            #"{"code":"disarm","access_code":"\#(secret)7777"}"#,
            #"{"code":"arm","access_code":"\#(secret)"}"#,
        ] {
            let error = formatError { () throws(FormatError) in _ = try AlarmCommand.decode(job: body) }
            #expect(error != nil, "\(body) decoded")
            #expect(error?.description.contains(secret) == false, "\(error?.description ?? "")")
        }
    }

    @Test func anAccessCodeNeverShowsInTextOrReflection() {
        let command = AlarmCommand.simple(.disarm, accessCode: Secret("7391"))
        for text in [String(describing: command), String(reflecting: command), { var out = ""; dump(command, to: &out); return out }()] {
            #expect(!text.contains("7391"), "\(text)")
        }
    }

    @Test func validateChecksConstructedCommands() {
        #expect(throws: Never.self) { try AlarmCommand(action: .raw(code: "040", data: "11234")).validate() }
        #expect(throws: FormatError.self) { try AlarmCommand(action: .raw(code: "40", data: "")).validate() }
        #expect(throws: FormatError(field: "partition", reason: "must be between 1 and 8, got 0")) {
            try AlarmCommand.simple(.arm, partition: 0).validate()
        }
    }
}
