import Crypto
import CryptoExtras
import Foundation

/// Mock APNs and FCM servers and a mock Web Push service sharing one test CA, with every
/// credential the push consumer reads (the CA, an APNs `.p8` key, an FCM service account, a
/// VAPID key) written to a directory, and the `push.apns` / `push.fcm` / `push.web_push`
/// configuration that points the consumer at them.
public struct MockPushProviders: Sendable {
    /// The app's bundle ID the mock APNs checks.
    public static let topic = "com.example.alarm"

    public let apns: MockAPNSServer
    public let fcm: MockFCMServer
    /// The push service browsers' subscriptions point at (endpoints ``MockWebPushServer/endpoint(_:)``).
    public let webPush: MockWebPushServer
    /// The APNs token signing key (its `.p8` is `AuthKey.p8` in the directory).
    public let apnsKey: TestAPNSKey
    /// The VAPID public key (the private key is `vapid.pem` in the directory), in base64url.
    public let vapidPublicKey: String
    /// The CA the servers' certificates come from, for more servers.
    public let authority: TestCertificateAuthority

    /// Starts the servers and writes `ca.pem`, `AuthKey.p8`, `service-account.json` and
    /// `vapid.pem` into `directory`.
    public static func start(writingCredentialsTo directory: String) async throws -> MockPushProviders {
        let authority = try TestCertificateAuthority()
        try authority.writeCA(to: "\(directory)/ca.pem")
        let key = TestAPNSKey.generate()
        try key.p8PEM.write(toFile: "\(directory)/AuthKey.p8", atomically: true, encoding: .utf8)
        let account = try TestServiceAccount.generate()
        let apns = try await MockAPNSServer.start(
            authority: authority, topic: topic, signingKeys: [key.keyID: key.publicKey], teamID: key.teamID)
        let fcm = try await MockFCMServer.start(
            authority: authority, projectID: account.projectID, serviceAccountEmail: account.email,
            serviceAccountKey: account.key.publicKey)
        try account.json(tokenURI: fcm.tokenURI)
            .write(toFile: "\(directory)/service-account.json", atomically: true, encoding: .utf8)
        let vapidKey = TestVAPIDKey()
        try vapidKey.writePEM(to: "\(directory)/vapid.pem")
        let vapidPublicKey = vapidKey.publicKeyBase64URL
        let webPush = try await MockWebPushServer.start(authority: authority, vapidPublicKey: vapidPublicKey)
        return MockPushProviders(
            apns: apns, fcm: fcm, webPush: webPush, apnsKey: key, vapidPublicKey: vapidPublicKey, authority: authority)
    }

    /// Stops the servers.
    public func stop() async {
        await apns.stop()
        await fcm.stop()
        await webPush.stop()
    }

    /// The `web_push:` mapping, indented to sit inside `push:`, with the VAPID key file
    /// `vapidKeyFile` (relative to the configuration file) and private endpoints allowed (the
    /// mock listens on 127.0.0.1).
    public static func webPushSectionYAML(vapidKeyFile: String = "vapid.pem") -> String {
        """
          web_push:
            vapid_key_file: \(vapidKeyFile)
            subject: mailto:alarms@example.org
            allow_private_endpoints: true
            ca_file: ca.pem
        """
    }

    /// The `apns:`, `fcm:` and `web_push:` mappings, indented to sit inside `push:`; the
    /// credential paths are relative to the configuration file, which must be in the
    /// credentials' directory.
    public var pushSectionYAML: String {
        """
          apns:
            key_file: AuthKey.p8
            key_id: \(apnsKey.keyID)
            team_id: \(apnsKey.teamID)
            topic: \(Self.topic)
            endpoint: \(apns.baseURL)
            ca_file: ca.pem
          fcm:
            service_account_file: service-account.json
            endpoint: \(fcm.baseURL)
            ca_file: ca.pem
        \(Self.webPushSectionYAML())
        """
    }
}
