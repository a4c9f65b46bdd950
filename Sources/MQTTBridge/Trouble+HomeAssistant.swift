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
}
