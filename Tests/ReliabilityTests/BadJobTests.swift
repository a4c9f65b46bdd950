import Foundation
import PushMocks
import TestSupport
import Testing

/// Hostile and broken jobs put straight onto every tube a daemon reads, between jobs it must
/// handle: each bad one is buried with its body intact and the reason in the daemon's log, each
/// good one (old-format events included) is handled, and no daemon stops.
@Suite("bad jobs")
struct BadJobTests {
    @Test func everyDaemonBuriesWhatItCannotReadAndKeepsWorking() async throws {
        try await PipelineStage.run { stage in
            let daemons = try await stage.startAll()
            let client = try RawBeanstalkClient(stage.server)
            var putBadJobs: [(id: Int, tube: String, job: BadJob)] = []
            for (tube, jobs) in BadJob.byTube {
                for job in jobs { putBadJobs.append((try client.put(job.body, in: tube), tube, job)) }
            }
            for tube in BadJob.eventTubes {
                for event in AcceptedEvent.all { try client.put(Array(event.body.utf8), in: tube) }
            }
            try client.put(Array(#"{"code":"arm","id":"6a1c59d2-3b8e-4f0a-9c55-0d1e2f3a4b5c"}"#.utf8), in: "commands")

            try await waitUntil("every bad job buried", timeout: .seconds(60)) {
                try putBadJobs.allSatisfy { try client.job($0.id)?.state == "buried" }
            }
            try await waitUntil("the good jobs handled", timeout: .seconds(60)) {
                try (BadJob.eventTubes + ["commands", "push-registrations"]).allSatisfy { try stage.hasNothingPending(tube: $0) }
                    && stage.logged(#""command_id":"6a1c59d2-3b8e-4f0a-9c55-0d1e2f3a4b5c""#)
            }
            for (id, tube, job) in putBadJobs {
                #expect(try client.job(id)?.body == job.body, "\(job.label) on \(tube): the buried body changed")
            }
            try await expectAcceptedEventsHandled(stage)
            for (daemon, process) in daemons {
                #expect(process.isRunning, "\(daemon) stopped:\n\(process.report)")
                let buriedLines = process.lines.filter { $0.contains("job buried") }
                for (id, tube, job) in putBadJobs where BadJob.reader(of: tube) == daemon {
                    let line = buriedLines.first { $0.contains("job_id=\(id) ") }
                    #expect(line?.contains(job.reason) == true, "\(daemon) on \(job.label): \(line ?? "no line for job \(id)")")
                }
                #expect(!process.lines.contains { $0.contains(PipelineStage.masterCode) }, "\(daemon) logged the master code")
            }
            try await ShutdownCheck.stopAll(Array(daemons.values))
            ReliabilityReport.record(
                "bad jobs on the daemons' tubes",
                "\(putBadJobs.count) buried with their reason, \(AcceptedEvent.all.count * BadJob.eventTubes.count) old-format or unusual events handled, no daemon stopped")
        }
    }

    /// Each accepted event is in the log, was pushed to every phone, and is in the API's history.
    private func expectAcceptedEventsHandled(_ stage: PipelineStage) async throws {
        let log = try String(contentsOfFile: stage.logPath, encoding: .utf8)
        let api = APIRequests(port: stage.apiPort, token: stage.apiToken)
        let history = try await api.send("GET", "/v1/events?limit=200")
        for event in AcceptedEvent.all {
            #expect(log.contains(event.marker), "\(event.label): not in the log")
            #expect(history.contains(event.marker), "\(event.label): not in the API's history")
            try await waitUntil("\(event.label) pushed to every phone", timeout: .seconds(30)) {
                let pushed = await stage.apns.requests().filter { String(decoding: $0.body, as: UTF8.self).contains(event.marker) }
                return Set(pushed.map(\.deviceToken)) == Set(PipelineStage.phoneTokens)
            }
        }
    }
}

/// A job body a daemon must bury, and part of the reason it must log.
struct BadJob: Sendable {
    let label: String
    let body: [UInt8]
    let reason: String

    init(_ label: String, _ body: String, says reason: String) {
        self.init(label, bytes: Array(body.utf8), says: reason)
    }

    init(_ label: String, bytes: [UInt8], says reason: String) {
        self.label = label
        self.body = bytes
        self.reason = reason
    }

    /// The event tubes of ``PipelineStage`` that a daemon reads.
    static let eventTubes = ["log", "push", "command"]

    static let byTube: [(tube: String, jobs: [BadJob])] =
        eventTubes.map { ($0, events) } + [("commands", commands), ("push-registrations", registrations)]

    /// The daemon that reads `tube`.
    static func reader(of tube: String) -> Daemon {
        switch tube {
        case "log": .log
        case "push", "push-registrations": .push
        case "command": .command
        default: .integrator
        }
    }

    static let events: [BadJob] = [
        BadJob("not JSON", "not json", says: "not valid JSON"),
        BadJob("an empty body", "", says: "empty body, expected a JSON object"),
        BadJob("invalid UTF-8", bytes: [0x7B, 0xFF, 0xFE, 0x7D], says: "not valid UTF-8"),
        BadJob("truncated JSON", #"{"type":"alarm","code":"#, says: "not valid JSON"),
        BadJob("an array", #"[{"type":"alarm","code":"609","timestamp":1}]"#, says: "expected a JSON object, got an array"),
        BadJob("60,000 nested arrays", String(repeating: "[", count: 60_000), says: "nested deeper than 32 levels"),
        BadJob("60 KB of garbage", String(repeating: "x", count: 60_000), says: "not valid JSON (60000 bytes)"),
        BadJob("an unknown event type", #"{"type":"burglary","code":"609","timestamp":1}"#, says: #"type: unknown event type "burglary""#),
        BadJob("a timestamp of letters", #"{"type":"alarm","code":"609","timestamp":"abc"}"#, says: "timestamp: expected an integer"),
        BadJob("a partition as a string", #"{"type":"alarm","code":"609","timestamp":1,"partition":"2"}"#, says: "partition: expected an integer"),
        BadJob("zone 500", #"{"type":"alarm","code":"609","timestamp":1,"zone":500}"#, says: "zone: must be between 1 and 128"),
        BadJob("no code", #"{"type":"alarm","timestamp":1}"#, says: "code: required field is missing"),
        BadJob(
            "the original integrator's command echo", #"{"type":"command","code":["0","4","0"],"timestamp":1}"#,
            says: "code: expected a string or an integer, got an array"),
        BadJob("a timestamp of 1e400", #"{"type":"alarm","code":"609","timestamp":1e400}"#, says: "timestamp: unreadable JSON value"),
    ]

    static let commands: [BadJob] = [
        BadJob("not JSON", "{arm}", says: "not valid JSON"),
        BadJob("an unknown command", #"{"code":"arm_night"}"#, says: #"code: expected a simple command"#),
        BadJob("a code in the command name", #"{"code":"disarm 739164"}"#, says: "code: expected a simple command"),
        BadJob("partition 9", #"{"code":"arm","partition":9}"#, says: "partition: must be between 1 and 8"),
        BadJob("data on a simple command", #"{"code":"disarm","data":"739164"}"#, says: "data"),
        BadJob("an event instead of a command", #"{"type":"alarm","code":"609","timestamp":1}"#, says: "type"),
    ]

    static let registrations: [BadJob] = [
        BadJob("not JSON", "register", says: "not valid JSON"),
        BadJob("an unknown type", #"{"type":"subscribe","token":"abc"}"#, says: #"type: unknown registration message type "subscribe""#),
        BadJob("no platform", #"{"type":"register","token":"abcd"}"#, says: "platform: required field is missing"),
        BadJob("a short APNs token", #"{"type":"register","platform":"ios","token":"abcd"}"#, says: "token: an APNs device token"),
    ]
}

/// An event that old or other producers may write and every daemon must handle as documented in
/// docs/event-format.md ("Compatibility"); ``marker`` is its message.
struct AcceptedEvent: Sendable {
    let label: String
    let body: String
    let marker: String

    static let all: [AcceptedEvent] = [
        AcceptedEvent(
            label: "the original README's sample (timestamp as a string, no id)",
            body: #"{"type": "alarm", "code": "609", "message": "old-format-sample", "raw": "609001", "timestamp": "1199145600"}"#,
            marker: "old-format-sample"),
        AcceptedEvent(
            label: "an integer code, a fractional timestamp, unknown fields and an upper-case id",
            body: #"{"type":"fault","code":840,"message":"lenient-reader-sample","timestamp":1700000000.75,"#
                + #""colour":"red","id":"9F8E7D6C-5B4A-4392-8170-6F5E4D3C2B1A"}"#,
            marker: "lenient-reader-sample"),
        AcceptedEvent(
            label: "a 60 KB message",
            body: #"{"type":"info","code":"1","timestamp":1,"message":"large-message-sample "#
                + String(repeating: "m", count: 60_000) + #""}"#,
            marker: "large-message-sample"),
    ]
}
