import AlarmCore
import Foundation
import PushDelivery
import PushMocks
import TestSupport
import Testing

/// The real `howalarming-push` with Web Push: a key from `vapid generate`, a browser added with
/// `devices add --platform web`, an alarm through beanstalkd to the mock push service; what the
/// mock received is decrypted by Python's `http_ece` as the browser would, and its VAPID header
/// verified by `py_vapid`.
@Suite("Web Push end to end")
struct WebPushEndToEndTests {
    private static let python = Task { try await PythonPeer.find() }

    @Test func anAlarmReachesTheBrowserReadableByAnIndependentDecryptor() async throws {
        try await PushStage.run { stage in
            let push = try Executables.path("howalarming-push")
            let keyFile = stage.directory.appending("generated-vapid.pem")
            let generated = try await ProcessRunner.run(push, arguments: ["vapid", "generate", "--output", keyFile])
            try #require(generated.status.isSuccess, "\(generated)")
            let publicKey = generated.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(publicKey.count == 87)
            let mode = try FileManager.default.attributesOfItem(atPath: keyFile)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            let again = try await ProcessRunner.run(push, arguments: ["vapid", "generate", "--output", keyFile])
            #expect(!again.status.isSuccess, "an existing key file must not be overwritten")

            // A push service that knows the generated key; the configuration names the key file.
            let service = try await MockWebPushServer.start(authority: stage.providers.authority, vapidPublicKey: publicKey)
            let text = stage.configurationText().replacingOccurrences(
                of: MockPushProviders.webPushSectionYAML(),
                with: MockPushProviders.webPushSectionYAML(vapidKeyFile: "generated-vapid.pem"))
            try text.write(toFile: stage.configPath, atomically: true, encoding: .utf8)

            let browser = TestBrowser()
            let endpoint = service.endpoint("e2e-capability")
            let added = try await ProcessRunner.run(
                push, arguments: ["devices", "add", "--config", stage.configPath, "--platform", "web", "--subscription", "-", "--name", "Hall tablet"],
                standardInput: Data(browser.subscriptionJSON(endpoint: endpoint).utf8))
            try #require(added.status.isSuccess, "\(added)")
            let deviceID = try DeviceToken(endpoint, provider: .webPush).deviceID.description
            #expect(added.stdout.contains("added \(deviceID)"))
            let list = try await ProcessRunner.run(push, arguments: ["devices", "list", "--config", stage.configPath])
            #expect(list.stdout.contains("\(deviceID)\tweb\t-\t\(service.baseURL)/…\tHall tablet"), "\(list.stdout)")
            #expect(!list.stdout.contains("e2e-capability"))

            let consumer = try ProcessRunner.start(push, arguments: ["--config", stage.configPath])
            let eventID = UUID()
            try await stage.put(PushStage.alarm(id: eventID))
            let request = try #require(try await service.waitForRequests(count: 1, timeout: .seconds(20)).first)
            consumer.signal(SIGTERM)
            #expect(try await consumer.waitForExit(timeout: .seconds(10)) == .exited(0))
            await service.stop()
            #expect(request.replyStatus == 201, "\(request.refusal ?? "")")

            let python = try await Self.python.value
            let decrypted = try await python.run(
                script: "webpush_decrypt.py", arguments: [browser.privateKeyBase64URL, browser.auth],
                standardInput: Data(request.body))
            try #require(decrypted.status == .exited(0), "\(decrypted)")
            let plaintext = try #require(Data(base64URL: decrypted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
            let payload = try #require(try JSONSerialization.jsonObject(with: plaintext) as? [String: Any])
            #expect(payload["event_id"] as? String == eventID.uuidString.lowercased())
            #expect(payload["title"] as? String == "Alarm")
            #expect(payload["alarm"] as? Bool == true)

            let verified = try await python.run(script: "vapid_verify.py", arguments: [try #require(request.authorization)])
            try #require(verified.status == .exited(0), "\(verified)")
            let header = try #require(try JSONSerialization.jsonObject(with: Data(verified.stdout.utf8)) as? [String: Any])
            #expect(header["k"] as? String == publicKey)
            let claims = try #require(header["claims"] as? [String: Any])
            #expect(claims["aud"] as? String == service.baseURL)
            #expect(claims["sub"] as? String == "mailto:alarms@example.org")
            let exp = try #require(claims["exp"] as? Int)
            #expect(Double(exp) <= Date().timeIntervalSince1970 + 24 * 3600)

            let logs = String(decoding: consumer.standardError + consumer.standardOutput, as: UTF8.self)
            for secret in ["e2e-capability", browser.auth, "PRIVATE KEY"] {
                #expect(!logs.contains(secret), "a secret leaked into the log")
            }
            let reports = try stage.takeReports()
            #expect(reports.contains { $0["type"] as? String == "delivery" && $0["device"] as? String == deviceID
                && $0["status"] as? String == "delivered" })
        }
    }
}
