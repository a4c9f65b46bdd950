/// Why some bytes from the TPI link are not a valid frame. Logged, then skipped.
public struct TPIFrameProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, e.g. `bad checksum 3F, expected 3E`.
    public let reason: String
    /// A short, printable excerpt of the offending bytes (at most 32 characters).
    public let excerpt: String

    public init(_ reason: String, excerpt: some StringProtocol) {
        self.reason = reason
        self.excerpt = String(excerpt.unicodeScalars.prefix(32).map { scalar in
            (0x20..<0x7F).contains(scalar.value) ? Character(scalar) : "?"
        })
    }

    public var description: String { "\(reason) (\"\(excerpt)\")" }
}
