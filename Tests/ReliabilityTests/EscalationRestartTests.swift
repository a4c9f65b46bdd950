import AlarmCore
import Foundation
import PushMocks
import TestSupport
import Testing

/// An alarm nobody acknowledges, end to end on the built executables: every phone gets the
/// alarm, then each escalation step at its time, through a kill -9 of every daemon between two
/// steps; a disarm sent through the API stops it before the next step.
@Suite("escalation end to end")
struct EscalationRestartTests {
    static let after = 3
    static let interval = 8

    /// One step as the mock APNs received it: its event id and message, and when it first reached
    /// each phone, with the `apns-id`s it came with.
    struct Step {
        let id: String
        let message: String
        var firstArrival: [String: Date] = [:]
        var apnsIDs: [String: Set<String>] = [:]
    }

    /// The escalation steps APNs accepted, in the order they first arrived.
    static func steps(_ apns: MockAPNSServer) async -> [Step] {
        var steps: [Step] = []
        for request in await apns.requests() where request.replyStatus == 200 {
            guard let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any],
                object["code"] as? String == "escalation", let id = object["id"] as? String
            else { continue }
            let index = steps.firstIndex { $0.id == id } ?? {
                steps.append(Step(id: id, message: object["message"] as? String ?? ""))
                return steps.count - 1
            }()
            steps[index].firstArrival[request.deviceToken] = steps[index].firstArrival[request.deviceToken] ?? request.receivedAt
            steps[index].apnsIDs[request.deviceToken, default: []].insert(request.headers["apns-id"] ?? "")
        }
        return steps
    }

    static func reachedEveryPhone(_ steps: [Step], count: Int) -> Bool {
        steps.count >= count && steps.prefix(count).allSatisfy { $0.firstArrival.count == PipelineStage.phones }
    }

    @Test func everyStepReachesEveryPhoneOnceThroughARestartOfEveryDaemonAndADisarmStopsIt() async throws {
        let policy = "escalation: {after: \(Self.after), repeat: \(Self.interval), limit: 5}"
        try await PipelineStage.run(commandSettings: [policy]) { stage in
            var daemons = try await stage.startAll()
            let api = APIRequests(port: stage.apiPort, token: stage.apiToken)
            _ = try await api.send("POST", "/v1/commands", json: #"{"command":"arm"}"#)
            try await waitUntil("the partition armed", timeout: .seconds(30)) { stage.logged(#""type":"armed""#) }
            let control = try SimulatorControlConnection(port: stage.controlPort)
            defer { control.close() }
            try control.require("alarm 1")

            try await waitUntil("step 1 at every phone", timeout: .seconds(30)) {
                Self.reachedEveryPhone(await Self.steps(stage.apns), count: 1)
            }
            // A power cut between two steps: every daemon killed, then started again.
            for process in daemons.values {
                process.kill()
                _ = try await process.waitForExit()
            }
            daemons = try await stage.startAll()
            try await waitUntil("step 3 at every phone", timeout: .seconds(60)) {
                Self.reachedEveryPhone(await Self.steps(stage.apns), count: 3)
            }
            _ = try await api.send("POST", "/v1/commands", json: #"{"command":"disarm"}"#)
            try await waitUntil("the partition disarmed", timeout: .seconds(30)) { stage.logged(#""type":"disarmed""#) }
            // Step 4 would come `interval` seconds after step 3: it must not.
            let third = try #require(await Self.steps(stage.apns)[2].firstArrival.values.min())
            let stepFourDue = third.addingTimeInterval(Double(Self.interval) + 1.5)
            try await Task.sleep(for: .seconds(max(0, stepFourDue.timeIntervalSinceNow)))
            try await ShutdownCheck.stopAll(Array(daemons.values))

            let steps = await Self.steps(stage.apns)
            #expect(steps.count == 3, "\(steps.map(\.message))")
            for (number, step) in steps.enumerated() {
                #expect(step.message.contains("(escalation \(number + 1) of 5)"), "\(step.message)")
                #expect(step.apnsIDs.values.allSatisfy { $0.count == 1 }, "step \(number + 1) shown more than once on a phone")
            }
            for (earlier, later) in zip(steps, steps.dropFirst()) {
                for token in PipelineStage.phoneTokens {
                    let gap = try #require(later.firstArrival[token]).timeIntervalSince(try #require(earlier.firstArrival[token]))
                    #expect(abs(gap - Double(Self.interval)) <= 1, "\(later.message): \(gap) s after the step before")
                }
            }
            let gaps = zip(steps, steps.dropFirst()).compactMap { earlier, later in
                later.firstArrival.values.min().flatMap { end in earlier.firstArrival.values.min().map { end.timeIntervalSince($0) } }
            }
            ReliabilityReport.record(
                "escalation steps \(Self.interval) s apart, through a kill -9 of every daemon",
                gaps.map { String(format: "%.2f s", $0) }.joined(separator: ", "))
            let logged = await PipelineAudit.collect(logPath: stage.logPath, apns: stage.apns).logged
            #expect(logged.filter { $0.code == "escalation" }.count == 3, "each step logged once")
        }
    }
}
