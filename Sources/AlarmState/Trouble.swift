/// A panel trouble the events report (`8xx` codes, the bits of `849`, and a zone's tamper, fault
/// or low battery); the raw value is its stable name, for topics, ids and the status document.
public enum Trouble: String, Sendable, Hashable, CaseIterable, Codable {
    /// AC power lost (`802`/`803`, `849` bit 1).
    case acPower = "ac_power"
    /// Panel battery low (`800`/`801`).
    case panelBattery = "battery"
    /// Bell (siren) circuit trouble (`806`/`807`).
    case bell
    /// Telephone line 1 trouble (`810`/`811`; `849` bit 2, which does not say which line).
    case phoneLine = "phone_line"
    /// Telephone line 2 trouble (`812`/`813`).
    case phoneLine2 = "phone_line_2"
    /// Failure to communicate with the monitoring station (`814`/`815`, `849` bit 3).
    case communication = "comm_failure"
    /// A wireless device's battery low (`821`/`822`).
    case deviceBattery = "device_battery"
    /// A wireless key's battery low (`825`/`826`).
    case wirelessKeyBattery = "wireless_key_battery"
    /// A handheld keypad's battery low (`827`/`828`).
    case keypadBattery = "keypad_battery"
    /// System tamper (`829`/`830`).
    case systemTamper = "tamper"
    /// Home automation trouble (`831`/`832` without a zone).
    case homeAutomation = "home_automation"
    /// The keypad's trouble light (`840`/`841`).
    case troubleLight = "trouble"
    /// Fire trouble (`842`/`843`).
    case fire = "fire_trouble"
    /// Keybus fault (`896`/`897`).
    case keybus
    /// Service required (`849` bit 0).
    case serviceRequired = "service_required"
    /// A zone fault (`849` bit 4; a zone's own: `605`/`606`).
    case zoneFault = "zone_fault"
    /// A zone tamper (`849` bit 5; a zone's own: `603`/`604`).
    case zoneTamper = "zone_tamper"
    /// A zone's battery low (`849` bit 6; a wireless zone's own: `832`/`833` with the zone).
    case zoneLowBattery = "zone_low_battery"
    /// The panel lost the time (`849` bit 7).
    case lossOfTime = "loss_of_time"
}

extension Trouble {
    /// Its name for people: `AC power`, `Panel battery`, `Phone line 2` …
    public var displayName: String {
        switch self {
        case .acPower: "AC power"
        case .panelBattery: "Panel battery"
        case .bell: "Bell"
        case .phoneLine: "Phone line"
        case .phoneLine2: "Phone line 2"
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
