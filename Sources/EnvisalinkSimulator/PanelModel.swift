import EnvisalinkTPI
import Foundation

/// The simulated DSC panel, as the EVL reports it: partitions, zones, troubles, access codes,
/// and the EVL's own settings (timestamps, broadcasts, clock).
///
/// A pure value: every change goes through a method that returns the ``PanelEffect``s to carry
/// out (frames to send, timers to start or cancel), so the whole panel is testable without
/// sockets or clocks. A change is atomic: a command that fails changes nothing.
///
/// Behaviour, simplified from a real PowerSeries panel:
/// - A partition is ready when none of its zones is open, bypassed zones aside; only a ready,
///   disarmed partition arms. Arming runs the exit delay (`656`), then `652` and the closing.
/// - An armed zone (not bypassed; interior zones are unarmed in the stay modes) that opens
///   starts the entry delay (`657`); the zero-entry modes alarm at once. The alarm is `601` for
///   the zone and `654` for the partition; disarming (`750`, `655`) ends it.
/// - Zones left open at the end of the exit delay count as opening then.
/// - Keys (`070`, `071`) go through the keypad one by one: `*1` opens the bypass menu (over
///   several frames if need be), each zone's two digits toggle its bypass, `#` leaves the menu and
///   sends `616`. With ``SimulatorConfiguration/bypassCodeRequired`` `*1` asks for a code first
///   (`900`); a valid `200` opens the menu, a wrong one gets `670` and leaves it. Keys sent sooner than ``SimulatorConfiguration/keypadGap`` after the last are refused.
/// - `*4` toggles a partition's door chime (off at start) and sends `663`/`664`.
/// - Ready (`650`/`651`), the keypad LEDs (`510`, partition 1), the trouble LED (`840`/`841`)
///   and the verbose trouble (`849`) are sent whenever they change.
struct PanelModel: Sendable {
    /// A zone's definition and state.
    struct Zone: Sendable, Hashable {
        let definition: SimulatedZone
        var isOpen = false
        var isBypassed = false
        /// When it last closed; `nil` if it has not opened since the simulator started.
        var closedAt: ContinuousClock.Instant?
    }

    /// Who armed a partition: reported as `700` (user closing) or `701` (special closing).
    enum Closing: Sendable, Hashable {
        /// Armed with a user's code.
        case user(Int)
        /// Quick arm (`030`/`031`/`032` without a code).
        case special
    }

    /// A partition's arming state.
    enum PartitionState: Sendable, Hashable {
        case disarmed
        case exitDelay(ArmMode, Closing)
        case armed(ArmMode)
        /// Armed, and `zone` opened: the entry delay runs.
        case entryDelay(ArmMode, zone: Int)
        case alarm(ArmMode)

        /// The arming mode, unless disarmed.
        var mode: ArmMode? {
            switch self {
            case .disarmed: nil
            case .exitDelay(let mode, _), .armed(let mode), .entryDelay(let mode, _), .alarm(let mode): mode
            }
        }
    }

    /// An arming, or the `*1` bypass menu, that waits for a `200` after the panel sent `900`.
    struct CodeRequest: Sendable, Hashable {
        var partition: Int
        /// The arming mode; `nil` for the bypass menu
        /// (``SimulatorConfiguration/bypassCodeRequired``).
        var mode: ArmMode?
    }

    /// Where a partition's keypad is in a key sequence (no entry: idle).
    enum KeypadEntry: Sendable, Hashable {
        /// `*` was pressed.
        case star
        /// `*1` was pressed on a panel that wants a code for bypassing: waiting for the `200`.
        case bypassCode
        /// In the `*1` bypass menu, with the first digit of a zone number when one was pressed.
        case bypassMenu(firstDigit: Character?)
    }

