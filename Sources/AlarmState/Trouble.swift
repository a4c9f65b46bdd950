/// A panel trouble the events report (`8xx` codes and the bits of `849`); the raw value is its
/// stable name, for topics and ids.
public enum Trouble: String, Sendable, Hashable, CaseIterable {
    /// AC power lost (`802`/`803`, `849` bit 1).
    case acPower = "ac_power"
    /// Panel battery low (`800`/`801`).
    case panelBattery = "battery"
    /// Bell (siren) circuit trouble (`806`/`807`).
    case bell
    /// Telephone line trouble (`810`–`813`, lines 1 and 2; `849` bit 2).
    case phoneLine = "phone_line"
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
    /// A zone fault (`849` bit 4).
    case zoneFault = "zone_fault"
    /// A zone tamper (`849` bit 5).
    case zoneTamper = "zone_tamper"
    /// A zone's battery low (`849` bit 6).
    case zoneLowBattery = "zone_low_battery"
    /// The panel lost the time (`849` bit 7).
    case lossOfTime = "loss_of_time"
}
