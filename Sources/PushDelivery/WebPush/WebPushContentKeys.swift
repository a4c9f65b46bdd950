import Crypto

/// The content-encryption key and nonce of one Web Push message (RFC 8291 §3.4, RFC 8188 §2.2),
/// derived from the ECDH secret, the subscription's auth secret and the message's salt.
struct WebPushContentKeys {
    /// `CEK`: the AES-128-GCM key.
    let key: SymmetricKey
    /// `NONCE`: the nonce of the first (here the only) record.
    let nonce: AES.GCM.Nonce

    /// The keys for the agreement of `applicationServerKey` (the message's ephemeral key) with the
    /// subscription's `userAgentKey`, under its `authSecret` and the message's `salt`.
    init(
        applicationServerKey: P256.KeyAgreement.PrivateKey, userAgentKey: P256.KeyAgreement.PublicKey,
        authSecret: [UInt8], salt: [UInt8]
    ) throws {
        let shared = try applicationServerKey.sharedSecretFromKeyAgreement(with: userAgentKey)
        // key_info = "WebPush: info" || 0x00 || ua_public || as_public
        let keyInfo =
            Array("WebPush: info".utf8) + [0] + userAgentKey.x963Representation
            + applicationServerKey.publicKey.x963Representation
        let inputKeyMaterial = shared.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: authSecret, sharedInfo: keyInfo, outputByteCount: 32)
        key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKeyMaterial, salt: salt,
            info: Array("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
        let nonceBytes = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKeyMaterial, salt: salt,
            info: Array("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        nonce = try nonceBytes.withUnsafeBytes { try AES.GCM.Nonce(data: $0) }
    }
}
