/// The mode of a `652` (partition armed) message.
public enum ArmMode: Sendable, Hashable {
    /// `0`: away.
    case away
    /// `1`: stay (interior zones bypassed).
    case stay
    /// `2`: away with no entry delay.
    case zeroEntryAway
    /// `3`: stay with no entry delay.
    case zeroEntryStay
    /// Any other digit, kept as sent.
    case unknown(Int)

    /// The mode for the digit `digit` (0–9).
    init(digit: Int) {
        switch digit {
        case 0: self = .away
        case 1: self = .stay
        case 2: self = .zeroEntryAway
        case 3: self = .zeroEntryStay
        default: self = .unknown(digit)
        }
    }

    /// The digit that stands for this mode after the partition in a `652`: the inverse of decoding.
    public var digit: Int {
        switch self {
        case .away: 0
        case .stay: 1
        case .zeroEntryAway: 2
        case .zeroEntryStay: 3
        case let .unknown(digit): digit
        }
    }
}

extension ArmMode: CustomStringConvertible {
    /// `away`, `stay`, `zero-entry away`, `zero-entry stay`, or `mode 7` for an unknown digit.
    public var description: String {
        switch self {
        case .away: "away"
        case .stay: "stay"
        case .zeroEntryAway: "zero-entry away"
        case .zeroEntryStay: "zero-entry stay"
        case let .unknown(digit): "mode \(digit)"
        }
    }
}
