import AlarmCore
import Crypto

/// A bearer token of the HTTP API: `hal_` and 43 base64url characters (256 random bits).
///
/// Only its SHA-256 hash is stored; the token itself is shown once, when it is created. The
/// prefix makes a leaked token recognisable (secret scanners, logs).
public struct APIToken: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// What every token starts with.
    public static let prefix = "hal_"
    /// Random bytes in a token.
    static let randomByteCount = 32
    /// Characters after the prefix: base64url of the random bytes, without padding.
    static let encodedLength = 43

    /// The token text. Give it to the user once; never log it.
    public let value: String

    /// A new random token.
    public static func generate() -> APIToken {
        let bytes = SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }
        return APIToken(unchecked: prefix + Base64URL.encode(bytes))
    }

    /// `text` as a token when it has the token format; `nil` otherwise (so it cannot be one).
    public init?(_ text: some StringProtocol) {
        let body = text.utf8.dropFirst(Self.prefix.utf8.count)
        guard text.hasPrefix(Self.prefix), body.count == Self.encodedLength,
            body.allSatisfy(Self.isBase64URL)
        else { return nil }
        value = String(text)
    }

    private init(unchecked value: String) {
        self.value = value
    }

    /// The SHA-256 hash of the token text, which is what the database keeps.
    var hash: [UInt8] {
        Array(SHA256.hash(data: Array(value.utf8)))
    }

    /// Always `hal_…`: a token never appears in full in logs or messages.
    public var description: String { Self.prefix + "…" }

    /// Always `hal_…`.
    public var debugDescription: String { description }

    /// A mirror without children, so `dump` shows no token either.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    /// Whether `byte` is a base64url character.
    static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
