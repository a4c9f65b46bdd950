import Foundation
import Testing
import CLITestSupport
import TestSupport

/// The example consumers in `examples/consumers/` and in docs/writing-a-consumer.md, run by
/// `howalarming consume --exec` against stand-ins for the services they talk to. One at a time:
/// each starts several Python processes.
@Suite(.serialized) struct ExampleConsumerTests {
    /// The Python to run the examples with, found (and checked, which takes a while) once.
    private static let python = Task { try await PythonPeer.find() }

    /// Runs `body` with a beanstalkd that puts events on `tube` (and on `reference`, a copy to
    /// compare with), and the Python to run the examples with.
    private func withTube(_ tube: String, _ body: (CLI, PythonPeer) async throws -> Void) async throws {
        let python = try await Self.python.value
        try await withCLI(events: ["reference", tube]) { cli in
            try await body(cli, python)
        }
    }

    /// Starts `consume --tube TUBE --exec PYTHON examples/consumers/SCRIPT` with `environment`.
    private func startExample(_ script: String, tube: String, cli: CLI, python: PythonPeer, environment: [String: String]) throws -> ChildProcess {
        try cli.startConsume(tube: tube, exec: [python.interpreter, PackageFiles.example(script)], environment: environment)
    }

    /// Puts a simulated event of `type` on every event tube; returns its id.
    private func simulate(_ cli: CLI, _ arguments: String...) async throws -> UUID {
        try #require(try await cli.run(arguments: ["simulate"] + arguments).printedID)
    }

    @Test func ntfySendsAlarmsAtUrgentPriorityAndSkipsInfo() async throws {
        let token = "tk_not-a-real-ntfy-token"
        try await withTube("ntfy") { cli, python in
            let ntfy = try await StandIn("http_standin.py", python: python)
            let consumer = try startExample("ntfy.py", tube: "ntfy", cli: cli, python: python, environment: [
                "NTFY_URL": "http://127.0.0.1:\(ntfy.port)/my-alarm", "NTFY_TOKEN": token,
            ])
            _ = try await simulate(cli, "info", "--message", "Zone open")
            _ = try await simulate(cli, "alarm", "--zone", "3", "--message", "Zone alarm")
            let alarm: RecordedRequest = try await ntfy.next()
            _ = try await simulate(cli, "armed")
            let armed: RecordedRequest = try await ntfy.next()
            let result = try await consumer.stop(once: "all three jobs are deleted") { try cli.queue.count("cmd-delete", in: "ntfy") == 3 }

            #expect(alarm.method == "POST" && alarm.path == "/my-alarm", "\(alarm.path)")
            #expect(alarm.body == "Zone alarm (zone 3)")
            #expect(alarm.headers["title"] == "HowAlarming: alarm")
            #expect(alarm.headers["priority"] == "urgent")
            #expect(alarm.headers["tags"] == "rotating_light")
            #expect(alarm.headers["authorization"] == "Bearer \(token)")
            #expect(armed.headers["priority"] == "low" && armed.headers["tags"] == "lock")
            #expect(result.status == .exited(0), "\(result)")
            #expect(!result.stderr.contains(token))
        }
    }

    @Test func pushoverSendsTheTokenAndUserOnlyToPushover() async throws {
        let (token, user) = ("azGDORePK8gMaC0QOYAMyEEuzJnyUi", "uQiRzpo4DXghDmr9QzzfQu27cmVRsG")
        try await withTube("pushover") { cli, python in
            let pushover = try await StandIn("http_standin.py", python: python)
            let consumer = try startExample("pushover.py", tube: "pushover", cli: cli, python: python, environment: [
                "PUSHOVER_URL": "http://127.0.0.1:\(pushover.port)/1/messages.json",
                "PUSHOVER_TOKEN": token, "PUSHOVER_USER": user,
            ])
            _ = try await simulate(cli, "alarm", "--zone", "2", "--message", "Zone alarm")
            let request: RecordedRequest = try await pushover.next()
            let result = try await consumer.stop(once: "the job is deleted") { try cli.queue.count("cmd-delete", in: "pushover") == 1 }

            #expect(request.method == "POST" && request.path == "/1/messages.json", "\(request.path)")
            #expect(request.headers["content-type"] == "application/x-www-form-urlencoded")
            let form = Dictionary(uniqueKeysWithValues: (URLComponents(string: "?" + request.body)?.queryItems ?? []).map {
                ($0.name, $0.value?.replacingOccurrences(of: "+", with: " ") ?? "")
            })
            #expect(form["token"] == token && form["user"] == user)
            #expect(form["title"] == "HowAlarming: alarm" && form["message"] == "Zone alarm (zone 2)")
            #expect(form["priority"] == "1" && form["timestamp"] != nil)
            #expect(!result.stderr.contains(token) && !result.stderr.contains(user))
        }
    }

