/// Comparisons whose duration does not depend on where the inputs differ.
enum ConstantTime {
    /// Whether `lhs` and `rhs` hold the same bytes. Every byte is compared, so the time taken
    /// tells nothing about how much of a guess was right; only the lengths (public: token hashes
    /// are all 32 bytes) end it early.
    static func equals(_ lhs: some Collection<UInt8>, _ rhs: some Collection<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(lhs, rhs) {
            difference |= left ^ right
        }
        return difference == 0
    }
}
