/// The header of an `aes128gcm` body (RFC 8188 §2.1): `salt(16) || rs(4, big endian) ||
/// idlen(1) || keyid`. Web Push puts the message's ephemeral public key in `keyid` (RFC 8291 §4).
struct AES128GCMHeader {
    /// The 16-byte salt.
    let salt: [UInt8]
    /// The record size: the length of every record's ciphertext and tag but the last.
    let recordSize: UInt32
    /// The key identifier, at most 255 bytes.
    let keyID: [UInt8]

    /// The header's bytes.
    var bytes: [UInt8] {
        salt + (0..<4).reversed().map { UInt8(truncatingIfNeeded: recordSize >> ($0 * 8)) } + [UInt8(keyID.count)]
            + keyID
    }
}
