/// One Envisalink TPI frame: a 3-digit code and its ASCII data, as in `609001` → code `609`, data `001`.
///
/// On the wire a frame is `CCC` + data + a 2-digit uppercase hex checksum + CRLF; the
/// checksum is the low 8 bits of the sum of the ASCII values of code and data.
public struct TPIFrame: Sendable, Hashable {
    /// The 3-digit code, e.g. `"609"`.
    public let code: String
    /// The data after the code, printable ASCII (may be empty).
    public let data: String

    /// A frame with a validated code (3 ASCII digits) and data (printable ASCII, no CR/LF).
    public init(code: String, data: String = "") throws(TPIFrameProblem) {
        guard code.utf8.count == 3, code.utf8.allSatisfy(TPIFrame.isDigit) else {
            throw TPIFrameProblem("code must be 3 digits", excerpt: code)
        }
        guard data.utf8.allSatisfy(TPIFrame.isPrintable) else {
            throw TPIFrameProblem("data must be printable ASCII", excerpt: data)
        }
        self.code = code
        self.data = data
    }

    /// A frame whose code and data are known to be valid: they are not checked.
    package init(validCode code: String, data: String) {
        self.code = code
        self.data = data
    }

    /// The checksum of `bytes`: the low 8 bits of their sum.
    public static func checksum(of bytes: some Sequence<UInt8>) -> UInt8 {
        bytes.reduce(0) { $0 &+ $1 }
    }

    /// The two uppercase hex digits of this frame's checksum.
    public var checksum: String {
        let sum = Self.checksum(of: code.utf8) &+ Self.checksum(of: data.utf8)
        return Self.hex(sum)
    }

    /// The bytes to send: code, data, checksum and CRLF.
    public var wireBytes: [UInt8] {
        Array(code.utf8) + Array(data.utf8) + Array(checksum.utf8) + [0x0D, 0x0A]
    }

    /// The frame for logs and events, with secrets masked: passwords and codes become `*`.
    ///
    /// `005` (login) hides its whole data; `033`/`040`/`071` (arm with code, disarm, key string)
    /// keep the partition digit; `070` (single key) and `200` (code send) hide everything.
    public var redacted: String {
        let shown: String
        switch code {
        case "005", "070", "200":
            shown = String(repeating: "*", count: data.count)
        case "033", "040", "071":
            shown = String(data.prefix(1)) + String(repeating: "*", count: max(0, data.count - 1))
        default:
            shown = data
        }
        return shown.isEmpty ? code : "\(code) \(shown)"
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    static func isPrintable(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

    /// Two uppercase hex digits, as the TPI writes checksums and bit fields: `hex(0x8F)` is `8F`.
    public static func hex(_ value: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [digits[Int(value >> 4)], digits[Int(value & 0x0F)]], as: UTF8.self)
    }
}

extension TPIFrame: CustomStringConvertible {
    /// The redacted form: safe to log.
    public var description: String { redacted }
}
