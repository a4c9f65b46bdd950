import AlarmCore
import Foundation
import PushDelivery
import PushMocks
import TestSupport
import Testing

extension PushStage {
    /// An escalation's JSON as `howalarming-command` puts it: `info`, code `escalation`, `raw`
    /// the escalated alarm's id.
    static func escalation(id: UUID = UUID(), alarm: UUID) -> String {
        """
        {"type":"info","code":"escalation","message":"Alarm not acknowledged after 60 s (escalation 1 of 5): \
        Zone alarm: Front door","raw":"\(alarm.uuidString.lowercased())","timestamp":1700000060,\
        "id":"\(id.uuidString.lowercased())","source":"howalarming-command","partition":1,"zone":1,"zone_name":"Front door"}
        """
    }
}

extension PushConsumerTests {
    /// `info` is no trigger by default, yet an escalation (an `info` event) is sent, while the
    /// `info` event put before it is acknowledged without a notification.
    @Test func anEscalationIsSentThoughInfoIsNoTrigger() async throws {
        try await PushStage.run { stage in
            let registry = try registry(stage)
            try await registry.add(platform: .ios, token: PushStage.apnsToken(1))
            try await registry.add(platform: .android, token: "android-token:1")
            let configuration = try stage.configuration()
            #expect(!configuration.push.triggers.contains(.info))
            let alarmID = UUID()
            try await withConsumer(stage, configuration: configuration) {
                try await stage.put(PushStage.alarm(type: "info"))
                try await stage.put(PushStage.escalation(alarm: alarmID))
                let apple = try await stage.apns.waitForRequests(count: 1)
                _ = try await stage.fcm.waitForRequests(count: 1)
                let payload = try JSONSerialization.jsonObject(with: Data(apple[0].body)) as? [String: Any]
                #expect(payload?["code"] as? String == "escalation")
                try await waitUntil("both jobs to be deleted") { try stage.stats(tube: "push")["cmd-delete"] == "2" }
            }
            // Only the escalation was sent: a request retried after a timeout on a loaded machine
            // carries the same apns-id, which the phone shows once.
            let requests = await stage.apns.requests()
            let codes = requests.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any])?["code"] as? String }
            #expect(codes.count == requests.count && Set(codes) == ["escalation"], "\(codes)")
            #expect(Set(requests.map { $0.headers["apns-id"] ?? "" }).count == 1, "shown more than once")
            #expect(Set(await stage.fcm.requests().map(\.deviceToken)) == ["android-token:1"])
        }
    }
}

/// The real `howalarming-push`: an escalation put on the push tube reaches an iPhone, an
/// Android phone and a browser as an alarm whose Acknowledge action acknowledges the escalated
/// alarm, and each delivery report (for the escalation's own id) carries the hash of the token
/// that device got.
@Suite("Escalation end to end")
struct EscalationEndToEndTests {
    private static let python = Task { try await PythonPeer.find() }

