/// A command to the Envisalink (client → EVL), encoded by ``frame()``.
///
/// Values are checked when they are encoded, not when they are made. Descriptions and
/// reflection (`"\(command)"`, `String(reflecting:)`, `dump`) show the redacted frame, never
/// a password, an access code or a raw command's data.
public enum PanelCommand: Sendable, Hashable {
    /// `000`: poll; the Envisalink answers `500000`. The keep-alive every client uses.
    case poll
    /// `001`: ask for a full status report.
    case statusReport
    /// `005`: log in. The Envisalink takes at most 6 characters, so a longer password is cut to 6.
    case login(password: String)
    /// `008`: ask for the zone timers (`615`).
    case dumpZoneTimers
    /// `010` `hhmmMMDDYY`: set the panel's clock.
    case setTime(PanelDateTime)
    /// `020` `P` + PGM: activate command output (PGM) 1–4 of a partition. Both digits are sent.
    case commandOutput(partition: Int, pgm: Int)
    /// `030` `P`: arm away.
    case armAway(partition: Int)
    /// `031` `P`: arm stay.
    case armStay(partition: Int)
    /// `032` `P`: arm with no entry delay. The panel may ask for a code (`900`).
    case armZeroEntry(partition: Int)
    /// `033` `P` + code: arm with an access code of 4–6 digits.
    case armWithCode(partition: Int, code: String)
    /// `040` `P` + code: disarm with an access code of 4–6 digits.
    case disarm(partition: Int, code: String)
    /// `055`: turn the `HH:MM:SS ` timestamp prefix of every message on or off.
    case timestampControl(on: Bool)
    /// `056`: turn the `550` time broadcast on or off.
    case timeBroadcast(on: Bool)
    /// `057`: turn the `561`/`562` temperature broadcasts on or off.
    case temperatureBroadcast(on: Bool)
    /// `060` `1`/`2`/`3`: raise a fire, ambulance or police panic alarm.
    case panic(PanicKind)
    /// `070`: press one key of partition 1's keypad: `0`–`9`, `*`, `#` or `A`.
    case singleKey(Character)
    /// `071` `P` + keys: press up to 6 keys (`0`–`9`, `*`, `#`) on a partition's keypad.
    case keyString(partition: Int, keys: String)
    /// `074` `P`: reset the panel's time-out timer for a partition.
    case keepAlive(partition: Int)
    /// `200`: send an access code of 4–6 digits, in answer to `900`.
    case codeSend(code: String)
    /// Any command: a 3-digit code and printable ASCII data of at most 64 characters.
    case raw(code: String, data: String)
}

extension PanelCommand {
    /// Whether the command can press keypad keys or enter programming: `070` single keys, `071`
    /// key strings and the raw codes `070`–`073` (`072`/`073` enter \*5/\*6 programming).
    /// Single keys count too, since a series of them is a key string. The integrator sends these
    /// only when its allow-list permits.
    public var isProgramming: Bool {
        switch self {
        case .singleKey, .keyString: true
        case let .raw(code, _): ["070", "071", "072", "073"].contains(code)
        default: false
        }
    }
}

extension PanelCommand: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The redacted frame, e.g. `040 1****`; a raw command's data is masked whatever its code.
    public var description: String {
        guard let frame = try? frame() else { return "invalid \(isRaw ? "raw" : code) command" }
        guard isRaw else { return frame.redacted }
        return frame.data.isEmpty ? frame.code : "\(frame.code) \(String(repeating: "*", count: frame.data.count))"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// A mirror without children, so that `dump` shows no secrets.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .enum) }

    private var isRaw: Bool {
        if case .raw = self { return true }
        return false
    }
}
