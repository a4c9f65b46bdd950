/// Who armed or disarmed a partition last, its alarm memory (the zones that alarmed since it
/// was last armed), its door chime and its keypad (``PartitionKeypad``), as the events tell it:
/// for the status, the console and the MQTT bridge.
///
/// `700` (user closing) and `750` (user opening) events name the user; `601` (zone alarm) and
/// `603` (zone tamper) events add their zone to the memory, which is kept after the zones restore
/// and the partition is disarmed, and cleared when the partition is armed again (`656` exit delay,
/// or an `armed` event), as the panel clears its own. `663` (chime on) and `664` (chime off) set
/// the chime. Like the rest of the state, a late copy of an older event (same `source`, lower
/// `sequence`) does not undo what a newer one said.
public struct PartitionActivity: Sendable, Hashable, Codable {
    /// A user who armed or disarmed the partition.
    public struct User: Sendable, Hashable, Codable {
        /// The panel user number.
        public var number: Int
        /// The configured name (`user_name`), if any.
        public var name: String?
        /// Whether they armed it (`700`) rather than disarmed it (`750`).
        public var armed: Bool
        /// When, in Unix seconds.
        public var since: Int64
        var stamp: EventStamp

        /// `Anna (user 40)`, or `user 40` without a name.
        public var text: String { Self.text(number: number, name: name) }

        /// How messages name a user: `Anna (user 40)`, or `user 40` without a name.
        public static func text(number: Int, name: String?) -> String {
            name.map { "\($0) (user \(number))" } ?? "user \(number)"
        }
    }

    /// A zone of the alarm memory.
    public struct Zone: Sendable, Hashable, Codable {
        /// The zone number.
        public var number: Int
        /// Its configured name (`zone_name`), if any.
        public var name: String?
        /// When it alarmed first since the partition was armed, in Unix seconds.
        public var since: Int64
        var stamp: EventStamp

        /// Its name, or `zone 005` without one.
        public var text: String { name ?? "zone \(number.zeroPadded(3))" }
    }

    /// Who armed or disarmed the partition last; `nil` before a `700` or `750`.
    public private(set) var changedBy: User?
    /// The zones that alarmed since the partition was last armed, in the order they did.
    public private(set) var alarmMemory: [Zone] = []
    private var memoryClearedStamp: EventStamp?
    /// The keypad's LEDs and sounding, as far as the events tell them.
    public var keypad: PartitionKeypad { keypadRecord ?? PartitionKeypad() }
    /// `nil` in a state stored before the keypad was kept.
    private var keypadRecord: PartitionKeypad?

    /// The door chime, by the last `663`/`664`; `nil` before either.
    public private(set) var chime: Chime?

    /// A partition's door chime, as its last `663`/`664` said.
    public struct Chime: Sendable, Hashable, Codable {
        /// Whether it is on.
        public var on: Bool
        /// Since when, in Unix seconds.
        public var since: Int64
        var stamp: EventStamp
    }

    /// Nothing known.
    public init() {}

    /// Takes `event`, which concerns this partition, into account; returns whether anything changed.
    public mutating func apply(_ event: AlarmEvent) -> Bool {
        var keypad = self.keypad
        let keypadChanged = keypad.apply(event)
        if keypad != self.keypad { keypadRecord = keypad }
        return applyActivity(event) || keypadChanged
    }

    /// The keypad's LEDs (``PartitionKeypad/indicators(memory:bypass:)``), with the Memory LED
    /// derived from the alarm memory; `bypass`: whether a bypassed zone is the partition's.
    public func keypadIndicators(bypass: Bool) -> PartitionKeypad.Indicators {
        keypad.indicators(memory: !alarmMemory.isEmpty, bypass: bypass)
    }

    private mutating func applyActivity(_ event: AlarmEvent) -> Bool {
        let stamp = EventStamp(event)
        switch event.code {
        case "700", "750":
            guard let user = event.user, stamp.supersedes(changedBy?.stamp) else { return false }
            changedBy = User(number: user, name: event.userName, armed: event.code == "700", since: event.timestamp, stamp: stamp)
            return true
        case "601", "603":
            guard let zone = event.zone, stamp.supersedes(memoryClearedStamp),
                  !alarmMemory.contains(where: { $0.number == zone }) else { return false }
            alarmMemory.append(Zone(number: zone, name: event.zoneName, since: event.timestamp, stamp: stamp))
            return true
        case "663", "664":
            let on = event.code == "663"
            guard stamp.supersedes(chime?.stamp) else { return false }
            chime = Chime(on: on, since: chime?.on == on ? chime!.since : event.timestamp, stamp: stamp)
            return true
        default:
            guard event.code == "656" || event.type == .armed, stamp.supersedes(memoryClearedStamp) else { return false }
            memoryClearedStamp = stamp
            let before = alarmMemory
            // A zone that alarmed after this arming (a later event that came first) stays.
            alarmMemory.removeAll { stamp.supersedes($0.stamp) }
            return alarmMemory != before
        }
    }
}
