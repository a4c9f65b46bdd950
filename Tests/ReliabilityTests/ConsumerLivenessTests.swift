#if canImport(Glibc)
import Glibc
#endif
import AlarmCore
import Foundation
import PushMocks
import TestSupport
import Testing

/// Issue 20: the integrator reports a dead or hung consumer through the other consumers — the
/// log, a script consumer (`howalarming consume --exec`) — and never on the consumer's own tube.
@Suite("consumer liveness")
struct ConsumerLivenessTests {
    static let checkInterval = 1
    static let staleAfter = 3
    static let scriptTube = "script"

    /// The stage with the integrator checking every second, and a script consumer's tube.
    private func run(_ body: (PipelineStage) async throws -> Void) async throws {
        try await PipelineStage.run(
            extraEventTubes: [Self.scriptTube],
            integratorSettings: ["supervision: {check_interval: \(Self.checkInterval), stale_after: \(Self.staleAfter)}"],
            body)
    }

    /// Starts `howalarming consume --exec` on the script tube, appending each event to `output`.
    private func startScriptConsumer(_ stage: PipelineStage, output: String) async throws -> ChildProcess {
        let process = try ProcessRunner.start("/bin/sh", arguments: [
            "-c", #"exec "$0" consume --config "$1" --tube "$2" --exec /bin/sh -c 'cat >> "$0"; echo >> "$0"' "$3" 2>&1"#,
            try Executables.path("howalarming"), stage.configPath, Self.scriptTube, output,
        ], environment: PipelineStage.environment)
        _ = try await process.awaitLine(containing: "consuming", timeout: .seconds(30))
        return process
    }

