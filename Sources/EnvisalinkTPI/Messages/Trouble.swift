/// The panel troubles that come as a pair of codes without data: one when the trouble begins
/// (``PanelMessage/trouble(_:)``) and one when it ends (``PanelMessage/troubleRestored(_:)``).
public enum Trouble: Sendable, Hashable, CaseIterable {
    /// `800` / `801`: the panel's battery is low.
    case panelBattery
    /// `802` / `803`: AC power is lost.
    case acPower
    /// `806` / `807`: the bell (siren) circuit has a trouble.
    case bell
    /// `810` / `811`: telephone line 1 has a trouble.
    case phoneLine1
    /// `812` / `813`: telephone line 2 has a trouble.
    case phoneLine2
    /// `814` / `815`: the panel failed to communicate with the monitoring station.
    case communication
    /// `816` (no restore code): the event buffer is nearly full.
    case eventBufferNearFull
    /// `821` / `822`: a wireless device's battery is low.
    case deviceLowBattery
    /// `825` / `826`: a wireless key's battery is low.
    case wirelessKeyLowBattery
    /// `827` / `828`: a handheld keypad's battery is low.
    case handheldKeypadLowBattery
    /// `829` / `830`: the system (cabinet) tamper.
    case systemTamper
    /// `831` / `832` without data (IT-100): a home-automation trouble.
    case homeAutomation
    /// `842` / `843`: a fire trouble.
    case fire
    /// `896` / `897`: the keybus has a fault.
    case keybus

    /// The code sent when the trouble begins, e.g. `"802"`.
    public var troubleCode: String { codes.trouble }

    /// The code sent when the trouble ends, e.g. `"803"`; `nil` for ``eventBufferNearFull``.
    public var restoreCode: String? { codes.restore }

    private var codes: (trouble: String, restore: String?) {
        switch self {
        case .panelBattery: ("800", "801")
        case .acPower: ("802", "803")
        case .bell: ("806", "807")
        case .phoneLine1: ("810", "811")
        case .phoneLine2: ("812", "813")
        case .communication: ("814", "815")
        case .eventBufferNearFull: ("816", nil)
        case .deviceLowBattery: ("821", "822")
        case .wirelessKeyLowBattery: ("825", "826")
        case .handheldKeypadLowBattery: ("827", "828")
        case .systemTamper: ("829", "830")
        case .homeAutomation: ("831", "832")
        case .fire: ("842", "843")
        case .keybus: ("896", "897")
        }
    }
}
