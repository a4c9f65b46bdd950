import EnvisalinkTPI

/// A system trouble the operator can raise on the simulated panel (`trouble ac|battery on|off`);
/// the raw value is its name on the control interface.
enum SimulatedTrouble: String, Sendable, Hashable {
    /// Panel battery low: `800`/`801`, verbose trouble bit 0 (service required).
    case battery
    /// AC power lost: `802`/`803`, verbose trouble bit 1.
    case acPower = "ac"

    /// The panel trouble, whose codes the panel sends when it begins and ends.
    var panelTrouble: Trouble {
        switch self {
        case .battery: .panelBattery
        case .acPower: .acPower
        }
    }

    /// Its bit in the verbose trouble status (`849`).
    var bit: TroubleBits {
        switch self {
        case .battery: .serviceRequired
        case .acPower: .acPowerLost
        }
    }
}