    let configuration: SimulatorConfiguration
    var zones: [Int: Zone]
    /// Partitions 1…count, indexed by number.
    var partitions: [Int: PartitionState]
    /// Partitions that were in alarm since they were last armed (the Memory LED).
    var alarmMemory: Set<Int> = []
    var troubles: Set<SimulatedTrouble> = []
    var codeRequest: CodeRequest?
    /// The partitions whose door chime is on (`*4` toggles it).
    var chime: Set<Int> = []
    /// The keypads in the middle of a key sequence, by partition.
    var keypads: [Int: KeypadEntry] = [:]
    /// When the last keypad command (`070`/`071`) was taken, for ``SimulatorConfiguration/keypadGap``.
    var lastKeypadCommand: ContinuousClock.Instant?
    /// `055`: prefix every line with `HH:MM:SS `. The EVL keeps it across sessions.
    var timestamps = false
    /// `056`: send `550` every ``SimulatorConfiguration/timeBroadcastInterval``.
    var timeBroadcast = false
    /// `057`: accepted and remembered; there is no thermostat to report.
    var temperatureBroadcast = false
    /// The panel clock minus local time, in seconds (set by `010`).
    var clockOffset: Int64 = 0
    private var pending: [PanelEffect] = []

    /// A panel as `configuration` describes it: disarmed, all zones closed, no troubles.
    init(configuration: SimulatorConfiguration) {
        self.configuration = configuration
        zones = Dictionary(uniqueKeysWithValues: configuration.zones.map { ($0.number, Zone(definition: $0)) })
        partitions = Dictionary(uniqueKeysWithValues: (1...configuration.partitionCount).map { ($0, .disarmed) })
    }

    /// The time zone the panel's clock is read in: UTC, since ``Moment/wallSeconds`` already
    /// counts local time as if it were UTC.
    private static let clockZone = TimeZone.gmt

    /// The panel's clock at `moment`, as `550` (time broadcast) reports it.
    func panelTime(at moment: Moment) -> PanelDateTime {
        PanelDateTime(panelClock(at: moment), in: Self.clockZone)
    }

    /// The `HH:MM:SS ` prefix of every line while `055` has timestamps on, by the panel's clock.
    func timestampPrefix(at moment: Moment) -> String {
        TPILine.timestampPrefix(panelClock(at: moment), in: Self.clockZone)
    }

    /// Sets the panel's clock (`010`) to `time` at `moment`; its seconds start from 0.
    /// - Throws: `502020` (syntax error) for a time the calendar cannot place.
    mutating func setClock(to time: PanelDateTime, at moment: Moment) throws(SystemError) {
        guard let clock = time.date(in: Self.clockZone) else { throw .syntaxError }
        clockOffset = Int64(clock.timeIntervalSince1970) - moment.wallSeconds
    }

    /// The panel's clock at `moment`, to the second, read in ``clockZone``.
    private func panelClock(at moment: Moment) -> Date {
        Date(timeIntervalSince1970: TimeInterval(moment.wallSeconds + clockOffset))
    }

    /// Runs `body` on a copy and keeps the copy only if it succeeds, then adds the messages
    /// for every indicator that changed (ready, LEDs, troubles) and returns the effects.
    mutating func transaction(
        _ body: (inout PanelModel) throws(SystemError) -> Void
    ) throws(SystemError) -> [PanelEffect] {
        var copy = self
        let before = copy.indicators
        try body(&copy)
        copy.announceChanges(since: before)
        self = copy
        defer { pending = [] }
        return pending
    }

    /// ``transaction(_:)`` for changes that cannot fail.
    mutating func change(_ body: (inout PanelModel) -> Void) -> [PanelEffect] {
        do {
            return try transaction { (model: inout PanelModel) throws(SystemError) in body(&model) }
        } catch {
            preconditionFailure("a change that cannot fail threw \(error)")
        }
    }

    mutating func send(_ code: String, _ data: String = "") {
        pending.append(.send(.simulated(code, data)))
    }

    /// Sends a message that carries nothing but the partition, e.g. `6501` (ready).
    mutating func send(_ status: PartitionStatus, partition: Int) {
        send(status.code, "\(partition)")
    }

    mutating func start(_ timer: PanelTimer, after delay: Duration) {
        pending.append(.startTimer(timer, after: delay))
    }

    mutating func cancel(_ timer: PanelTimer) {
        pending.append(.cancelTimer(timer))
    }

    mutating func update(zone number: Int, _ body: (inout Zone) -> Void) {
        if var zone = zones[number] {
            body(&zone)
            zones[number] = zone
        }
    }
}
