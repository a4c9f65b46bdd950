import EnvisalinkTPI

/// What an arming mode means for the simulated panel's zones.
extension ArmMode {
    /// Whether opening an armed zone alarms at once, without an entry delay.
    var hasNoEntryDelay: Bool { self == .zeroEntryAway || self == .zeroEntryStay }

    /// Whether interior zones stay unarmed.
    var isStay: Bool { self == .stay || self == .zeroEntryStay }

    /// Whether `zone` is armed in this mode (bypass aside): interior zones are not armed when staying.
    func arms(_ zone: SimulatedZone) -> Bool { !(isStay && zone.interior) }
}
