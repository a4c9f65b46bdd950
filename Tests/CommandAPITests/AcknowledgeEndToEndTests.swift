import AlarmCore
import CommandAPITestSupport
import Foundation
import PushMocks
import TestSupport
import Testing

@testable import CommandAPI

/// The real push consumer (`howalarming-push`, sending to the mock APNs) and the command API: the
/// acknowledgement token in a delivered alarm's notification acknowledges it through the API, and
/// the acknowledgement reaches the other consumers' tubes as an event.
@Suite("Acknowledge from a notification, end to end")
struct AcknowledgeEndToEndTests {
    static let phone = String(repeating: "c3", count: 32)

    @Test func aDeliveredAlarmsTokenAcknowledgesItAndTheEventReachesTheLogTube() async throws {
        try await withTemporaryDirectory { directory in
            try await withBeanstalkd { server in
                let providers = try await MockPushProviders.start(writingCredentialsTo: directory.path)
                let configPath = directory.appending("config.yaml")
                try """
                    beanstalkd:
                      host: 127.0.0.1
                      port: \(server.port)
                      tubes: {commands: [commands], events: [command, push, log]}
                    command:
                      database: \(directory.appending("command.sqlite"))
                    push:
                      database: \(directory.appending("push.sqlite"))
                    \(providers.pushSectionYAML)
                    """.write(toFile: configPath, atomically: true, encoding: .utf8)
                let push = try Executables.path("howalarming-push")
                let added = try await ProcessRunner.run(push, arguments: [
                    "devices", "add", "--config", configPath, "--platform", "ios", "--token", Self.phone, "--name", "Anna's iPhone",
                ])
                #expect(added.status.isSuccess, "\(added)")
                let consumer = try ProcessRunner.start("/bin/sh", arguments: ["-c", "exec \"$0\" --config \"$1\" 2>&1", push, configPath])
                let configuration = try HowAlarmingConfig.parse(
                    yaml: try String(contentsOfFile: configPath, encoding: .utf8), path: configPath, environment: [:])
                try await running {
                    _ = try await consumer.awaitLine(containing: "consuming")
                    let token = try await APIStage.serve(configuration, server: server, directory: directory) { stage in
                        try await acknowledgeTheDeliveredAlarm(stage, providers: providers)
                    }
                    #expect(!consumer.lines.contains { $0.contains(token) }, "the push consumer never logs a token")
                } then: {
                    consumer.signal(SIGTERM)
                    _ = try? await consumer.waitForExit(timeout: .seconds(10))
                    await providers.stop()
                }
            }
        }
    }

    /// Acknowledges the alarm with its notification's token; returns the token.
    private func acknowledgeTheDeliveredAlarm(_ stage: APIStage, providers: MockPushProviders) async throws -> String {
        let alarmID = UUID()
        let alarm = eventJSON("alarm", code: "601", sequence: 1, partition: 1, zone: 2, id: alarmID, message: "Zone alarm: Back door")
        // As the integrator puts it: on every consumer's tube but `log`, which must get the acknowledgement alone.
        try await stage.put(alarm, on: "command")
        try await stage.put(alarm, on: "push")
        let request = try #require(try await providers.apns.waitForRequests(count: 1, timeout: .seconds(20)).first)
        let payload = try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
        #expect((payload["aps"] as? [String: Any])?["category"] as? String == "HOWALARMING_ALARM")
        let path = try #require(payload["ack_path"] as? String)
        #expect(path == "/v1/alarms/\(alarmID.uuidString.lowercased())/ack")
        let token = try #require(payload["ack_token"] as? String)

        // Usually the delivery report is in by now; if not, the API waits for it.
        let answer = try await stage.request(.POST, path, token: token)
        #expect(answer.status == 200, "\(answer)")
        #expect(try answer.json["by"] as? String == "Anna's iPhone")

        let announced = try #require(try stage.take(from: "log"), "the acknowledgement is on the log tube")
        let event = try AlarmEvent.decode(json: announced)
        #expect(event.type == .info && event.code == "acknowledged")
        #expect(event.message == "Anna's iPhone acknowledged the alarm: Zone alarm: Back door")
        #expect(event.raw == alarmID.uuidString.lowercased())
        #expect(try stage.take(from: "log") == nil)

        let read = try await stage.token(.read)
        let alarms = try await PushReportTests.alarms(stage, read)
        let acknowledgements = try #require(alarms.first?["acknowledgements"] as? [[String: Any]])
        #expect(acknowledgements.map { $0["by"] as? String } == ["Anna's iPhone"])
        let devices = try #require(alarms.first?["devices"] as? [[String: Any]])
        #expect(devices.map { $0["status"] as? String } == ["delivered"])
        #expect(!answer.body.contains(token) && !announced.contains(token))
        return token
    }
}
