import Foundation
import Testing
import CLITestSupport
import TestSupport

/// The escalation scripts `examples/consumers/twilio_sms.py` and `twilio_call.py`, run by
/// `howalarming consume --tube escalation --exec` against a real beanstalkd and
/// `Tests/Interop/twilio_standin.py`, which checks requests as Twilio does. One at a time: each
/// starts several Python processes.
@Suite(.serialized) struct EscalationConsumerTests {
    /// The Python to run the scripts with, found (and checked, which takes a while) once.
    private static let python = Task { try await PythonPeer.find() }

    static let tube = "escalation"
    static let account = "AC0123456789abcdef0123456789abcdef"
    static let token = "tw-not-a-real-auth-token-4f1e9a"
    static let sender = "+15017122661"
    static let recipients = ["+15558675310", "+15558675311"]
    /// Twilio's test number for an invalid `To`, which the stand-in refuses (error 21211).
    static let invalidNumber = "+15005550001"

    /// An escalation as `howalarming-command` puts it (docs/event-format.md), `age` seconds old.
    static func escalation(step: Int = 1, zoneName: String = "Front door", age: Int = 0) -> (id: String, body: String, message: String) {
        let id = UUID().uuidString.lowercased()
        let message = "Alarm not acknowledged after 60 s (escalation \(step) of 5): Zone alarm: \(zoneName)"
        let timestamp = Int(Date().timeIntervalSince1970) - age
        let body = #"{"type":"info","code":"escalation","message":"\#(message)","raw":"8c4e7d2a-1f0b-4a8e-9c3d-5b6a7e8f9012","timestamp":\#(timestamp),"id":"\#(id)","source":"howalarming-command","partition":1,"zone":1,"zone_name":"\#(zoneName)"}"#
        return (id, body, message)
    }

    /// Runs `body` with a beanstalkd, the Twilio stand-in answering `statuses` (for the valid
    /// requests; see twilio_standin.py) and the Python to run the scripts with.
    private func withTwilio(statuses: String = "201", _ body: (CLI, StandIn, PythonPeer) async throws -> Void) async throws {
        let python = try await Self.python.value
        try await withCLI { cli in
            let twilio = try await StandIn("twilio_standin.py", arguments: [Self.account, Self.token, statuses], python: python)
            try await body(cli, twilio, python)
        }
    }

    /// Starts `consume --tube escalation --exec PYTHON examples/consumers/SCRIPT` with the
    /// API at 127.0.0.1:`port` and the account's settings, `token` as the auth token.
    private func startScript(
        _ script: String, cli: CLI, port: Int, python: PythonPeer, to: [String] = recipients, token: String = token
    ) throws -> ChildProcess {
        try cli.startConsume(tube: Self.tube, exec: [python.interpreter, PackageFiles.example(script)], environment: [
            "TWILIO_API_URL": "http://127.0.0.1:\(port)", "TWILIO_ACCOUNT_SID": Self.account,
            "TWILIO_AUTH_TOKEN": token, "TWILIO_FROM": Self.sender, "TWILIO_TO": to.joined(separator: ", "),
        ])
    }

    /// The requests the stand-in has printed so far.
    private func requestCount(_ twilio: StandIn) -> Int {
        twilio.process.lines.filter { $0.hasPrefix("{") }.count
    }

    @Test func smsTextsTheEscalationToEveryRecipient() async throws {
        try await withTwilio { cli, twilio, python in
            let consumer = try startScript("twilio_sms.py", cli: cli, port: twilio.port, python: python)
            let escalation = Self.escalation()
            try cli.queue.put(escalation.body, in: Self.tube)
            let requests = [try await twilio.next(TwilioRequest.self), try await twilio.next(TwilioRequest.self)]
            let result = try await consumer.stop(once: "the job is deleted") { try cli.queue.count("cmd-delete", in: Self.tube) == 1 }

            #expect(requests.map(\.form["To"]).compactMap { $0 }.sorted() == Self.recipients)
            for request in requests {
                #expect(request.path == "/2010-04-01/Accounts/\(Self.account)/Messages.json", "\(request.path)")
                #expect(request.user == Self.account && request.status == 201, "\(request)")
                #expect(request.form["From"] == Self.sender)
                #expect(request.form["Body"] == "HowAlarming: \(escalation.message)")
            }
            #expect(requestCount(twilio) == 2, "one SMS per recipient")
            #expect(result.status == .exited(0), "\(result)")
            #expect(result.errorLines.filter { $0.contains("SMS to …") && $0.contains("accepted by Twilio") }.count == 2, "\(result)")
            #expect(!result.stderr.contains(Self.token))
        }
    }

