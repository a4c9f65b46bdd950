import AlarmCore
import Foundation
import PushDelivery
import PushMocks
import TestSupport
import Testing

/// The push path reported through the other paths, with a real `howalarming-push` (and a real
/// `howalarming-command`), beanstalkd and the mock providers: a provider halt and its end, a
/// pruned phone, and each device's last delivery in the API.
@Suite("Push path supervision end to end")
struct PushPathEndToEndTests {
    /// The stage's configuration with the `log` and `command` event tubes beside `push`, a
    /// one-minute lifetime (so a halt lasts 30 s), and `extra` appended.
    static func configuration(_ stage: PushStage, extra: String = "") -> String {
        """
        beanstalkd:
          host: 127.0.0.1
          port: \(stage.server.port)
          tubes: {commands: [commands], events: [push, log, command]}
        push:
          database: \(stage.databasePath)
          concurrency: 50
          request_timeout: 5
          lifetime: 60
        \(stage.providers.pushSectionYAML)
        \(extra)
        """
    }

    /// Registers `name`'s device with `token` before the consumer starts.
    static func register(_ stage: PushStage, _ platform: DevicePlatform, _ token: String, name: String) async throws {
        let registry = DeviceRegistry(database: try PushDatabase(path: stage.databasePath))
        try await registry.add(platform: platform, token: token, name: name)
    }

    /// Waits for the next job on `tube` and takes it.
    static func next(_ stage: PushStage, on tube: String, _ what: String, timeout: Duration) async throws -> [String: Any] {
        var taken: [[String: Any]] = []
        try await waitUntil(what, timeout: timeout) {
            taken = try stage.take(from: tube)
            return !taken.isEmpty
        }
        #expect(taken.count == 1, "\(taken)")
        return taken[0]
    }

