/// The three emergencies of a DSC keypad: the F, A and P keys (`621`–`626`) and the
/// panic command (`060` with `1`, `2` or `3`).
public enum PanicKind: Int, Sendable, Hashable, CaseIterable {
    /// `1`: fire (the F key).
    case fire = 1
    /// `2`: ambulance, the auxiliary or medical emergency (the A key).
    case ambulance = 2
    /// `3`: police, the panic emergency (the P key).
    case police = 3
}
