/// The named commands a client may put on a command tube, as a plain string (`arm`)
/// or as the `code` of a JSON command (`{"type":"command","code":"arm","partition":2}`).
///
/// The integrator translates each into the panel's own command; the names are panel-independent.
public enum SimpleCommand: String, Sendable, Hashable, CaseIterable {
    /// Ask the panel for a full status report.
    case status
    /// Arm in away mode (the original HowAlarming behaviour of `arm`).
    case arm
    /// Disarm, using the integrator's configured code.
    case disarm
    /// Raise a fire panic alarm.
    case fire
    /// Raise a medical (auxiliary) panic alarm.
    case medical
    /// Raise a police panic alarm.
    case police
    /// Arm in stay mode: interior zones are bypassed so people can stay inside.
    case armStay = "arm_stay"
    /// Arm in away mode; the same as ``arm``, named explicitly.
    case armAway = "arm_away"
    /// Arm with no entry delay (zero-entry arming): opening an entry door alarms at once.
    case armInstant = "arm_instant"
    /// Bypass zones (the command's `zones` or `profile`), so that they are not armed, through the
    /// keypad's `*1` menu; the integrator checks the panel's bypass report (`616`) afterwards.
    case bypass
    /// Un-bypass zones (the command's `zones` or `profile`): the opposite of ``bypass``.
    case unbypass
    /// Turn the partition's door chime on, through the keypad's `*4` (which toggles it); the
    /// integrator checks the panel's chime report (`663`) afterwards.
    case chimeOn = "chime_on"
    /// Turn the partition's door chime off: the opposite of ``chimeOn`` (`664`).
    case chimeOff = "chime_off"

    /// Whether the command takes `zones` or a `profile` (and needs one of them).
    public var takesZones: Bool { self == .bypass || self == .unbypass }

    /// The door chime state the command asks for: `true` for ``chimeOn``, `false` for
    /// ``chimeOff``, `nil` for the other commands.
    public var chime: Bool? {
        switch self {
        case .chimeOn: true
        case .chimeOff: false
        default: nil
        }
    }

    /// The command named `name`, in any letter case.
    /// - Throws: a ``FormatError`` listing the valid names, quoting `name` only when it has no digits.
    public init(named name: String) throws(FormatError) {
        guard let command = SimpleCommand(rawValue: name.lowercased()) else {
            throw FormatError(
                field: nil,
                reason: "unknown command \(AlarmCommand.excerptUnlessDigits(name)); valid commands: \(Self.validNames)"
            )
        }
        self = command
    }

    /// Every command name, comma-separated, for error messages and help text.
    static var validNames: String {
        allCases.map(\.rawValue).joined(separator: ", ")
    }
}
