public import AlarmCore
import JWTKit

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A Google service account key, the JSON file the Firebase console gives: who sends
/// (`client_email`), for which project (`project_id`), where to get access tokens
/// (`token_uri`), and the RSA key that signs the requests for them.
///
/// Its descriptions show the email and project, never the key.
public struct FCMServiceAccount: Sendable, CustomStringConvertible, CustomReflectable {
    /// The OAuth2 scope FCM needs, and the only one requested.
    public static let scope = "https://www.googleapis.com/auth/firebase.messaging"
    /// How long an assertion is valid: one hour, as Google's libraries make them.
    public static let assertionLifetime = Duration.seconds(3600)

    /// `client_email`: the account, the assertion's issuer.
    public let clientEmail: String
    /// `project_id`: the Firebase project that messages are sent for.
    public let projectID: String
    /// `token_uri`: the OAuth2 token endpoint, the assertion's audience.
    public let tokenURI: String
    /// `private_key_id`: the key's ID, sent as the assertion's `kid` when present.
    public let privateKeyID: String?
    private let key: Insecure.RSA.PrivateKey

    /// The account in a service account JSON key.
    public init(json: some Collection<UInt8>) throws(PushCredentialError) {
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: Data(json))
        } catch {
            throw PushCredentialError(
                code: .invalidServiceAccount,
                message: "the FCM service account is not JSON with client_email, private_key, token_uri and project_id")
        }
        do {
            key = try Insecure.RSA.PrivateKey(pem: file.privateKey)
        } catch {
            throw PushCredentialError(
                code: .invalidKey, message: "the FCM service account's private_key is not a PEM-encoded RSA key")
        }
        clientEmail = file.clientEmail
        projectID = file.projectID
        tokenURI = file.tokenURI
        privateKeyID = file.privateKeyID
    }

    /// The account in the service account JSON file at `path`.
    public init(contentsOfFile path: String) throws(PushCredentialError) {
        do {
            try self.init(json: try CredentialFile.read(path, what: "FCM service account file"))
        } catch {
            throw PushCredentialError(code: error.code, message: "\(path): \(error.message)")
        }
    }

    /// The signed JWT (RS256) that ``tokenURI`` exchanges for an access token:
    /// `{iss: client_email, scope, aud: token_uri, iat, exp: iat + 1 hour}`.
    public func assertion(issuedAt: Date) async throws(PushCredentialError) -> Secret {
        let iat = Int64(issuedAt.timeIntervalSince1970.rounded(.down))
        let claims = Claims(
            iss: clientEmail, scope: Self.scope, aud: tokenURI, iat: iat,
            exp: iat + Self.assertionLifetime.components.seconds)
        do {
            let keys = await JWTKeyCollection().add(rsa: key, digestAlgorithm: .sha256)
            var header = JWTHeader()
            header.kid = privateKeyID
            return Secret(try await keys.sign(claims, header: header))
        } catch {
            throw PushCredentialError(code: .signingFailed, message: "could not sign an FCM token request")
        }
    }

    /// `FCMServiceAccount(<email>, project <id>)`.
    public var description: String { "FCMServiceAccount(\(clientEmail), project \(projectID))" }

    /// The email and project only.
    public var customMirror: Mirror {
        Mirror(self, children: ["clientEmail": clientEmail, "projectID": projectID], displayStyle: .struct)
    }

    /// The fields of the JSON file this library reads.
    private struct File: Decodable {
        let clientEmail: String
        let privateKey: String
        let privateKeyID: String?
        let tokenURI: String
        let projectID: String

        enum CodingKeys: String, CodingKey {
            case clientEmail = "client_email"
            case privateKey = "private_key"
            case privateKeyID = "private_key_id"
            case tokenURI = "token_uri"
            case projectID = "project_id"
        }
    }

    /// The assertion's claims, with integer times.
    private struct Claims: JWTPayload {
        let iss: String
        let scope: String
        let aud: String
        let iat: Int64
        let exp: Int64

        func verify(using algorithm: some JWTAlgorithm) throws {}
    }
}
