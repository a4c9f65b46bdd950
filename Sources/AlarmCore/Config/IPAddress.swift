#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address. An IPv4-mapped IPv6 address (`::ffff:192.0.2.7`, what a dual-stack
/// socket reports for an IPv4 peer) is its IPv4 address, so both spellings compare equal.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// 4 bytes for IPv4, 16 for IPv6, in network order.
    let bytes: [UInt8]

    /// Reads an address in the usual text form (`192.0.2.7`, `2001:db8::1`); `nil` for anything else.
    public init?(_ text: some StringProtocol) {
        if let bytes = Self.parse(String(text), family: AF_INET, size: 4) {
            self.bytes = bytes
        } else if let bytes = Self.parse(String(text), family: AF_INET6, size: 16) {
            let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]
            self.bytes = bytes.starts(with: mappedPrefix) ? Array(bytes[12...]) : bytes
        } else {
            return nil
        }
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The address in its canonical text form (`2001:db8::1`, lower case, zeros compressed).
    public var description: String {
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = bytes.withUnsafeBytes { raw in
            inet_ntop(family, raw.baseAddress, &text, socklen_t(text.count))
        }
        guard written != nil else { return "?" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func parse(_ text: String, family: Int32, size: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: size)
        let parsed = bytes.withUnsafeMutableBytes { inet_pton(family, text, $0.baseAddress) }
        return parsed == 1 ? bytes : nil
    }
}