    /// The requests run at once, but each recipient's line reaches the log whole: lines printed
    /// from the request threads ran into each other ("…5311 accepted by TwilioSMS to …5310
    /// accepted by Twilio", then an empty line) about once in three escalations to eight phones.
    @Test func manyRecipientsEachGetALineOfTheirOwnInTheLog() async throws {
        let recipients = (10..<26).map { "+155586753\($0)" }
        let escalations = 3
        try await withTwilio { cli, twilio, python in
            let consumer = try startScript("twilio_sms.py", cli: cli, port: twilio.port, python: python, to: recipients)
            for _ in 0..<escalations { try cli.queue.put(Self.escalation().body, in: Self.tube) }
            let result = try await consumer.stop(once: "every job is deleted") {
                try cli.queue.count("cmd-delete", in: Self.tube) == escalations
            }

            let logged = result.errorLines.filter { $0.contains("accepted by Twilio") }
            let whole = logged.filter { $0.hasSuffix("accepted by Twilio") && $0.components(separatedBy: "SMS to …").count == 2 }
            #expect(requestCount(twilio) == recipients.count * escalations)
            #expect(whole.count == recipients.count * escalations, "\(logged.filter { !whole.contains($0) })")
            #expect(!result.errorLines.contains { $0.contains("stream=stdout") && $0.hasSuffix("[ScriptConsumer] ") }, "an empty line")
        }
    }

    @Test func callSaysTheEscalationTwiceToEveryRecipientInEscapedTwiML() async throws {
        try await withTwilio { cli, twilio, python in
            let consumer = try startScript("twilio_call.py", cli: cli, port: twilio.port, python: python)
            let escalation = Self.escalation(zoneName: "Garage & <shed>")
            try cli.queue.put(escalation.body, in: Self.tube)
            let requests = [try await twilio.next(TwilioRequest.self), try await twilio.next(TwilioRequest.self)]
            let result = try await consumer.stop(once: "the job is deleted") { try cli.queue.count("cmd-delete", in: Self.tube) == 1 }

            let spoken = "HowAlarming: Alarm not acknowledged after 60 seconds (escalation 1 of 5): Zone alarm: Garage & <shed>"
            #expect(requests.map(\.form["To"]).compactMap { $0 }.sorted() == Self.recipients)
            for request in requests {
                #expect(request.path == "/2010-04-01/Accounts/\(Self.account)/Calls.json", "\(request.path)")
                #expect(request.user == Self.account && request.status == 201, "\(request)")
                #expect(request.form["From"] == Self.sender)
                #expect(request.said == [spoken, spoken], "\(request)")
                #expect(request.form["Twiml"]?.contains("Garage &amp; &lt;shed&gt;</Say>") == true, "\(request)")
            }
            #expect(requestCount(twilio) == 2, "one call per recipient")
            #expect(result.status == .exited(0), "\(result)")
            #expect(!result.stderr.contains(Self.token))
        }
    }

    @Test func otherEventsAndOldEscalationsSendNothing() async throws {
        try await withTwilio { cli, twilio, python in
            let consumer = try startScript("twilio_sms.py", cli: cli, port: twilio.port, python: python, to: [Self.recipients[0]])
            let now = Int(Date().timeIntervalSince1970)
            try cli.queue.put(#"{"type":"alarm","code":601,"message":"Zone alarm","timestamp":\#(now),"zone":1}"#, in: Self.tube)
            try cli.queue.put(#"{"type":"info","code":"canary","message":"Canary","timestamp":\#(now)}"#, in: Self.tube)
            let old = Self.escalation(age: 700)
            try cli.queue.put(old.body, in: Self.tube)
            let recent = Self.escalation(step: 2)
            try cli.queue.put(recent.body, in: Self.tube)
            let request = try await twilio.next(TwilioRequest.self)
            let result = try await consumer.stop(once: "all four jobs are deleted") { try cli.queue.count("cmd-delete", in: Self.tube) == 4 }

            #expect(request.form["Body"] == "HowAlarming: \(recent.message)", "the first SMS must be the recent escalation's")
            #expect(requestCount(twilio) == 1, "only the recent escalation is sent")
            #expect(result.errorLines.contains {
                $0.contains("escalation \(old.id) skipped: it is 70") && $0.hasSuffix("s old, more than ESCALATION_MAX_AGE (600 s)")
            }, "\(result)")
        }
    }

