import CryptoExtras
import Foundation

/// Mock APNs and FCM servers sharing one test CA, with every credential the push consumer reads
/// (the CA, an APNs `.p8` key, an FCM service account) written to a directory, and the
/// `push.apns` / `push.fcm` configuration that points the consumer at them.
public struct MockPushProviders: Sendable {
    /// The app's bundle ID the mock APNs checks.
    public static let topic = "com.example.alarm"

    public let apns: MockAPNSServer
    public let fcm: MockFCMServer
    /// The APNs token signing key (its `.p8` is `AuthKey.p8` in the directory).
    public let apnsKey: TestAPNSKey

    /// Starts both servers and writes `ca.pem`, `AuthKey.p8` and `service-account.json` into `directory`.
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
        return MockPushProviders(apns: apns, fcm: fcm, apnsKey: key)
    }

    /// Stops both servers.
    public func stop() async {
        await apns.stop()
        await fcm.stop()
    }

    /// The `apns:` and `fcm:` mappings, indented to sit inside `push:`; the credential paths are
    /// relative to the configuration file, which must be in the credentials' directory.
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
        """
    }
}