    @Test func pushoverRefusingTheRequestBuriesTheEventWithItsReason() async throws {
        let token = "azGDORePK8gMaC0QOYAMyEEuzJnyUi"
        try await withTube("pushover") { cli, python in
            let pushover = try await StandIn(
                "http_standin.py", arguments: ["400", #"{"token":"invalid","errors":["application token is invalid"],"status":0}"#],
                python: python)
            let consumer = try startExample("pushover.py", tube: "pushover", cli: cli, python: python, environment: [
                "PUSHOVER_URL": "http://127.0.0.1:\(pushover.port)/1/messages.json", "PUSHOVER_TOKEN": token, "PUSHOVER_USER": "u1",
            ])
            _ = try await simulate(cli, "fault")
            let _: RecordedRequest = try await pushover.next()
            let result = try await consumer.stop(once: "the job is buried") { try cli.queue.count("current-jobs-buried", in: "pushover") == 1 }

            #expect(result.stderr.contains("Pushover answered HTTP 400: application token is invalid"), "\(result)")
            #expect(!result.stderr.contains(token))
        }
    }

    @Test func webhookPostsTheEventAsQueuedAndIsRetriedAfterAServerError() async throws {
        let authorization = "Bearer webhook-secret-1234"
        try await withTube("webhook") { cli, python in
            let webhook = try await StandIn("http_standin.py", arguments: ["500,200"], python: python)
            let consumer = try startExample("webhook.py", tube: "webhook", cli: cli, python: python, environment: [
                "WEBHOOK_URL": "http://127.0.0.1:\(webhook.port)/hooks/alarm", "WEBHOOK_AUTHORIZATION": authorization,
            ])
            let id = try await simulate(cli, "recovery", "--zone", "4")
            let failed: RecordedRequest = try await webhook.next()
            let delivered: RecordedRequest = try await webhook.next()
            let result = try await consumer.stop(once: "the job is deleted") { try cli.queue.count("cmd-delete", in: "webhook") == 1 }

            let queued = try #require(try cli.queue.takeAll(from: "reference").first, "the reference copy of the event")
            #expect(failed.body == queued && delivered.body == queued, "the body must be the event exactly as queued")
            #expect(delivered.path == "/hooks/alarm" && delivered.headers["content-type"] == "application/json")
            #expect(delivered.headers["authorization"] == authorization)
            #expect(delivered.headers["idempotency-key"] == id.uuidString.lowercased())
            #expect(result.stderr.contains("the webhook at 127.0.0.1 answered HTTP 500"), "\(result)")
            #expect(result.errorLines.contains { $0.contains("job released for another attempt") }, "\(result)")
            #expect(!result.stderr.contains("webhook-secret"))
        }
    }

    @Test func emailAlertSendsOneMessageToEveryRecipient() async throws {
        let password = "smtp-password-5678"
        try await withTube("email") { cli, python in
            let smtp = try await StandIn("smtp_standin.py", python: python)
            let consumer = try startExample("email_alert.py", tube: "email", cli: cli, python: python, environment: [
                "SMTP_HOST": "127.0.0.1", "SMTP_PORT": String(smtp.port), "SMTP_USER": "alarm", "SMTP_PASSWORD": password,
                "SMTP_FROM": "alarm@example.com", "SMTP_TO": "anna@example.com, ben@example.com",
            ])
            let id = try await simulate(cli, "alarm", "--zone", "3", "--message", "Zone alarm")
            let mail: RecordedMail = try await smtp.next()
            let result = try await consumer.stop(once: "the job is deleted") { try cli.queue.count("cmd-delete", in: "email") == 1 }

            #expect(mail.mail_from == "alarm@example.com")
            #expect(mail.rcpt_to == ["anna@example.com", "ben@example.com"])
            #expect(mail.auth?.user == "alarm" && mail.auth?.password == password, "the password must reach the server")
            #expect(mail.data.contains("Subject: [alarm] Zone alarm (zone 3)\r\n"), "\(mail.data)")
            #expect(mail.data.contains("Message-ID: <\(id.uuidString.lowercased())@howalarming>\r\n"), "\(mail.data)")
            #expect(mail.data.contains("To: anna@example.com, ben@example.com\r\n"), "\(mail.data)")
            #expect(result.status == .exited(0), "\(result)")
            #expect(!result.stderr.contains(password))
        }
    }

    @Test func greenstalkConsumerHandlesEventsBuriesBadJobsAndSkipsRepeats() async throws {
        try await withTube("example") { cli, python in
            let consumer = try ProcessRunner.start(
                python.interpreter, arguments: ["-u", PackageFiles.example("greenstalk_consumer.py")],
                environment: ["BEANSTALKD_PORT": String(cli.server.port), "CONSUMER_TUBE": "example"])
            _ = try await simulate(cli, "alarm", "--zone", "3", "--message", "Zone alarm")
            _ = try await consumer.awaitLine(containing: "alarm 601 Zone alarm zone 3")
            let alarm = try #require(try cli.queue.takeAll(from: "reference").first)
            try cli.queue.put(alarm, in: "example")
            let bad = try cli.queue.put("not json", in: "example")
            _ = try await simulate(cli, "info", "--message", "Zone open")
            _ = try await consumer.awaitLine(containing: "info 609 Zone open")
            let result = try await consumer.stop(once: "the bad job is buried") { try cli.queue.stats(job: bad)?["state"] == "buried" }

            #expect(result.status == .exited(0), "\(result)")
            #expect(result.lines == ["alarm 601 Zone alarm zone 3", "info 609 Zone open"], "the repeat must not be printed\n\(result)")
            #expect(result.stderr.contains("is not an event"), "\(result)")
            #expect(try cli.queue.count("cmd-delete", in: "example") == 3)
        }
    }

    @Test func theGreenstalkConsumerIsTheProgramInWritingAConsumer() throws {
        let program = try String(contentsOfFile: PackageFiles.example("greenstalk_consumer.py"), encoding: .utf8)
        let block = try #require(try PackageFiles.pythonBlocks(in: "docs/writing-a-consumer.md").first { $0.contains("import greenstalk") })
        #expect(block == program, "docs/writing-a-consumer.md and examples/consumers/greenstalk_consumer.py differ")
    }

    /// docs/writing-a-consumer.md's script consumer works as the document says.
    @Test func theScriptInWritingAConsumerWritesEachAlarmOnceAcrossRestarts() async throws {
        try await withTube("alarm-file") { cli, python in
            try await withTemporaryDirectory { directory in
                let script = directory.appending("alarm_file.py")
                let source = try #require(try PackageFiles.pythonBlocks(in: "docs/writing-a-consumer.md").first {
                    $0.contains("a HowAlarming script consumer")
                })
                try source.write(toFile: script, atomically: true, encoding: .utf8)
                let alarms = directory.appending("alarms.txt")
                let start = { try cli.startConsume(tube: "alarm-file", exec: [python.interpreter, script], environment: ["ALARM_FILE": alarms]) }

                let first = try start()
                _ = try #require(try await cli.run("simulate", "info").printedID)
                _ = try #require(try await cli.run("simulate", "alarm", "--zone", "3", "--message", "Zone alarm").printedID)
                #expect(try await first.stop(once: "both events are handled") { try cli.queue.count("cmd-delete", in: "alarm-file") == 2 }.status == .exited(0))

                let alarm = try #require(try cli.queue.takeAll(from: "reference").last)
                let repeated = try cli.queue.put(alarm, in: "alarm-file")
                let second = try start()
                let result = try await second.stop(once: "the repeat is deleted") { try cli.queue.stats(job: repeated) == nil }

                let event = try QueuedEvent(job: alarm)
                #expect(contents(of: alarms) == "\(event.timestamp) Zone alarm (zone 3)\n")
                #expect(result.stderr.contains("alarm \(try #require(event.id).uuidString.lowercased()) was written before"), "\(result)")
            }
        }
    }
}