    @Test func aServerErrorIsRetriedWithoutPrintingTheToken() async throws {
        try await withTwilio(statuses: "503,201") { cli, twilio, python in
            let consumer = try startScript("twilio_sms.py", cli: cli, port: twilio.port, python: python, to: [Self.recipients[0]])
            try cli.queue.put(Self.escalation().body, in: Self.tube)
            let failed = try await twilio.next(TwilioRequest.self)
            let delivered = try await twilio.next(TwilioRequest.self)
            let result = try await consumer.stop(once: "the job is deleted") { try cli.queue.count("cmd-delete", in: Self.tube) == 1 }

            #expect(failed.status == 503 && delivered.status == 201)
            #expect(delivered.form == failed.form)
            #expect(result.stderr.contains("SMS to …5310 failed: Twilio answered HTTP 503 (error 20500: "), "\(result)")
            #expect(result.errorLines.contains { $0.contains("job released for another attempt") }, "\(result)")
            #expect(!result.stderr.contains(Self.token) && !result.stdout.contains(Self.token))
        }
    }

    @Test func anUnreachableTwilioIsRetried() async throws {
        let python = try await Self.python.value
        try await withCLI { cli in
            let closed = try ClosedPort()
            let consumer = try startScript("twilio_sms.py", cli: cli, port: closed.port, python: python, to: [Self.recipients[0]])
            let job = try cli.queue.put(Self.escalation().body, in: Self.tube)
            let result = try await consumer.stop(once: "the job is released") { try cli.queue.releases(ofJob: job) >= 1 }

            #expect(result.stderr.contains("SMS to …5310 failed: cannot reach Twilio at 127.0.0.1: "), "\(result)")
            #expect(result.errorLines.contains { $0.contains("job released for another attempt") }, "\(result)")
            #expect(!result.stderr.contains(Self.token))
        }
    }

    @Test func anInvalidNumberIsBuriedOnceTheOtherRecipientsAreCalled() async throws {
        try await withTwilio { cli, twilio, python in
            let consumer = try startScript(
                "twilio_call.py", cli: cli, port: twilio.port, python: python, to: [Self.invalidNumber, Self.recipients[0]])
            let job = try cli.queue.put(Self.escalation().body, in: Self.tube)
            let requests = [try await twilio.next(TwilioRequest.self), try await twilio.next(TwilioRequest.self)]
            let result = try await consumer.stop(once: "the job is buried") { try cli.queue.stats(job: job)?["state"] == "buried" }

            #expect(requests.first { $0.form["To"] == Self.recipients[0] }?.status == 201, "\(requests)")
            #expect(requests.first { $0.form["To"] == Self.invalidNumber }?.status == 400, "\(requests)")
            #expect(try cli.queue.releases(ofJob: job) == 0, "a refusal is not retried")
            #expect(result.stderr.contains("call to …0001 failed: Twilio answered HTTP 400 (error 21211: "), "\(result)")
            #expect(result.stderr.contains("1 of 2 recipients not reached"), "\(result)")
        }
    }

    @Test func aWrongTokenIsRefusedAndNeitherTokenIsPrinted() async throws {
        let wrongToken = "tw-an-old-auth-token-77c2d0"
        try await withTwilio { cli, twilio, python in
            let consumer = try startScript("twilio_sms.py", cli: cli, port: twilio.port, python: python, to: [Self.recipients[0]], token: wrongToken)
            let job = try cli.queue.put(Self.escalation().body, in: Self.tube)
            let request = try await twilio.next(TwilioRequest.self)
            let result = try await consumer.stop(once: "the job is buried") { try cli.queue.stats(job: job)?["state"] == "buried" }

            #expect(request.status == 401 && request.user == Self.account, "\(request)")
            #expect(result.stderr.contains("Twilio answered HTTP 401 (error 20003: Authenticate)"), "\(result)")
            for secret in [wrongToken, Self.token] {
                #expect(!result.stderr.contains(secret) && !result.stdout.contains(secret))
            }
        }
    }
}

/// A request twilio_standin.py received, and how it answered.
struct TwilioRequest: Decodable, CustomStringConvertible {
    var path: String
    /// The user of the request's Basic credentials (the account SID); `nil` without them.
    var user: String?
    /// The form fields.
    var form: [String: String]
    /// A call's `<Say>` texts, in order.
    var said: [String]
    /// The HTTP status it answered.
    var status: Int

    var description: String { "\(status) \(path) user=\(user ?? "-") form=\(form) said=\(said)" }
}
