public import Crypto

/// An APNs signing key as Apple issues one: a P-256 key in a `.p8` file, its 10-character key
/// ID, and the team it belongs to.
public struct TestAPNSKey: Sendable {
    /// The key ID (`kid`): 10 characters, A–Z and 0–9.
    public let keyID: String
    /// The team ID (`iss`): 10 characters, A–Z and 0–9.
    public let teamID: String
    /// The private key.
    public let privateKey: P256.Signing.PrivateKey

    /// The key `privateKey`, with the IDs `keyID` and `teamID`.
    public init(keyID: String, teamID: String, privateKey: P256.Signing.PrivateKey) {
        self.keyID = keyID
        self.teamID = teamID
        self.privateKey = privateKey
    }

    /// A new key with random IDs.
    public static func generate() -> TestAPNSKey {
        TestAPNSKey(keyID: randomAppleID(), teamID: randomAppleID(), privateKey: P256.Signing.PrivateKey())
    }

    /// The text of the `.p8` file: the key in PKCS #8, PEM-encoded (`-----BEGIN PRIVATE KEY-----`).
    public var p8PEM: String { privateKey.pemRepresentation }

    /// The public key, which verifies the provider tokens.
    public var publicKey: P256.Signing.PublicKey { privateKey.publicKey }

    /// 10 random characters from A–Z and 0–9, like Apple's key and team IDs.
    private static func randomAppleID() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0..<10).map { _ in alphabet.randomElement()! })
    }
}
