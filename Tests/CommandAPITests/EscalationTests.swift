import AlarmCore
import Beanstalk
import CommandAPITestSupport
import Foundation
import NIOCore
import TestSupport
import Testing

@testable import CommandAPI

/// `command.escalation`: an alarm nobody acknowledges escalates in steps at the configured
/// times, each an `info`/`escalation` event on every event tube and on the escalation tube, until
/// an acknowledgement, a disarm or the limit; a restart loses no step and repeats none.
@Suite("Escalation")
struct EscalationTests {
    /// Steps 2 s after the alarm, then every 4 s (room for a loaded machine to stop it between
    /// two), three at most.
    static let policy = "  escalation: {after: 2, repeat: 4, limit: 3}"

    /// The configuration: events on `command` (the API's own) and `log`.
    static func configuration(_ server: BeanstalkdServer, _ directory: TemporaryDirectory, policy: String = policy) throws
        -> HowAlarmingConfig
    {
        try HowAlarmingConfig.parse(
            yaml: APIStage.configurationText(port: server.port, directory: directory, events: ["command", "log"], extra: policy),
            path: nil, environment: [:])
    }

    /// Runs `body` with the API serving `policy`, its beanstalkd and database.
    static func run(
        policy: String = policy, _ body: (APIStage, HowAlarmingConfig) async throws -> Void
    ) async throws {
        try await withTemporaryDirectory { directory in
            try await withBeanstalkd { server in
                let configuration = try configuration(server, directory, policy: policy)
                try await APIStage.serve(configuration, server: server, directory: directory) { stage in
                    try await body(stage, configuration)
                }
            }
        }
    }

    /// Waits up to `timeout` for the next job on `tube`, deletes it and returns it as an event
    /// with the time it was taken (Unix ms); `nil` when none came.
    static func next(_ stage: some RunningAPI, on tube: String, timeout: Duration) async throws -> (AlarmEvent, Int64)? {
        let connection = try await BeanstalkConnection.connect(to: .tcp(host: stage.server.host, port: stage.server.port))
        defer { Task { await connection.close() } }
        _ = try await connection.watch(try TubeName(tube))
        _ = try await connection.ignore(try TubeName("default"))
        guard let job = try await connection.reserve(timeout: timeout) else { return nil }
        let taken = Date().unixMilliseconds
        try await connection.delete(job.id)
        return (try AlarmEvent.decode(json: String(buffer: job.body)), taken)
    }

    static func escalation(_ stage: APIStage, alarm: UUID) async throws -> EscalationStore.Escalation? {
        let store = EscalationStore(database: try CommandDatabase(path: stage.databasePath))
        let cursor = try await EventStore(database: try CommandDatabase(path: stage.databasePath))
            .events(after: 0, limit: 1000).first { $0.event.id == alarm }?.cursor
        guard let cursor else { return nil }
        return try await store.escalations(of: [cursor])[cursor]
    }

    /// When step `step` of `alarm`'s escalation was on the queue (Unix ms), once it is recorded:
    /// a consumer may take the step before the API records it.
    static func timeMade(_ step: Int, _ stage: APIStage, alarm: UUID) async throws -> Int64 {
        var made: Int64?
        try await waitUntil("step \(step) recorded") {
            made = try await escalation(stage, alarm: alarm)?.steps.first { $0.number == step }?.time
            return made != nil
        }
        return try #require(made)
    }

    static func putAlarm(_ stage: APIStage, partition: Int = 1, id: UUID = UUID()) async throws -> UUID {
        try await stage.put(eventJSON(
            "alarm", code: "601", sequence: 1, partition: partition, zone: 3, id: id, message: "Zone alarm: Hall"))
        return id
    }

    /// The alarm's escalation once it has begun, with its start time.
    static func started(_ stage: APIStage, alarm: UUID) async throws -> EscalationStore.Escalation {
        var found: EscalationStore.Escalation?
        try await waitUntil("the escalation to begin") {
            found = try await escalation(stage, alarm: alarm)
            return found != nil
        }
        return try #require(found)
    }

