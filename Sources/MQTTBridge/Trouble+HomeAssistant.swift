import AlarmState

extension Trouble {
    /// The trouble's `binary_sensor` device class: `power` for AC (on = present), `battery`,
    /// `tamper`, otherwise `problem`.
    var deviceClass: String {
        switch self {
        case .acPower: "power"
        case .panelBattery, .deviceBattery, .wirelessKeyBattery, .keypadBattery, .zoneLowBattery: "battery"
        case .systemTamper, .zoneTamper: "tamper"
        default: "problem"
        }
    }

    /// Whether the sensor is on while the trouble is active: all but AC power, whose sensor is
    /// on while the power is there.
    var isOnWhenActive: Bool { self != .acPower }

    /// The entity's name.
    var displayName: String {
        switch self {
        case .acPower: "AC power"
        case .panelBattery: "Panel battery"
        case .bell: "Bell"
        case .phoneLine: "Phone line"
        case .communication: "Communication"
        case .deviceBattery: "Device battery"
        case .wirelessKeyBattery: "Wireless key battery"
        case .keypadBattery: "Keypad battery"
        case .systemTamper: "System tamper"
        case .homeAutomation: "Home automation"
        case .troubleLight: "Trouble"
        case .fire: "Fire trouble"
        case .keybus: "Keybus"
        case .serviceRequired: "Service required"
        case .zoneFault: "Zone fault"
        case .zoneTamper: "Zone tamper"
        case .zoneLowBattery: "Zone low battery"
        case .lossOfTime: "Loss of time"
        }
    }
}
