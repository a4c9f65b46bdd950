/// How much of a QR code can be damaged and still read (ISO/IEC 18004, 5.3.6): about 7 % of
/// its codewords at ``low``, 15 % at ``medium``, 25 % at ``quartile``, 30 % at ``high``.
/// Higher levels hold fewer bytes in a symbol of the same size.
public enum QRErrorCorrection: Sendable, Hashable, CaseIterable {
    /// Level L: about 7 % of the codewords can be restored.
    case low
    /// Level M: about 15 %, the usual choice for a code shown on a screen.
    case medium
    /// Level Q: about 25 %.
    case quartile
    /// Level H: about 30 %.
    case high

    /// The level's two bits in the format information (ISO/IEC 18004, table 12).
    var formatBits: Int {
        switch self {
        case .low: 0b01
        case .medium: 0b00
        case .quartile: 0b11
        case .high: 0b10
        }
    }
}
