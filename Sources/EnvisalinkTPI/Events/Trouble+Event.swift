internal import AlarmCore

extension Trouble {
    /// The type of the trouble's event: `alarm` for the system tamper and the fire trouble,
    /// `fault` for the others. A restore is always `recovery`.
    var eventType: EventType {
        switch self {
        case .systemTamper, .fire: .alarm
        default: .fault
        }
    }

    /// The message when the trouble begins, e.g. `AC power lost`.
    var text: String { texts.trouble }

    /// The message when the trouble ends, e.g. `AC power restored`.
    var restoreText: String { texts.restore }

    private var texts: (trouble: String, restore: String) {
        switch self {
        case .panelBattery: ("Panel battery trouble", "Panel battery restored")
        case .acPower: ("AC power lost", "AC power restored")
        case .bell: ("Bell trouble", "Bell restored")
        case .phoneLine1: ("Phone line 1 trouble", "Phone line 1 restored")
        case .phoneLine2: ("Phone line 2 trouble", "Phone line 2 restored")
        case .communication: ("Failure to communicate", "Communication restored")
        case .eventBufferNearFull: ("Event buffer near full", "Event buffer no longer near full")
        case .deviceLowBattery: ("Device low battery", "Device battery restored")
        case .wirelessKeyLowBattery: ("Wireless key low battery", "Wireless key battery restored")
        case .handheldKeypadLowBattery: ("Handheld keypad low battery", "Handheld keypad battery restored")
        case .systemTamper: ("System tamper", "System tamper restored")
        case .homeAutomation: ("Home automation trouble", "Home automation restored")
        case .fire: ("Fire trouble", "Fire trouble restored")
        case .keybus: ("Keybus fault", "Keybus restored")
        }
    }
}
