import AlarmCore
import Foundation
import PushDelivery
import PushMocks
import TestSupport
import Testing

/// The real executables: envisalink-simulator → howalarming-envisalink → beanstalkd →
/// howalarming-push → the mock APNs and FCM.
@Suite("Push end to end")
struct PushEndToEndTests {
    static let password = "Pw7x9Q"

    @Test func aZoneAlarmAtThePanelReachesEveryPhone() async throws {
        try await PushStage.run { stage in
            let simulator = try ProcessRunner.start(try Executables.path("envisalink-simulator"), arguments: [
                "--port", "0", "--control-port", "0", "--password", Self.password, "--zone", "1=Front door",
                "--no-stdin-control",
            ])
            let tpiPort = try SimulatorProcess.port(in: try await simulator.awaitLine(containing: "tpi listening on"))
            let controlPort = try SimulatorProcess.port(in: try await simulator.awaitLine(containing: "control listening on"))
            try stage.configurationText(extra: """
                envisalinkd:
                  host: 127.0.0.1
                  port: \(tpiPort)
                  password: \(Self.password)
                  zones: {"001": Front door}
                  spool: \(stage.directory.appending("spool.jsonl"))
                  sequence_file: \(stage.directory.appending("sequence"))
                """).write(toFile: stage.configPath, atomically: true, encoding: .utf8)

            let push = try Executables.path("howalarming-push")
            let addPhone = try await ProcessRunner.run(push, arguments: [
                "devices", "add", "--config", stage.configPath, "--platform", "ios", "--token", PushStage.apnsToken(42),
                "--name", "Anna's iPhone",
            ])
            #expect(addPhone.status.isSuccess, "\(addPhone)")
            let addAndroid = try await ProcessRunner.run(push, arguments: [
                "devices", "add", "--config", stage.configPath, "--platform", "android", "--token", "android:e2e",
            ])
            #expect(addAndroid.status.isSuccess, "\(addAndroid)")

            let consumer = try ProcessRunner.start(push, arguments: ["--config", stage.configPath])
            // Its log (standard error) on standard output, to wait for the login.
            let integrator = try ProcessRunner.start("/bin/sh", arguments: [
                "-c", "exec \"$0\" --config \"$1\" 2>&1", try Executables.path("howalarming-envisalink"), stage.configPath,
            ])
            _ = try await integrator.awaitLine(containing: "logged in")
            #expect(try await SimulatorProcess.control(controlPort, "send 6011001").hasPrefix("ok"))

            // The status dump after the login may push a recovery first; wait for the alarm.
            func alarm(_ body: [UInt8]) -> [String: Any]? {
                guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else { return nil }
                let fields = object["message"].flatMap { ($0 as? [String: Any])?["data"] as? [String: Any] } ?? object
                return fields["type"] as? String == "alarm" ? fields : nil
            }
            try await waitUntil("the alarm at both providers", timeout: .seconds(20)) {
                let apple = await stage.apns.requests().contains { alarm($0.body) != nil }
                let google = await stage.fcm.requests().contains { alarm($0.body) != nil }
                return apple && google
            }
            let apple = try #require(await stage.apns.requests().first { alarm($0.body) != nil })
            let google = try #require(await stage.fcm.requests().first { alarm($0.body) != nil })
            let payload = try #require(alarm(apple.body))
            #expect(payload["zone_name"] as? String == "Front door")
            #expect(alarm(google.body)?["zone_name"] as? String == "Front door")
            #expect(apple.deviceToken == PushStage.apnsToken(42))
            #expect(google.deviceToken == "android:e2e")

            let list = try await ProcessRunner.run(push, arguments: ["devices", "list", "--config", stage.configPath])
            #expect(list.stdout.contains("\(PushStage.apnsToken(42))\tAnna's iPhone"))

            for process in [integrator, consumer, simulator] { process.signal(SIGTERM) }
            #expect(try await consumer.waitForExit(timeout: .seconds(10)) == .exited(0))
            let integratorExit = try await integrator.waitForExit(timeout: .seconds(10))
            // Its log's end says why, should it ever exit otherwise (it did once, in CI, without it).
            let logEnd = String(decoding: integrator.standardOutput, as: UTF8.self).suffix(3000)
                .replacingOccurrences(of: Self.password, with: "<the panel password>")
            #expect(integratorExit == .exited(0), "the integrator ended with \(integratorExit) on SIGTERM; its log ends: \(logEnd)")
            _ = try await simulator.waitForExit(timeout: .seconds(10))
            let logs = [consumer.standardError, consumer.standardOutput, integrator.standardOutput]
                .map { String(decoding: $0, as: UTF8.self) }.joined()
            #expect(!logs.contains(Self.password))
            if let jwt = apple.jwt { #expect(!logs.contains(jwt), "the provider token leaked into a log") }
            #expect(!logs.contains("PRIVATE KEY"))
        }
    }

    @Test func killedMidFanOutOnlyTheRequestsInFlightAreSentAgain() async throws {
        try await PushStage.run { stage in
            let devices = 300
            let tokens = (1...devices).map(PushStage.apnsToken)
            let lines = tokens.joined(separator: "\n")
            try lines.write(toFile: stage.directory.appending("tokens.txt"), atomically: true, encoding: .utf8)
            let push = try Executables.path("howalarming-push")
            let imported = try await ProcessRunner.run(push, arguments: [
                "devices", "import", stage.directory.appending("tokens.txt"), "--platform", "ios",
                "--config", stage.configPath,
            ])
            #expect(imported.stdout.contains("300 added"), "\(imported)")
            // Every first request takes 200 ms: 50 at a time, the fan-out takes over a second.
            for token in tokens { stage.apns.script(token: token, [.delay(.milliseconds(200))]) }

            let first = try ProcessRunner.start(push, arguments: ["--config", stage.configPath])
            let eventID = UUID()
            try await stage.put(PushStage.alarm(id: eventID))
            _ = try await stage.apns.waitForRequests(count: 120, timeout: .seconds(20))
            first.kill()
            _ = try await first.waitForExit(timeout: .seconds(10))

            let second = try ProcessRunner.start(push, arguments: ["--config", stage.configPath])
            try await waitUntil("every device to get the event", timeout: .seconds(30)) {
                Set(await stage.apns.requests().filter { $0.replyStatus == 200 }.map(\.deviceToken)).count == devices
            }
            try await waitUntil("the job to be deleted") { try stage.stats()["cmd-delete"] == "1" }
            second.signal(SIGTERM)
            #expect(try await second.waitForExit(timeout: .seconds(10)) == .exited(0))

            let requests = await stage.apns.requests()
            var perDevice: [String: Int] = [:]
            for request in requests { perDevice[request.deviceToken, default: 0] += 1 }
            let repeated = perDevice.values.filter { $0 > 1 }.count
            // Only what was in flight at the kill (at most push.concurrency = 50) is sent again.
            #expect(repeated <= 50, "\(repeated) devices got the event more than once")
            #expect(perDevice.values.allSatisfy { $0 <= 2 })
            let ledger = DeliveryLedger(database: try PushDatabase(path: stage.databasePath))
            #expect(try await ledger.deliveredDevices(eventID: eventID).count == devices)
        }
    }
}