    @Test func anEscalationReachesEveryDeviceWithTheAlarmsAckPathAndTokenHashesInTheReports() async throws {
        try await PushStage.run { stage in
            let registry = DeviceRegistry(database: try PushDatabase(path: stage.databasePath))
            let browser = TestBrowser()
            let endpoint = stage.providers.webPush.endpoint("escalated-tab")
            try await registry.add(platform: .ios, token: PushStage.apnsToken(7))
            try await registry.add(platform: .android, token: "android:escalation")
            try await registry.add(
                platform: .web, token: endpoint, webPushKeys: WebPushKeys(p256dh: browser.p256dh, auth: browser.auth))
            let devices = [
                "apns": try DeviceToken(PushStage.apnsToken(7), provider: .apns).deviceID.description,
                "fcm": try DeviceToken("android:escalation", provider: .fcm).deviceID.description,
                "web": try DeviceToken(endpoint, provider: .webPush).deviceID.description,
            ]

            let consumer = try ProcessRunner.start(
                try Executables.path("howalarming-push"), arguments: ["--config", stage.configPath])
            let (alarmID, escalationID) = (UUID(), UUID())
            try await stage.put(PushStage.escalation(id: escalationID, alarm: alarmID))
            let apple = try #require(try await stage.apns.waitForRequests(count: 1, timeout: .seconds(20)).first)
            let google = try #require(try await stage.fcm.waitForRequests(count: 1, timeout: .seconds(20)).first)
            let web = try #require(try await stage.providers.webPush.waitForRequests(count: 1, timeout: .seconds(20)).first)
            var deliveries: [[String: Any]] = []
            try await waitUntil("a delivery report per device") {
                deliveries += try stage.takeReports().filter { $0["type"] as? String == "delivery" }
                return deliveries.count >= 3
            }
            consumer.signal(SIGTERM)
            #expect(try await consumer.waitForExit(timeout: .seconds(10)) == .exited(0))

            let alarmPath = "/v1/alarms/\(alarmID.uuidString.lowercased())/ack"
            let applePayload = try #require(try JSONSerialization.jsonObject(with: Data(apple.body)) as? [String: Any])
            #expect(apple.headers["apns-priority"] == "10")
            let aps = try #require(applePayload["aps"] as? [String: Any])
            #expect(aps["category"] as? String == "HOWALARMING_ALARM")
            #expect(aps["interruption-level"] as? String == "time-sensitive")
            #expect(applePayload["ack_path"] as? String == alarmPath)

            let googleMessage = try JSONSerialization.jsonObject(with: Data(google.body)) as? [String: Any]
            let data = try #require((googleMessage?["message"] as? [String: Any])?["data"] as? [String: String])
            #expect(data["ack_path"] == alarmPath)

            #expect(web.replyStatus == 201, "\(web.refusal ?? "")")
            #expect(web.headers["urgency"] == "high")
            let python = try await Self.python.value
            let decrypted = try await python.run(
                script: "webpush_decrypt.py", arguments: [browser.privateKeyBase64URL, browser.auth],
                standardInput: Data(web.body))
            try #require(decrypted.status == .exited(0), "\(decrypted)")
            let plaintext = try #require(Data(base64URL: decrypted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
            let webPayload = try #require(try JSONSerialization.jsonObject(with: plaintext) as? [String: Any])
            #expect(webPayload["ack_path"] as? String == alarmPath)
            #expect(webPayload["event_id"] as? String == escalationID.uuidString.lowercased())

            let tokens = [
                "apns": try #require(applePayload["ack_token"] as? String),
                "fcm": try #require(data["ack_token"]),
                "web": try #require(webPayload["ack_token"] as? String),
            ]
            #expect(Set(tokens.values).count == 3, "every device gets a token of its own")
            for (provider, token) in tokens {
                let report = try #require(deliveries.first { $0["device"] as? String == devices[provider] }, "\(provider)")
                #expect(report["status"] as? String == "delivered", "\(provider)")
                #expect(report["event_id"] as? String == escalationID.uuidString.lowercased(), "\(provider)")
                #expect(report["event_type"] as? String == "info", "\(provider)")
                let hash = try await Self.sha256(token, python)
                #expect(report["ack_token_sha256"] as? String == hash, "\(provider)")
            }
            let logs = String(decoding: consumer.standardError + consumer.standardOutput, as: UTF8.self)
            #expect(!tokens.values.contains { logs.contains($0) }, "the push consumer never logs a token")
        }
    }

    /// Base64url of SHA-256 of `text`, computed by Python's `hashlib`, not the code under test.
    private static func sha256(_ text: String, _ python: PythonPeer) async throws -> String {
        let script = "import base64, hashlib, sys; "
            + "print(base64.urlsafe_b64encode(hashlib.sha256(sys.stdin.buffer.read()).digest()).decode().rstrip('='))"
        let hashed = try await ProcessRunner.run(python.interpreter, arguments: ["-c", script], standardInput: Data(text.utf8))
        try #require(hashed.status.isSuccess, "\(hashed)")
        return hashed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
