import AlarmCore
import Foundation
import PushConsumer
import PushDelivery
import TestSupport
import Testing

/// `push.web_push`: a key or subject that cannot be used stops start-up naming the key, and the
/// key can come from the environment instead of a file.
@Suite struct WebPushConfigTests {
    /// The senders for `webPush` (the `web_push:` mapping's lines), or the error naming the key.
    private func senders(_ webPush: String, environment: [String: String] = [:], in directory: TemporaryDirectory)
        throws -> Result<[any NotificationSender], ConfigError>
    {
        let yaml = "push:\n  web_push:\n" + webPush.split(separator: "\n").map { "    \($0)\n" }.joined()
        do throws(ConfigError) {
            let configuration = try HowAlarmingConfig.parse(
                yaml: yaml, path: directory.appending("config.yaml"), environment: environment)
            return .success(try PushSenders.make(configuration: configuration.push, logger: quietLogger))
        } catch {
            return .failure(error)
        }
    }

    private func failure(_ result: Result<[any NotificationSender], ConfigError>) -> ConfigError? {
        if case .failure(let error) = result { error } else { nil }
    }

    @Test func aUsableKeyAndSubjectMakeAWebPushSender() async throws {
        try await withTemporaryDirectory { directory in
            let key = VAPIDKey.generate()
            try key.privateKeyPEM.write(toFile: directory.appending("vapid.pem"), atomically: true, encoding: .utf8)
            let result = try senders("vapid_key_file: vapid.pem\nsubject: mailto:alarms@example.org", in: directory)
            let sender = try #require(try result.get().first as? WebPushSender)
            #expect(sender.vapidPublicKey == key.publicKeyBase64URL)
            await sender.shutdown()

            let fromEnvironment = try senders(
                "subject: https://alarms.example.org", environment: ["HOWALARMING_PUSH_WEB_PUSH_VAPID_KEY": key.privateKeyBase64URL],
                in: directory)
            let other = try #require(try fromEnvironment.get().first as? WebPushSender)
            #expect(other.vapidPublicKey == key.publicKeyBase64URL)
            await other.shutdown()
        }
    }

    @Test func badSettingsStopStartUpNamingTheKey() async throws {
        try await withTemporaryDirectory { directory in
            try "not a key".write(toFile: directory.appending("bad.pem"), atomically: true, encoding: .utf8)
            try VAPIDKey.generate().privateKeyPEM.write(toFile: directory.appending("vapid.pem"), atomically: true, encoding: .utf8)
            let cases: [(String, String)] = [
                ("subject: mailto:alarms@example.org", "push.web_push.vapid_key_file"),
                ("vapid_key_file: vapid.pem", "push.web_push.subject"),
                ("vapid_key_file: bad.pem\nsubject: mailto:alarms@example.org", "push.web_push.vapid_key_file"),
                ("vapid_key: not-a-key\nsubject: mailto:alarms@example.org", "push.web_push.vapid_key"),
                ("vapid_key_file: vapid.pem\nsubject: mailto:root@localhost", "push.web_push.subject"),
                ("vapid_key_file: vapid.pem\nsubject: mailto:a@example.org\nallow_private_endpoints: maybe", "push.web_push.allow_private_endpoints"),
            ]
            for (settings, key) in cases {
                let error = try #require(failure(try senders(settings, in: directory)), "\(settings) was accepted")
                #expect(error.keyPath == key, "\(settings): \(error)")
                #expect(!error.description.contains("not-a-key"), "the key's text is in the error")
            }
        }
    }
}
