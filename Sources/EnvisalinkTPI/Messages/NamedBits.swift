/// A byte of flags whose every bit has a name, as in `510`/`511` and `849`.
protocol NamedBits: OptionSet, Sendable where RawValue == UInt8, Element == Self {
    /// Every bit, lowest first, with its name.
    static var bitNames: [(bit: Self, name: String)] { get }
}

extension NamedBits {
    /// The names of the bits that are set, lowest bit first.
    var names: [String] {
        Self.bitNames.filter { contains($0.bit) }.map(\.name)
    }
}
