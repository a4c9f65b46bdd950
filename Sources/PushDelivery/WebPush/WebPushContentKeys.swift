import Crypto

/// The content-encryption key and nonce of one Web Push message (RFC 8291 §3.3–3.4, RFC 8188
/// §2.2), derived from the ECDH secret, the subscription's auth secret and the message's salt.
struct WebPushContentKeys {
    /// `CEK`: the AES-128-GCM key.
    let key: SymmetricKey
    /// `NONCE`: the nonce of the first (here the only) record.
    let nonce: AES.GCM.Nonce

    /// `"WebPush: info" || 0x00`, the start of `key_info`.
    private static let keyInfoLabel = Array("WebPush: info".utf8) + [0]
    /// `cek_info`.
    private static let keyLabel = Array("Content-Encoding: aes128gcm".utf8) + [0]
    /// `nonce_info`.
    private static let nonceLabel = Array("Content-Encoding: nonce".utf8) + [0]

    /// The keys for the agreement of the message's `ephemeralKey` (the application server's key,
    /// whose uncompressed public point is `ephemeralPublicKey`) with `subscription`'s key, under
    /// its auth secret and the message's `salt`.
    init(
        ephemeralKey: P256.KeyAgreement.PrivateKey, ephemeralPublicKey: [UInt8], subscription: WebPushSubscription,
        salt: [UInt8]
    ) throws {
        let shared = try ephemeralKey.sharedSecretFromKeyAgreement(with: subscription.userAgentKey)
        // key_info = "WebPush: info" || 0x00 || ua_public || as_public
        let keyInfo = Self.keyInfoLabel + subscription.userAgentKeyBytes + ephemeralPublicKey
        let inputKeyMaterial = shared.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: subscription.authSecret, sharedInfo: keyInfo, outputByteCount: 32)
        // One PRK for both: HKDF-Expand(HKDF-Extract(salt, IKM), info, length) is HKDF of each.
        let pseudoRandomKey = HKDF<SHA256>.extract(inputKeyMaterial: inputKeyMaterial, salt: salt)
        key = HKDF<SHA256>.expand(pseudoRandomKey: pseudoRandomKey, info: Self.keyLabel, outputByteCount: 16)
        let nonceBytes = HKDF<SHA256>.expand(pseudoRandomKey: pseudoRandomKey, info: Self.nonceLabel, outputByteCount: 12)
        nonce = try nonceBytes.withUnsafeBytes { try AES.GCM.Nonce(data: $0) }
    }
}