    /// The `consumer` events about `tube` in a file of JSON lines (the log, the script's output).
    private static func consumerEvents(about tube: String, in path: String) -> [AlarmEvent] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let event = try? AlarmEvent.decode(json: String(line)), event.code == "consumer", event.raw == tube else { return nil }
            return event
        }
    }

    /// Waits for a `type` event about `tube` in every file of `paths`; returns how long it took from `start`.
    private static func waitFor(
        _ type: EventType, about tube: String, in paths: [String], since start: ContinuousClock.Instant, timeout: Duration = .seconds(30)
    ) async throws -> Duration {
        try await waitUntil("a \(type.rawValue) about the \(tube) consumer in \(paths)", timeout: timeout) {
            paths.allSatisfy { path in consumerEvents(about: tube, in: path).contains { $0.type == type } }
        }
        return .now - start
    }

    /// Every ready job of `tube` (reserved, checked, then released back): none may be about the tube's own consumer.
    private static func expectNothingAbout(_ tube: String, on stage: PipelineStage) throws {
        let client = try RawBeanstalkClient(stage.server)
        defer { client.close() }
        _ = try client.command("watch \(tube)")
        _ = try client.command("ignore default")
        var reserved: [String] = []
        while true {
            let reply = try client.request("reserve-with-timeout 0")
            guard reply.line.hasPrefix("RESERVED "), let body = reply.body else { break }
            reserved.append(String(reply.line.split(separator: " ")[1]))
            let event = try AlarmEvent.decode(json: body)
            #expect(!(event.code == "consumer" && event.raw == tube), "the \(tube) tube got an event about its own consumer: \(reply.bodyText ?? "")")
        }
        #expect(!reserved.isEmpty, "events should be waiting on \(tube)")
        for id in reserved { _ = try client.command("release \(id) 1024 0") }
    }

    @Test func aKilledPushConsumerIsReportedByTheLogAndAScriptWithinTwoIntervalsAndItsRestartRecovers() async throws {
        try await run { stage in
            let scriptOutput = stage.directory.appending("script-output.jsonl")
            // The consumers first: the integrator's first check comes one interval after its start.
            let log = try await stage.start(.log)
            var push = try await stage.start(.push)
            let script = try await startScriptConsumer(stage, output: scriptOutput)
            let integrator = try await stage.start(.integrator)
            // A few checks with everyone running: nothing to say about push.
            try await Task.sleep(for: .seconds(Self.checkInterval * 3))
            #expect(Self.consumerEvents(about: "push", in: stage.logPath).isEmpty)

            let control = try SimulatorControlConnection(port: stage.controlPort)
            defer { control.close() }
            let killed = ContinuousClock.now
            push.kill()
            _ = try await push.waitForExit()
            // Events for the phones wait meanwhile.
            try control.require("open 1")
            try control.require("close 1")
            let reported = try await Self.waitFor(.fault, about: "push", in: [stage.logPath, scriptOutput], since: killed)
            ReliabilityReport.record("push consumer killed → consumer fault in the log and a script consumer (check every 1 s)", ReliabilityReport.seconds(reported))
            #expect(reported <= .seconds(2 * Self.checkInterval), "reported after \(reported)")
            let fault = try #require(Self.consumerEvents(about: "push", in: stage.logPath).first)
            #expect(fault.type == .fault && fault.message.hasPrefix("push consumer not running: "), "\(fault)")
            #expect(fault.source == "howalarming-envisalink")
            #expect(Self.consumerEvents(about: "push", in: scriptOutput).map(\.id) == [fault.id], "one fault per outage")
            try Self.expectNothingAbout("push", on: stage)

            let restarted = ContinuousClock.now
            push = try await stage.start(.push)
            let recovered = try await Self.waitFor(.recovery, about: "push", in: [stage.logPath, scriptOutput], since: restarted)
            ReliabilityReport.record("push consumer restarted → consumer recovery in the log and a script consumer", ReliabilityReport.seconds(recovered))
            #expect(recovered <= .seconds(2 * Self.checkInterval) + .seconds(1), "recovered after \(recovered)")
            #expect(Self.consumerEvents(about: "push", in: stage.logPath).map(\.type) == [.fault, .recovery])
            // The restarted push consumer handled its tube: what it sent never was about itself.
            try await waitUntil("the push tube drained") { try stage.hasNothingPending(tube: "push") }
            #expect(!(await stage.apns.requests().contains { String(decoding: $0.body, as: UTF8.self).contains("push consumer") }))

            try await ShutdownCheck.stopAll([integrator, log, push, script])
        }
    }

    @Test func aHungLogConsumerHoldingItsTubeIsReportedStuckElsewhere() async throws {
        try await run { stage in
            let scriptOutput = stage.directory.appending("script-output.jsonl")
            let log = try await stage.start(.log)
            let push = try await stage.start(.push)
            let script = try await startScriptConsumer(stage, output: scriptOutput)
            let integrator = try await stage.start(.integrator)
            let control = try SimulatorControlConnection(port: stage.controlPort)
            defer { control.close() }

            log.signal(SIGSTOP)
            let stopped = ContinuousClock.now
            // Events pile up on the log tube while its consumer holds it, connection open.
            for _ in 0..<3 {
                try control.require("open 1")
                try control.require("close 1")
            }
            let reported = try await Self.waitFor(.fault, about: "log", in: [scriptOutput], since: stopped)
            ReliabilityReport.record("log consumer SIGSTOP (events waiting) → consumer fault, stuck (stale_after 3 s, check every 1 s)", ReliabilityReport.seconds(reported))
            #expect(reported <= .seconds(Self.staleAfter + 2 * Self.checkInterval), "reported after \(reported)")
            let fault = try #require(Self.consumerEvents(about: "log", in: scriptOutput).first)
            #expect(fault.message.hasPrefix("log consumer stuck: ") && fault.message.contains("events waiting since "), "\(fault)")
            try Self.expectNothingAbout("log", on: stage)

            let resumed = ContinuousClock.now
            log.signal(SIGCONT)
            let recovered = try await Self.waitFor(.recovery, about: "log", in: [scriptOutput], since: resumed)
            ReliabilityReport.record("log consumer SIGCONT → consumer recovery", ReliabilityReport.seconds(recovered))
            try await waitUntil("the log tube drained") { try stage.hasNothingPending(tube: "log") }
            #expect(Self.consumerEvents(about: "log", in: stage.logPath).isEmpty, "the log got events about its own consumer")

            try await ShutdownCheck.stopAll([integrator, log, push, script])
        }
    }
}
