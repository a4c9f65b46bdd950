public import Crypto

/// Encrypts Web Push messages for a subscription: RFC 8291 with the `aes128gcm` content coding
/// of RFC 8188, in a single record.
///
/// The body is `salt || rs || idlen || as_public || AES-128-GCM(plaintext || 0x02)`, sent with
/// `Content-Encoding: aes128gcm`. Every message has its own ephemeral key pair and salt.
public enum WebPushEncryption {
    /// The record size written in the header: 4096, the most a push service must accept.
    public static let recordSize: UInt32 = 4096
    /// The longest plaintext that fits one record: 4096 − 86 (header) − 16 (tag) − 1 (delimiter).
    public static let maximumPlaintextCount = 3993
    /// The length of the salt: 16 bytes.
    public static let saltCount = 16

    /// `plaintext` encrypted for `subscription`, with a fresh ephemeral key pair and salt.
    public static func encrypt(_ plaintext: some Collection<UInt8>, for subscription: WebPushSubscription)
        throws(WebPushError) -> [UInt8]
    {
        guard let ephemeralKey = P256.KeyAgreement.PrivateKey.ephemeral() else { throw encryptionFailed }
        let salt = SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) }
        return try encrypt(plaintext, for: subscription, ephemeralKey: ephemeralKey, salt: salt)
    }

    /// `plaintext` encrypted for `subscription` with the given `ephemeralKey` and 16-byte `salt`:
    /// for test vectors only. Reusing a key and salt for two messages gives both the same key
    /// and nonce, which breaks AES-GCM.
    public static func encrypt(
        _ plaintext: some Collection<UInt8>, for subscription: WebPushSubscription,
        ephemeralKey: P256.KeyAgreement.PrivateKey, salt: [UInt8]
    ) throws(WebPushError) -> [UInt8] {
        precondition(salt.count == saltCount, "a Web Push salt is 16 bytes")
        guard plaintext.count <= maximumPlaintextCount else {
            throw WebPushError(
                code: .payloadTooLarge,
                message: "the Web Push payload is \(plaintext.count) bytes; at most \(maximumPlaintextCount) fit")
        }
        // Read once: each reading of a public key converts its point to affine coordinates.
        let ephemeralPublicKey = Array(ephemeralKey.publicKey.x963Representation)
        let header = AES128GCMHeader(salt: salt, recordSize: recordSize, keyID: ephemeralPublicKey)
        do {
            let keys = try WebPushContentKeys(
                ephemeralKey: ephemeralKey, ephemeralPublicKey: ephemeralPublicKey, subscription: subscription,
                salt: salt)
            // The last (and only) record ends with the delimiter 0x02 and no padding.
            var record = Array(plaintext)
            record.append(0x02)
            let box = try AES.GCM.seal(record, using: keys.key, nonce: keys.nonce)
            var body = header.bytes
            body.reserveCapacity(body.count + record.count + 16)
            body += box.ciphertext
            body += box.tag
            return body
        } catch {
            throw encryptionFailed
        }
    }

    private static let encryptionFailed = WebPushError(
        code: .encryptionFailed, message: "the Web Push payload could not be encrypted")
}
