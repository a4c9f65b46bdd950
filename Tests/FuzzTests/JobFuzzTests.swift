import AlarmCore
import TestSupport
import Testing

/// The event and command decoders under hostile job bodies (``JSONFuzzInputs``): nothing
/// crashes or hangs, whatever decodes survives a round trip through the canonical JSON form,
/// and every error is short and never quotes an access code. 20,000 inputs each here;
/// ``JobFuzzSoakTests`` (`make soak`) tries a million.
@Suite("job fuzzing")
struct JobFuzzTests {
    @Test func eventDecoderSurvivesHostileJobs() {
        let tally = JobFuzzHarness.events(inputs: 20_000, seed: 0x4556_454E_54)
        print("event job fuzz: \(tally)")
        #expect(tally.decoded > 500 && tally.rejected > 10_000, "\(tally)")
    }

    @Test func commandDecoderSurvivesHostileJobs() {
        let tally = JobFuzzHarness.commands(inputs: 20_000, seed: 0x434F_4D4D_414E_44)
        print("command job fuzz: \(tally)")
        #expect(tally.decoded > 500 && tally.rejected > 10_000, "\(tally)")
    }
}

/// A million hostile bodies for each decoder, with other seeds; run by `make soak`.
@Suite("job fuzzing soak", .soak)
struct JobFuzzSoakTests {
    @Test func aMillionHostileJobsEach() {
        let events = JobFuzzHarness.events(inputs: 1_000_000, seed: 0x534F_414B_45)
        let commands = JobFuzzHarness.commands(inputs: 1_000_000, seed: 0x534F_414B_43)
        print("job fuzz soak: events \(events); commands \(commands)")
        #expect(events.inputs + commands.inputs == 2_000_000)
    }
}

/// Runs ``JSONFuzzInputs`` into a decoder and checks each result.
enum JobFuzzHarness {
    /// What a run saw.
    struct Tally: CustomStringConvertible {
        var inputs = 0
        var decoded = 0
        var rejected = 0

        var description: String { "\(inputs) inputs, \(decoded) decoded, \(rejected) rejected" }
    }

    /// An access code in the templates: no error may quote it.
    static let accessCode = "739164"
    /// The longest error reason a hostile body may produce.
    static let longestReason = 300

    static let eventTemplates: [JSONFuzzInputs.Template] = [
        [("type", #""alarm""#), ("code", #""601""#), ("message", #""Zone alarm""#), ("raw", #""601100168""#),
         ("timestamp", "1700000000"), ("partition", "1"), ("zone", "168"), ("id", #""0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0""#),
         ("source", #""envisalink""#), ("sequence", "42")],
        [("type", #""disarmed""#), ("code", #""750""#), ("message", #""Disarmed by user 40""#), ("timestamp", #""1199145600""#),
         ("user", "40"), ("command_id", #""6a1c59d2-3b8e-4f0a-9c55-0d1e2f3a4b5c""#)],
        [("type", #""info""#), ("code", "321"), ("message", #""old""#), ("timestamp", "1199145600.5")],
    ]

    static let commandTemplates: [JSONFuzzInputs.Template] = [
        [("type", #""command""#), ("code", #""arm_stay""#), ("partition", "2"), ("id", #""0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0""#),
         ("source", #""howalarming-cli""#), ("timestamp", "1700000100")],
        [("type", #""command""#), ("code", #""040""#), ("data", "\"1\(accessCode)\""), ("message", #""disarm""#)],
        [("code", #""disarm""#)],
        [("type", #""command""#), ("code", #""disarm""#), ("partition", "1"), ("access_code", "\"\(accessCode)\"")],
    ]

    static func events(inputs: Int, seed: UInt64) -> Tally {
        run(inputs: inputs, templates: eventTemplates, seed: seed) { bytes throws(FormatError) in
            let event = try AlarmEvent.decode(json: bytes)
            #expect(try AlarmEvent.decode(json: event.jsonBytes()) == event, "round trip of \(String(decoding: bytes, as: UTF8.self))")
        }
    }

    static func commands(inputs: Int, seed: UInt64) -> Tally {
        run(inputs: inputs, templates: commandTemplates, seed: seed) { bytes throws(FormatError) in
            let command = try AlarmCommand.decode(job: bytes)
            #expect(try AlarmCommand.decode(job: command.jsonBytes()) == command, "round trip of \(String(decoding: bytes, as: UTF8.self))")
        }
    }

    /// Feeds `inputs` bodies to `decode`, which checks what decodes; checks every error.
    static func run(
        inputs: Int, templates: [JSONFuzzInputs.Template], seed: UInt64, decode: ([UInt8]) throws(FormatError) -> Void
    ) -> Tally {
        var generator = JSONFuzzInputs(templates: templates, seed: seed)
        var tally = Tally()
        for index in 0..<inputs {
            let (kind, bytes) = generator.next()
            tally.inputs += 1
            guard case .failure(let error) = Result(catching: { () throws(FormatError) in try decode(bytes) }) else {
                tally.decoded += 1
                continue
            }
            tally.rejected += 1
            let text = error.description
            guard text.utf8.count > longestReason || text.contains(accessCode) else { continue }
            Issue.record("input \(index) (\(kind), seed \(seed)): error \"\(text.prefix(200))…\" is too long or quotes the code")
            return tally
        }
        return tally
    }
}
