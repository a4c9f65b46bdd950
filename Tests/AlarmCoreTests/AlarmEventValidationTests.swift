import AlarmCore
import Testing

/// Events that must be rejected, with errors that say which field is wrong and why.
struct AlarmEventValidationTests {
    /// A valid event body with `extra` fields added (they override the defaults).
    static func event(_ extra: String = "", type: String = #""alarm""#) -> String {
        #"{"type":\#(type),"code":"601","timestamp":1199145600\#(extra.isEmpty ? "" : ",")\#(extra)}"#
    }

    static let invalidBodies: [InvalidBody] = [
        InvalidBody("unknown type", event(type: #""burglary""#), field: "type", says: #"unknown event type "burglary"; expected one of command, info"#),
        InvalidBody("type of wrong kind", event(type: "5"), field: "type", says: "expected a string, got 5"),
        InvalidBody("missing type", #"{"code":"1","timestamp":1}"#, field: "type", says: "missing"),
        InvalidBody("missing code", #"{"type":"alarm","timestamp":1}"#, field: "code", says: "missing"),
        InvalidBody("null code", #"{"type":"alarm","code":null,"timestamp":1}"#, field: "code", says: "missing"),
        InvalidBody("code of wrong kind", #"{"type":"alarm","code":true,"timestamp":1}"#, field: "code", says: "got true"),
        InvalidBody("fractional code", #"{"type":"alarm","code":6.5,"timestamp":1}"#, field: "code", says: "got 6.5"),
        InvalidBody("missing timestamp", #"{"type":"alarm","code":"1"}"#, field: "timestamp", says: "missing"),
        InvalidBody("text timestamp", #"{"type":"alarm","code":"1","timestamp":"abc"}"#, field: "timestamp", says: #"expected an integer number of seconds, got "abc""#),
        InvalidBody("empty timestamp", #"{"type":"alarm","code":"1","timestamp":""}"#, field: "timestamp", says: #"got """#),
        InvalidBody("negative timestamp", #"{"type":"alarm","code":"1","timestamp":-5}"#, field: "timestamp", says: "must not be negative, got -5"),
        InvalidBody("negative text timestamp", #"{"type":"alarm","code":"1","timestamp":"-5"}"#, field: "timestamp", says: "must not be negative"),
        InvalidBody("enormous timestamp", #"{"type":"alarm","code":"1","timestamp":1e300}"#, field: "timestamp", says: "expected an integer number of seconds"),
        InvalidBody("array timestamp", #"{"type":"alarm","code":"1","timestamp":[1]}"#, field: "timestamp", says: "got an array"),
        InvalidBody("partition 0", event(#""partition":0"#), field: "partition", says: "must be between 1 and 8, got 0"),
        InvalidBody("partition 9", event(#""partition":9"#), field: "partition", says: "must be between 1 and 8, got 9"),
        InvalidBody("partition as text", event(#""partition":"2""#), field: "partition", says: #"expected an integer, got "2""#),
        InvalidBody("fractional partition", event(#""partition":1.5"#), field: "partition", says: "expected an integer"),
        InvalidBody("zone 0", event(#""zone":0"#), field: "zone", says: "must be between 1 and 128"),
        InvalidBody("zone 129", event(#""zone":129"#), field: "zone", says: "got 129"),
        InvalidBody("zone beyond Int", event(#""zone":18446744073709551615"#), field: "zone", says: "expected an integer"),
        InvalidBody("user 0", event(#""user":0"#), field: "user", says: "must be between 1 and 9999"),
        InvalidBody("user 10000", event(#""user":10000"#), field: "user", says: "got 10000"),
        InvalidBody("negative sequence", event(#""sequence":-1"#), field: "sequence", says: "non-negative integer"),
        InvalidBody("bad uuid", event(#""id":"not-a-uuid""#), field: "id", says: #"got "not-a-uuid""#),
        InvalidBody("uuid of wrong kind", event(#""command_id":5"#), field: "command_id", says: "expected a UUID"),
        InvalidBody("zone name of wrong kind", event(#""zone_name":{}"#), field: "zone_name", says: "got an object"),
        InvalidBody("message of wrong kind", event(#""message":12"#), field: "message", says: "expected a string"),
        InvalidBody("source of wrong kind", event(#""source":false"#), field: "source", says: "got false"),
        InvalidBody("bad string escape", event(#""raw":"a\sb""#), field: "raw", says: "unreadable JSON value"),
        InvalidBody("JSON array", "[1, 2]", field: nil, says: "expected a JSON object, got an array"),
        InvalidBody("JSON string", #""alarm""#, field: nil, says: #"expected a JSON object, got "alarm""#),
        InvalidBody("JSON number", "42", field: nil, says: "got 42"),
        InvalidBody("JSON null", "null", field: nil, says: "got null"),
        InvalidBody("not JSON", "hello world", field: nil, says: "not valid JSON"),
        InvalidBody("truncated JSON", #"{"type":"alarm","#, field: nil, says: "not valid JSON"),
        InvalidBody("trailing garbage", event() + " x", field: nil, says: "not valid JSON"),
        InvalidBody("invalid UTF-8", bytes: [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x7D], field: nil, says: "not valid UTF-8"),
        InvalidBody("lone continuation byte", bytes: [0x80], field: nil, says: "not valid UTF-8"),
        InvalidBody("empty body", "", field: nil, says: "empty body"),
        InvalidBody("blank body", " \r\n\t", field: nil, says: "empty body"),
        InvalidBody("deeply nested arrays", String(repeating: "[", count: 100_000), field: nil, says: "not valid JSON"),
        InvalidBody(
            "deeply nested field", event(#""x":"# + String(repeating: #"{"a":"#, count: 50_000)),
            field: nil, says: "not valid JSON"
        ),
    ]

    @Test(arguments: invalidBodies)
    func rejectsWithTheFieldAtFault(_ invalid: InvalidBody) {
        invalid.expectRejected { body throws(FormatError) in _ = try AlarmEvent.decode(json: body) }
    }

    @Test func describesTheErrorAsFieldColonReason() {
        #expect(throws: FormatError(field: "timestamp", reason: #"expected an integer number of seconds, got "abc""#)) {
            try AlarmEvent.decode(json: #"{"type":"info","code":"1","timestamp":"abc"}"#)
        }
        let error = FormatError(field: "timestamp", reason: #"expected an integer number of seconds, got "abc""#)
        #expect(error.description == #"timestamp: expected an integer number of seconds, got "abc""#)
        #expect(FormatError(field: nil, reason: "body is not valid UTF-8").description == "body is not valid UTF-8")
    }

    @Test func reportsTheTypeBeforeOtherFields() {
        let error = formatError { () throws(FormatError) in _ = try AlarmEvent.decode(json: #"{"type":"nope"}"#) }
        #expect(error?.field == "type")
    }

    @Test func quotesOnlyAShortExcerptOfHugeValues() {
        let huge = String(repeating: "x", count: 1_000_000)
        for body in [Self.event(#""partition":"\#(huge)""#), huge, #"[""# + huge + #""]"#] {
            let error = formatError { () throws(FormatError) in _ = try AlarmEvent.decode(json: body) }
            #expect(error != nil)
            #expect((error?.description.count ?? 0) < 200, "\(error?.description.prefix(300) ?? "")")
        }
    }

    @Test func validateChecksConstructedEvents() {
        #expect(throws: Never.self) { try AlarmEventJSONTests.fullEvent.validate() }
        #expect(throws: FormatError(field: "partition", reason: "must be between 1 and 8, got 9")) {
            try AlarmEvent(type: .armed, code: "652", timestamp: 1, partition: 9).validate()
        }
        #expect(throws: FormatError(field: "timestamp", reason: "must not be negative, got -1")) {
            try AlarmEvent(type: .armed, code: "652", timestamp: -1).validate()
        }
    }
}
