/// How a partition is armed: the `M` digit of `652` (armed).
enum ArmMode: Int, Sendable, Hashable, CustomStringConvertible {
    case away = 0
    case stay = 1
    case zeroEntryAway = 2
    case zeroEntryStay = 3

    /// Whether opening an armed zone alarms at once, without an entry delay.
    var hasNoEntryDelay: Bool { self == .zeroEntryAway || self == .zeroEntryStay }

    /// Whether interior zones stay unarmed.
    var isStay: Bool { self == .stay || self == .zeroEntryStay }

    var description: String {
        switch self {
        case .away: "away"
        case .stay: "stay"
        case .zeroEntryAway: "zero-entry away"
        case .zeroEntryStay: "zero-entry stay"
        }
    }
}
