public import CryptoExtras
import Foundation

/// A Google service account for FCM: an RSA-2048 key, the account's email and its project, as
/// the Firebase console hands them out in a JSON key file.
public struct TestServiceAccount: Sendable {
    /// The private key, which signs the OAuth2 assertions.
    public let key: _RSA.Signing.PrivateKey
    /// `client_email`.
    public let email: String
    /// `project_id`.
    public let projectID: String
    /// `private_key_id`: 40 hexadecimal digits.
    public let privateKeyID: String

    /// The account `email` of project `projectID`, with `key`.
    public init(key: _RSA.Signing.PrivateKey, email: String, projectID: String, privateKeyID: String) {
        self.key = key
        self.email = email
        self.projectID = projectID
        self.privateKeyID = privateKeyID
    }

    /// A new account in a new project with a random name. Its key is one of two made once per
    /// test process (RSA key generation is slow): `foreign` picks the other one, for an account
    /// whose assertions a server set up with the first must refuse.
    public static func generate(foreign: Bool = false) throws -> TestServiceAccount {
        let projectID = "howalarming-test-\(randomHex(count: 6))"
        return TestServiceAccount(
            key: try (foreign ? foreignKey : ownKey).get(),
            email: "push-sender@\(projectID).iam.gserviceaccount.com",
            projectID: projectID,
            privateKeyID: randomHex(count: 40)
        )
    }

    private static let ownKey = Result { try _RSA.Signing.PrivateKey(keySize: .bits2048) }
    private static let foreignKey = Result { try _RSA.Signing.PrivateKey(keySize: .bits2048) }

    /// The public key, which verifies the assertions.
    public var publicKey: _RSA.Signing.PublicKey { key.publicKey }

    /// The service account JSON key file, with `token_uri` set to `tokenURI`: `type`,
    /// `project_id`, `private_key_id`, `private_key` (PKCS #8, PEM), `client_email`, `client_id`,
    /// `token_uri`.
    public func json(tokenURI: String) -> String {
        let fields = [
            "type": "service_account",
            "project_id": projectID,
            "private_key_id": privateKeyID,
            "private_key": key.pkcs8PEMRepresentation,
            "client_email": email,
            "client_id": "100000000000000000000",
            "token_uri": tokenURI,
        ]
        // Cannot fail: the object holds strings only.
        let data = try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    /// `count` random lower-case hexadecimal digits.
    private static func randomHex(count: Int) -> String {
        String((0..<count).map { _ in "0123456789abcdef".randomElement()! })
    }
}