    @Test func refusedAPNsCredentialsAreAFaultOnTheOtherTubesAndItsEndARecovery() async throws {
        try await PushStage.run { stage in
            let tokens = (1...3).map(PushStage.apnsToken)
            for (index, token) in tokens.enumerated() {
                try await Self.register(stage, .ios, token, name: "Phone \(index)")
                stage.apns.script(token: token, [.error(status: 403, reason: "InvalidProviderToken")])
            }
            try Self.configuration(stage).write(toFile: stage.configPath, atomically: true, encoding: .utf8)
            let consumer = try ProcessRunner.start(try Executables.path("howalarming-push"), arguments: ["--config", stage.configPath])
            let put = ContinuousClock.now
            try await stage.put(PushStage.alarm())

            let fault = try await Self.next(stage, on: "log", "the fault on the log tube", timeout: .seconds(20))
            let faultAfter = ContinuousClock.now - put
            #expect(fault["type"] as? String == "fault")
            #expect(fault["code"] as? String == "push")
            #expect(fault["source"] as? String == "howalarming-push")
            #expect(fault["raw"] as? String == "apns")
            #expect(
                fault["message"] as? String
                    == "APNs refuses our credentials (InvalidProviderToken): notifications to 3 iPhones are held")
            let text = try String(decoding: JSONSerialization.data(withJSONObject: fault), as: UTF8.self)
            for token in tokens { #expect(!text.contains(token)) }
            for jwt in await stage.apns.distinctJWTs() { #expect(!text.contains(jwt)) }
            #expect(try stage.stats(tube: "command")["current-jobs-ready"] == "1", "the API's tube has it too")
            #expect(try stage.stats(tube: "push")["total-jobs"] == "1", "the push consumer does not send it to itself")

            // The script is used up: APNs accepts again, tried when the 30 s halt ends.
            let recovery = try await Self.next(stage, on: "log", "the recovery on the log tube", timeout: .seconds(50))
            print("[push path] fault on the log tube \(faultAfter) after the event, recovery \(ContinuousClock.now - put) after it (halt: 30 s)")
            #expect(recovery["type"] as? String == "recovery")
            #expect(recovery["code"] as? String == "push")
            #expect(recovery["raw"] as? String == "apns")
            #expect(recovery["message"] as? String == "APNs sends again (halted for InvalidProviderToken): held notifications go out")
            let accepted = Set(await stage.apns.requests().filter { $0.replyStatus == 200 }.map(\.deviceToken))
            #expect(accepted == Set(tokens))
            #expect(try stage.take(from: "log").isEmpty, "told once per halt, not per job or device")

            consumer.signal(SIGTERM)
            #expect(try await consumer.waitForExit(timeout: .seconds(10)) == .exited(0))
        }
    }

    @Test func aHaltOutlivesARestartAndTheRestartThatFixesItTellsItsEnd() async throws {
        try await PushStage.run { stage in
            let token = PushStage.apnsToken(5)
            try await Self.register(stage, .ios, token, name: "Anna's iPhone")
            let refusal = MockAPNSReply.error(status: 403, reason: "InvalidProviderToken")
            stage.apns.script(token: token, [refusal, refusal])
            try Self.configuration(stage).write(toFile: stage.configPath, atomically: true, encoding: .utf8)
            let push = try Executables.path("howalarming-push")
            func runConsumer(_ body: () async throws -> Void) async throws {
                let consumer = try ProcessRunner.start(push, arguments: ["--config", stage.configPath])
                try await body()
                consumer.signal(SIGTERM)
                #expect(try await consumer.waitForExit(timeout: .seconds(10)) == .exited(0))
            }

            try await runConsumer {
                try await stage.put(PushStage.alarm())
                let fault = try await Self.next(stage, on: "log", "the fault", timeout: .seconds(20))
                #expect(fault["type"] as? String == "fault")
            }
            // Restarted, still refused: the same fault, not told again.
            try await runConsumer {
                try await stage.put(PushStage.alarm(type: "armed"))
                try await waitUntil("the second refusal") { await stage.apns.requests(for: token).count == 2 }
                try await waitUntil("both jobs held") { try stage.stats(tube: "push")["current-jobs-delayed"] == "2" }
            }
            #expect(try stage.take(from: "log").isEmpty)
            // Restarted with APNs accepting (as after a fixed configuration): the first delivery ends it.
            try await runConsumer {
                try await stage.put(PushStage.alarm(type: "disarmed"))
                let recovery = try await Self.next(stage, on: "log", "the recovery", timeout: .seconds(20))
                #expect(recovery["type"] as? String == "recovery")
                #expect(recovery["message"] as? String == "APNs sends again (halted for InvalidProviderToken): held notifications go out")
            }
            #expect(try String(contentsOfFile: stage.databasePath + ".faults", encoding: .utf8) == "{}")
        }
    }

    @Test func aPrunedPhoneIsAnEventAndTheAPIShowsEachDevicesLastDelivery() async throws {
        try await PushStage.run { stage in
            let anna = PushStage.apnsToken(7)
            try await Self.register(stage, .ios, anna, name: "Anna's iPhone")
            try await Self.register(stage, .android, "android:ben", name: "Ben's Pixel")
            stage.apns.script(
                token: anna, [.error(status: 410, reason: "Unregistered", timestamp: Date().addingTimeInterval(1))])
            let apiPort = try RawHTTP.freePort()
            try Self.configuration(stage, extra: """
                command:
                  database: \(stage.directory.appending("command.sqlite"))
                  listen: 127.0.0.1:\(apiPort)
                """).write(toFile: stage.configPath, atomically: true, encoding: .utf8)
            let command = try Executables.path("howalarming-command")
            let created = try await ProcessRunner.run(
                command, arguments: ["tokens", "create", "--config", stage.configPath, "--name", "e2e", "--scope", "read"])
            let apiToken = try #require(created.stdout.split(separator: "\n").last.map(String.init), "\(created.stderr)")
            let api = try ProcessRunner.start("/bin/sh", arguments: [
                "-c", "exec \"$0\" --config \"$1\" 2>&1", command, stage.configPath,
            ])
            _ = try await api.awaitLine(containing: "http api listening", timeout: .seconds(20))
            let consumer = try ProcessRunner.start(try Executables.path("howalarming-push"), arguments: ["--config", stage.configPath])
            try await stage.put(PushStage.alarm())

            let pruned = try await Self.next(stage, on: "log", "the pruned phone's event", timeout: .seconds(20))
            #expect(pruned["type"] as? String == "info")
            #expect(pruned["code"] as? String == "pruned")
            #expect(pruned["source"] as? String == "howalarming-push")
            #expect(pruned["message"] as? String == "Anna's iPhone will no longer receive alarms (Unregistered)")
            #expect(pruned["raw"] as? String == DeviceID(provider: .apns, token: anna).description)

            // Ben's Pixel got the alarm: the API lists it with the time of that delivery.
            func lastDelivery() async throws -> (name: String?, time: Int)? {
                let answer = try await ProcessRunner.run("/usr/bin/curl", arguments: [
                    "-sf", "-H", "Authorization: Bearer \(apiToken)", "http://127.0.0.1:\(apiPort)/v1/devices",
                ])
                let json = try? JSONSerialization.jsonObject(with: Data(answer.stdout.utf8)) as? [String: Any]
                let listed = json?["devices"] as? [[String: Any]] ?? []
                guard listed.count == 1, let time = listed[0]["last_success_at"] as? Int else { return nil }
                return (listed[0]["name"] as? String, time)
            }
            var first: (name: String?, time: Int)?
            try await waitUntil("Ben's last delivery in GET /v1/devices", timeout: .seconds(20)) {
                first = try await lastDelivery()
                return first != nil
            }
            #expect(first?.name == "Ben's Pixel")
            let sent = try #require(await stage.fcm.requests().first?.receivedAt)
            #expect(abs(Double(first?.time ?? 0) / 1000 - sent.timeIntervalSince1970) < 5)

            // A delivery that changes nothing else in the registry still updates it.
            try await stage.put(PushStage.alarm(type: "armed"))
            try await waitUntil("Ben's next delivery in GET /v1/devices", timeout: .seconds(20)) {
                (try await lastDelivery()?.time ?? 0) > (first?.time ?? .max)
            }
            #expect(await stage.fcm.requests().count == 2)

            for process in [consumer, api] { process.signal(SIGTERM) }
            #expect(try await consumer.waitForExit(timeout: .seconds(10)) == .exited(0))
            #expect(try await api.waitForExit(timeout: .seconds(10)) == .exited(0))
        }
    }
}
