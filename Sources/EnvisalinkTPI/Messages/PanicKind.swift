/// The three emergencies of a DSC keypad: the F, A and P keys (`621`–`626`) and the
/// panic command (`060` with `1`, `2` or `3`).
public enum PanicKind: Int, Sendable, Hashable, CaseIterable {
    /// `1`: fire (the F key).
    case fire = 1
    /// `2`: ambulance, the auxiliary or medical emergency (the A key).
    case ambulance = 2
    /// `3`: police, the panic emergency (the P key).
    case police = 3

    /// The code of the key's alarm (``PanelMessage/keyAlarm(_:)``), e.g. `"621"` for fire.
    public var alarmCode: String { codes.alarm }

    /// The code of the key's alarm restore (``PanelMessage/keyAlarmRestored(_:)``), e.g. `"622"` for fire.
    public var restoreCode: String { codes.restore }

    private var codes: (alarm: String, restore: String) {
        switch self {
        case .fire: ("621", "622")
        case .ambulance: ("623", "624")
        case .police: ("625", "626")
        }
    }
}