    @Test func theScheduleSpacesStepsAndMakesStepsThatFellDueTogetherOne() {
        let schedule = EscalationSchedule(policy: EscalationConfig(after: 60, repeat: 120, limit: 3))
        #expect((1...3).map { schedule.due(step: $0, start: 1_000) } == [61_000, 181_000, 301_000])
        #expect(schedule.end(start: 1_000) == 301_000)
        #expect(schedule.nextStep(after: 0, start: 1_000, now: 0) == 1, "none due yet: the next")
        #expect(schedule.nextStep(after: 0, start: 1_000, now: 61_000) == 1)
        #expect(schedule.nextStep(after: 0, start: 1_000, now: 181_000) == 2, "1 and 2 due together: one step, 2")
        #expect(schedule.nextStep(after: 1, start: 1_000, now: 999_000) == 3)
        #expect(schedule.nextStep(after: 3, start: 1_000, now: 999_000) == nil, "the limit")
    }

    @Test func anAlarmNobodyAcknowledgesEscalatesAtTheConfiguredTimesThenStopsAtTheLimit() async throws {
        // Step 1 at 8 s: after the first seconds of a test run, when every suite starts at once and
        // a step's timer once resumed 1.1 s late on the two cores.
        try await Self.run(policy: "  escalation: {after: 8, repeat: 4, limit: 3}") { stage, _ in
            let alarm = try await Self.putAlarm(stage)
            let start = try await Self.started(stage, alarm: alarm).start
            let schedule = EscalationSchedule(policy: EscalationConfig(after: 8, repeat: 4, limit: 3))
            for step in 1...3 {
                let (event, taken) = try #require(
                    try await Self.next(stage, on: "escalation", timeout: .seconds(10)), "step \(step) on the escalation tube")
                let made = try await Self.timeMade(step, stage, alarm: alarm)
                let due = schedule.due(step: step, start: start)
                print("[escalation] step \(step) on the queue \(made - due) ms after its time, taken from it \(taken - due) ms after")
                // Both times come after the put: the earlier of them bounds when the step was on the
                // queue (on a loaded machine either side may resume late: 1019 ms recorded once, for
                // a step a consumer had taken 881 ms after its time).
                let onTheQueueBy = min(made, taken)
                #expect(onTheQueueBy >= due && onTheQueueBy - due <= 1000, "step \(step) was put \(onTheQueueBy - due) ms from its time")
                #expect(event.type == .info && event.code == "escalation")
                #expect(event.raw == alarm.uuidString.lowercased())
                #expect(event.message == "Alarm not acknowledged after \(4 * step + 4) s (escalation \(step) of 3): Zone alarm: Hall")
                #expect(event.partition == 1 && event.zone == 3 && event.source == "howalarming-command")
                #expect(event.id == EscalationEvent.id(of: step, escalating: alarm))
                let logged = try #require(try await Self.next(stage, on: "log", timeout: .seconds(0)), "the step on the log tube")
                #expect(logged.0 == event)
            }
            let escalation = try #require(try await Self.escalation(stage, alarm: alarm))
            #expect(escalation.steps.map(\.number) == [1, 2, 3])
            #expect(escalation.stop?.reason == "limit reached: 3 steps")

            let read = try await stage.token(.read)
            let shown = try await PushReportTests.alarms(stage, read).first {
                ($0["event"] as? [String: Any])?["id"] as? String == alarm.uuidString.lowercased()
            }
            let document = try #require(shown?["escalation"] as? [String: Any], "GET /v1/deliveries shows the escalation")
            #expect((document["steps"] as? [[String: Any]])?.compactMap { $0["step"] as? Int } == [1, 2, 3])
            #expect(document["stop_reason"] as? String == "limit reached: 3 steps")
        }
    }

    @Test func anAcknowledgementStopsItAtOnce() async throws {
        try await Self.run { stage, _ in
            let alarm = try await Self.putAlarm(stage)
            _ = try #require(try await Self.next(stage, on: "escalation", timeout: .seconds(10)), "step 1")
            let control = try await stage.token(.control, name: "kitchen-tablet")
            let acknowledged = try await stage.request(.POST, AlarmAckTests.path(alarm), token: control)
            #expect(acknowledged.status == 200, "\(acknowledged)")
            try await Self.expectStopped(stage, alarm: alarm, reason: "acknowledged by kitchen-tablet")
        }
    }

    /// Expects the escalation of `alarm`, `step` steps made, to stop within 2 s for `reason`, and
    /// the next step (due 4 s after the last) never to come.
    static func expectStopped(_ stage: APIStage, alarm: UUID, reason: String, after step: Int = 1) async throws {
        try await waitUntil("the escalation to stop", timeout: .seconds(2)) {
            try await Self.escalation(stage, alarm: alarm)?.stop != nil
        }
        #expect(try await Self.escalation(stage, alarm: alarm)?.stop?.reason == reason)
        // Watched until a second past the next step's time.
        let nextDue = try await timeMade(step, stage, alarm: alarm) + 4000
        let watch = max(1, (nextDue + 1000 - Date().unixMilliseconds + 999) / 1000)
        #expect(try await Self.next(stage, on: "escalation", timeout: .seconds(watch)) == nil)
    }

    /// Another partition's disarm changes nothing; the partition's own `disarmed` stops it.
    @Test func aDisarmOfThePartitionStopsIt() async throws {
        try await Self.run { stage, _ in
            let alarm = try await Self.putAlarm(stage, partition: 2)
            _ = try #require(try await Self.next(stage, on: "escalation", timeout: .seconds(10)), "step 1")
            try await stage.put(eventJSON("disarmed", code: "655", sequence: 2, partition: 1))
            _ = try #require(
                try await Self.next(stage, on: "escalation", timeout: .seconds(10)), "step 2: partition 1's disarm stopped partition 2's alarm")
            #expect(try await Self.escalation(stage, alarm: alarm)?.stop == nil, "partition 1's disarm stopped partition 2's alarm")
            try await stage.put(eventJSON("disarmed", code: "655", sequence: 3, partition: 2))
            try await Self.expectStopped(stage, alarm: alarm, reason: "partition 2 disarmed", after: 2)
        }
    }

    /// The panel saying the partition is ready (`650`: only a disarmed partition is) stops it too.
    @Test func thePartitionReadyAgainStopsIt() async throws {
        try await Self.run { stage, _ in
            let alarm = try await Self.putAlarm(stage)
            _ = try #require(try await Self.next(stage, on: "escalation", timeout: .seconds(10)), "step 1")
            try await stage.put(eventJSON("info", code: "609", sequence: 2, partition: 1, zone: 2))
            _ = try #require(try await Self.next(stage, on: "escalation", timeout: .seconds(10)), "step 2: a zone opening stopped it")
            #expect(try await Self.escalation(stage, alarm: alarm)?.stop == nil, "a zone opening stopped it")
            try await stage.put(eventJSON("info", code: "650", sequence: 3, partition: 1))
            try await Self.expectStopped(stage, alarm: alarm, reason: "partition 1 disarmed", after: 2)
        }
    }

    @Test func theTokenOfAStepsNotificationAcknowledgesTheAlarm() async throws {
        try await Self.run { stage, _ in
            let alarm = try await Self.putAlarm(stage)
            let (step, _) = try #require(try await Self.next(stage, on: "escalation", timeout: .seconds(10)), "step 1")
            let stepID = try #require(step.id)
            try await stage.put(PushReportTests.devicesReport(time: 1), on: "push-reports")
            try await stage.put(AlarmAckTests.report(stepID, AlarmAckTests.anna, token: AlarmAckTests.annasToken), on: "push-reports")
            // The phone acknowledges at the alarm's path, as the step's notification says.
            let answer = try await stage.request(.POST, AlarmAckTests.path(alarm), token: AlarmAckTests.annasToken)
            #expect(answer.status == 200, "\(answer)")
            #expect(try answer.json["by"] as? String == "Anna's iPhone")
            try await waitUntil("the escalation to stop", timeout: .seconds(2)) {
                try await Self.escalation(stage, alarm: alarm)?.stop != nil
            }
            #expect(try await Self.escalation(stage, alarm: alarm)?.stop?.reason == "acknowledged by Anna's iPhone")
            // The token is for this alarm only.
            let other = try await Self.putAlarm(stage, partition: 3)
            let refused = try await stage.request(.POST, AlarmAckTests.path(other), token: AlarmAckTests.annasToken)
            #expect(refused.status == 403, "\(refused)")
        }
    }

    @Test func aSecondAlarmOfThePartitionIsTheSameIncidentAndItsAcknowledgementStopsTheEscalation() async throws {
        // Step 1 well after the acknowledgement, even on a loaded machine.
        try await Self.run(policy: "  escalation: {after: 8, repeat: 2, limit: 3}") { stage, _ in
            let first = try await Self.putAlarm(stage)
            _ = try await Self.started(stage, alarm: first)
            let second = try await Self.putAlarm(stage)
            let control = try await stage.token(.control, name: "kitchen-tablet")
            #expect(try await stage.request(.POST, AlarmAckTests.path(second), token: control).status == 200)
            try await waitUntil("the escalation to stop", timeout: .seconds(2)) {
                try await Self.escalation(stage, alarm: first)?.stop != nil
            }
            #expect(try await Self.escalation(stage, alarm: first)?.stop?.reason == "acknowledged by kitchen-tablet")
            #expect(try await Self.escalation(stage, alarm: second) == nil, "one escalation per incident")
            #expect(try await Self.escalation(stage, alarm: first)?.steps.isEmpty == true, "no step was due yet")
        }
    }

    @Test func aRestartMidWayLosesNoStepAndRepeatsNone() async throws {
        try await withTemporaryDirectory { directory in
            try await withBeanstalkd { server in
                // Step 2 comes 5 s after step 1: time to stop and start again (a consumer's graceful stop
                // waits out its reserve), so that it is the restarted daemon that makes it on time.
                let configuration = try Self.configuration(server, directory, policy: "  escalation: {after: 2, repeat: 5, limit: 3}")
                let alarm = try await APIStage.serve(configuration, server: server, directory: directory) { stage in
                    let alarm = try await Self.putAlarm(stage)
                    let (first, _) = try #require(try await Self.next(stage, on: "escalation", timeout: .seconds(10)))
                    #expect(first.message.contains("escalation 1 of 3"))
                    return alarm
                }
                // Stopped between steps 1 and 2; started again, it goes on from step 2 at its time.
                try await APIStage.serve(configuration, server: server, directory: directory) { stage in
                    let start = try #require(try await Self.escalation(stage, alarm: alarm)).start
                    let schedule = EscalationSchedule(policy: configuration.command.escalation)
                    for step in 2...3 {
                        let (event, _) = try #require(try await Self.next(stage, on: "escalation", timeout: .seconds(10)))
                        #expect(event.id == EscalationEvent.id(of: step, escalating: alarm))
                        let made = try await Self.timeMade(step, stage, alarm: alarm)
                        // At its time, not at the restart (seconds before step 2 is due); late
                        // only by what a loaded machine adds (1.25 s once, under three CPU burners).
                        let late = made - schedule.due(step: step, start: start)
                        #expect(late >= -1000 && late <= 3000, "step \(step) made \(late) ms after it was due")
                    }
                    #expect(try await Self.next(stage, on: "escalation", timeout: .seconds(0)) == nil, "no step repeated")
                }
            }
        }
    }

    /// Serves until an alarm's escalation has begun, then stops the daemon; returns the alarm and
    /// the escalation's start (Unix ms). Steps 5 s after the alarm at the earliest, so that even a
    /// loaded machine has stopped the daemon before step 1.
    static func stopped(afterAnAlarm configuration: HowAlarmingConfig, _ server: BeanstalkdServer, _ directory: TemporaryDirectory)
        async throws -> (alarm: UUID, start: Int64)
    {
        let (alarm, start) = try await APIStage.serve(configuration, server: server, directory: directory) { stage in
            let alarm = try await Self.putAlarm(stage)
            return (alarm, try await Self.started(stage, alarm: alarm).start)
        }
        let database = try CommandDatabase(path: directory.appending("command.sqlite"))
        let cursor = try #require(try await EventStore(database: database).events(after: 0, limit: 10).first { $0.event.id == alarm }?.cursor)
        let made = try await EscalationStore(database: database).escalations(of: [cursor])[cursor]?.steps
        try #require(made?.isEmpty == true, "the daemon took longer than 5 s to stop: the test needs a step due after it stopped")
        return (alarm, start)
    }

    /// Sleeps until `time` (Unix ms).
    static func sleep(until time: Int64) async throws {
        try await Task.sleep(for: .milliseconds(max(0, time - Date().unixMilliseconds)))
    }

    /// The step number of an escalation event of `alarm`.
    static func stepNumber(of event: AlarmEvent, escalating alarm: UUID) -> Int? {
        (1...100).first { EscalationEvent.id(of: $0, escalating: alarm) == event.id }
    }

    /// Steps that fell due while the daemon was stopped are one step at start-up, the last of them:
    /// people get one more alert, not a burst of them at the same moment.
    @Test func stepsThatFellDueWhileTheDaemonWasStoppedAreOneStepAtStartUp() async throws {
        try await withTemporaryDirectory { directory in
            try await withBeanstalkd { server in
                let configuration = try Self.configuration(server, directory, policy: "  escalation: {after: 5, repeat: 1, limit: 20}")
                let (alarm, start) = try await Self.stopped(afterAnAlarm: configuration, server, directory)
                // Steps 1 to 3 (5, 6 and 7 s after the alarm) fall due while it is stopped.
                try await Self.sleep(until: start + 7_500)
                try await APIStage.serve(configuration, server: server, directory: directory) { stage in
                    let (late, _) = try #require(try await Self.next(stage, on: "escalation", timeout: .seconds(5)))
                    let first = try #require(Self.stepNumber(of: late, escalating: alarm))
                    #expect(first >= 3, "step \(first) first: the steps due at start-up were not made one")
                    // The step is put before it is recorded: read the record once it is there.
                    _ = try await Self.timeMade(first, stage, alarm: alarm)
                    let made = try await Self.escalation(stage, alarm: alarm)?.steps.map(\.number)
                    #expect(made?.first == first, "steps \(made ?? []) made at start-up")
                    let (following, _) = try #require(try await Self.next(stage, on: "escalation", timeout: .seconds(5)))
                    #expect(Self.stepNumber(of: following, escalating: alarm) == first + 1, "then at its time, the next one")
                }
            }
        }
    }

    /// A disarm that waited on the API's tube while the daemon was stopped is stored before a step
    /// that fell due meanwhile could be made: nobody is texted about an alarm already disarmed.
    @Test func aDisarmQueuedWhileTheDaemonWasStoppedStopsItBeforeAnOverdueStep() async throws {
        try await withTemporaryDirectory { directory in
            try await withBeanstalkd { server in
                let configuration = try Self.configuration(server, directory, policy: "  escalation: {after: 5, repeat: 60, limit: 2}")
                let (alarm, start) = try await Self.stopped(afterAnAlarm: configuration, server, directory)
                // While it is stopped, step 1 falls due and the partition is disarmed.
                try await Self.sleep(until: start + 5_500)
                let client = try RawBeanstalkClient(server)
                _ = try client.put(Array(eventJSON("disarmed", code: "655", sequence: 2, partition: 1).utf8), in: "command")
                client.close()
                try await APIStage.serve(configuration, server: server, directory: directory) { stage in
                    try await waitUntil("the escalation to stop") { try await Self.escalation(stage, alarm: alarm)?.stop != nil }
                    let escalation = try #require(try await Self.escalation(stage, alarm: alarm))
                    #expect(escalation.stop?.reason == "partition 1 disarmed")
                    #expect(escalation.steps.isEmpty, "step \(escalation.steps.map(\.number)) made for a disarmed partition")
                    #expect(try stage.take(from: "escalation") == nil)
                }
            }
        }
    }

    @Test func escalationOffMakesNoStep() async throws {
        try await Self.run(policy: "  escalation: {enabled: false, after: 1}") { stage, _ in
            let alarm = try await Self.putAlarm(stage)
            try await waitUntil("the alarm stored") {
                try await EventStore(database: try CommandDatabase(path: stage.databasePath)).events(after: 0, limit: 10)
                    .contains { $0.event.id == alarm }
            }
            #expect(try await Self.next(stage, on: "escalation", timeout: .seconds(2)) == nil)
            #expect(try await Self.escalation(stage, alarm: alarm) == nil)
        }
    }
}
