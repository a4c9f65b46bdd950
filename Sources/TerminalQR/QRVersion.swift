/// A QR code version: the symbol's size, from version 1 (21 × 21 modules) to 40
/// (177 × 177), four modules more per version.
public struct QRVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The version's number, 1...40.
    public let number: Int

    /// Version `number`, or nil unless it is 1...40.
    public init?(_ number: Int) {
        guard (1...40).contains(number) else { return nil }
        self.number = number
    }

    /// Every version, smallest first.
    public static let all: [QRVersion] = (1...40).map { QRVersion(unchecked: $0) }

    private init(unchecked number: Int) {
        self.number = number
    }

    /// The number of modules on a side (without the quiet zone).
    public var size: Int { number * 4 + 17 }

    public var description: String { "version \(number)" }

    public static func < (lhs: QRVersion, rhs: QRVersion) -> Bool { lhs.number < rhs.number }
}
