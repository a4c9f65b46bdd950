/// One of the eight data mask patterns (ISO/IEC 18004, 7.8.2): the data modules where the
/// condition holds are inverted, to avoid patterns that confuse readers. ``QRCode`` picks
/// the pattern with the lowest penalty unless one is asked for.
public enum QRMask: Int, Sendable, Hashable, CaseIterable {
    /// (row + column) mod 2 = 0
    case pattern0 = 0
    /// row mod 2 = 0
    case pattern1
    /// column mod 3 = 0
    case pattern2
    /// (row + column) mod 3 = 0
    case pattern3
    /// (⌊row / 2⌋ + ⌊column / 3⌋) mod 2 = 0
    case pattern4
    /// (row × column) mod 2 + (row × column) mod 3 = 0
    case pattern5
    /// ((row × column) mod 2 + (row × column) mod 3) mod 2 = 0
    case pattern6
    /// ((row + column) mod 2 + (row × column) mod 3) mod 2 = 0
    case pattern7

    /// Whether the pattern inverts the module in column `x`, row `y`.
    func inverts(x: Int, y: Int) -> Bool {
        switch self {
        case .pattern0: (y + x) % 2 == 0
        case .pattern1: y % 2 == 0
        case .pattern2: x % 3 == 0
        case .pattern3: (y + x) % 3 == 0
        case .pattern4: (y / 2 + x / 3) % 2 == 0
        case .pattern5: (y * x) % 2 + (y * x) % 3 == 0
        case .pattern6: ((y * x) % 2 + (y * x) % 3) % 2 == 0
        case .pattern7: ((y + x) % 2 + (y * x) % 3) % 2 == 0
        }
    }
}
