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
        let salt = SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) }
        return try encrypt(
            plaintext, for: subscription, ephemeralKey: P256.KeyAgreement.PrivateKey(), salt: salt)
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
        let header = AES128GCMHeader(
            salt: salt, recordSize: recordSize, keyID: Array(ephemeralKey.publicKey.x963Representation))
        do {
            let keys = try WebPushContentKeys(
                applicationServerKey: ephemeralKey, userAgentKey: subscription.userAgentKey,
                authSecret: subscription.authSecret, salt: salt)
            // The last (and only) record ends with the delimiter 0x02 and no padding.
            let box = try AES.GCM.seal(Array(plaintext) + [0x02], using: keys.key, nonce: keys.nonce)
            return header.bytes + Array(box.ciphertext) + Array(box.tag)
        } catch {
            throw WebPushError(code: .encryptionFailed, message: "the Web Push payload could not be encrypted")
        }
    }
}
