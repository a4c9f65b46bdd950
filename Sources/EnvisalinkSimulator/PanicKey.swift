/// The keypad's emergency keys, as `060` numbers them.
enum PanicKey: Int, Sendable, Hashable {
    /// `0601`: the F (fire) key: `621`, then its restore `622`.
    case fire = 1
    /// `0602`: the A (auxiliary, ambulance) key: `623`, then `624`.
    case ambulance = 2
    /// `0603`: the P (panic, police) key: `625`, then `626`.
    case police = 3

    /// The alarm message's code; its restore is the next code.
    var alarmCode: Int { 619 + 2 * rawValue }
}
