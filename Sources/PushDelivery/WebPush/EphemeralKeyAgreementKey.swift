import Crypto

extension P256.KeyAgreement.PrivateKey {
    /// A new key for one message's key agreement (RFC 8291 §3.1), or `nil` in the rare case that
    /// eight draws in a row were no valid scalar: a private scalar of 32 bytes from the system's
    /// cryptographically secure generator, drawn again when it is 0 or not below the group order
    /// (a chance of about 2⁻³² each), so uniform over the valid scalars as `init()` draws them.
    ///
    /// Not `init()`: swift-crypto runs a FIPS pairwise self-test (an ECDSA signature and its
    /// verification, and a check of the public point) on every key it generates, which costs
    /// seven times the key itself; a key used once for ECDH and then dropped needs none of it.
    static func ephemeral() -> Self? {
        for _ in 0..<8 {
            if let key = try? Self(rawRepresentation: SymmetricKey(size: .bits256)) {
                return key
            }
        }
        return nil
    }
}
