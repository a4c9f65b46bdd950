import Crypto

/// The browser's side of RFC 8291, for round trips: reads an `aes128gcm` body (RFC 8188) and
/// decrypts it with the subscription's private key and auth secret.
///
/// Written from the RFC's steps with HMAC directly, apart from the library's HKDF calls, so
/// that a shared mistake is less likely.
enum WebPushTestDecryptor {
    /// The plaintext of `body`, decrypted by the holder of `userAgentKey` and `authSecret`.
    static func decrypt(
        _ body: [UInt8], userAgentKey: P256.KeyAgreement.PrivateKey, authSecret: [UInt8]
    ) throws -> [UInt8] {
        guard body.count >= 21 else { throw DecryptionError.shortHeader }
        let salt = Array(body[0..<16])
        let recordSize = body[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let keyIDEnd = 21 + Int(body[20])
        guard recordSize >= 18, body.count >= keyIDEnd else { throw DecryptionError.shortHeader }
        let keyID = Array(body[21..<keyIDEnd])
        let record = Array(body[keyIDEnd...])
        guard record.count >= 17, record.count <= recordSize else { throw DecryptionError.notOneRecord }

        let applicationServerKey = try P256.KeyAgreement.PublicKey(x963Representation: keyID)
        let shared = try userAgentKey.sharedSecretFromKeyAgreement(with: applicationServerKey)
        let ecdhSecret = shared.withUnsafeBytes { Array($0) }
        let prkKey = hmac(key: authSecret, ecdhSecret)
        let keyInfo = Array("WebPush: info".utf8) + [0] + Array(userAgentKey.publicKey.x963Representation) + keyID
        let ikm = hmac(key: prkKey, keyInfo + [1])
        let prk = hmac(key: salt, ikm)
        let cek = hmac(key: prk, Array("Content-Encoding: aes128gcm".utf8) + [0, 1]).prefix(16)
        let nonce = hmac(key: prk, Array("Content-Encoding: nonce".utf8) + [0, 1]).prefix(12)

        let box = try AES.GCM.SealedBox(
            nonce: AES.GCM.Nonce(data: nonce), ciphertext: record.dropLast(16), tag: record.suffix(16))
        var padded = try AES.GCM.open(box, using: SymmetricKey(data: cek))
        while padded.last == 0 { padded.removeLast() }
        guard padded.last == 0x02 else { throw DecryptionError.notLastRecordDelimiter }
        return Array(padded.dropLast())
    }

    private static func hmac(key: [UInt8], _ message: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
    }

    enum DecryptionError: Error {
        case shortHeader
        case notOneRecord
        case notLastRecordDelimiter
    }
}
