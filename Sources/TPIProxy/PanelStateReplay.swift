public import EnvisalinkTPI

/// The panel's state as its own frames said it last, for answering proxy clients' `001` (status)
/// and `008` (zone timers) without asking the panel again.
///
/// Fed every frame the panel sends the integrator (whose own `001` at login fills it), it keeps
/// per zone the last `609`/`610` and when the zone closed, per partition the last readiness
/// (`650`/`651`/`653`) and arming state (`652`, `654`–`657`), the trouble LED (`840`/`841`), the
/// verbose trouble (`849`) while there is one, and the keypad LEDs (`510`/`511`). Pure: time comes in.
public struct PanelStateReplay: Sendable {
    /// The zones a `615` covers, as on the EVL.
    public static let timedZones = 1...64

    private struct Zone: Sendable {
        var frame: TPIFrame
        var closedAt: ContinuousClock.Instant?
        var isOpen: Bool { frame.code == "609" }
    }

    private var zones: [Int: Zone] = [:]
    private var readiness: [Int: TPIFrame] = [:]
    private var arming: [Int: TPIFrame] = [:]
    private var troubleLEDs: [Int: TPIFrame] = [:]
    private var verboseTrouble: TPIFrame?
    private var keypadLEDs: TPIFrame?
    private var flashingLEDs: TPIFrame?

    /// Knows nothing yet.
    public init() {}

    /// Whether nothing has been recorded since the start or the last ``forget()``.
    public var isEmpty: Bool {
        zones.isEmpty && readiness.isEmpty && arming.isEmpty && troubleLEDs.isEmpty
            && verboseTrouble == nil && keypadLEDs == nil && flashingLEDs == nil
    }

    /// Takes in a frame the panel sent at `now`; frames that are not state are ignored.
    public mutating func record(_ frame: TPIFrame, at now: ContinuousClock.Instant) {
        switch frame.code {
        case "609":
            guard let zone = Self.zone(of: frame) else { return }
            zones[zone] = Zone(frame: frame, closedAt: nil)
        case "610":
            guard let zone = Self.zone(of: frame) else { return }
            let wasOpen = zones[zone]?.isOpen ?? false
            zones[zone] = Zone(frame: frame, closedAt: wasOpen ? now : zones[zone]?.closedAt)
        case "650", "651", "653":
            Self.partition(of: frame).map { readiness[$0] = frame }
        case "652", "654", "655", "656", "657":
            Self.partition(of: frame).map { arming[$0] = frame }
        case "840":
            Self.partition(of: frame).map { troubleLEDs[$0] = frame }
        case "841":
            Self.partition(of: frame).map { troubleLEDs[$0] = frame }
            verboseTrouble = nil
        case "849":
            verboseTrouble = frame.data.allSatisfy { $0 == "0" } ? nil : frame
        case "510":
            keypadLEDs = frame
        case "511":
            flashingLEDs = frame
        default:
            break
        }
    }

    /// Forgets everything: the panel link dropped, and what it said may no longer be true.
    public mutating func forget() {
        self = PanelStateReplay()
    }

    /// The frames of a status report, in the order an EVL sends them: each zone open or restored,
    /// each partition's readiness and arming state, the trouble LEDs, the verbose trouble, the LEDs.
    public func statusReport() -> [TPIFrame] {
        var frames = zones.keys.sorted().compactMap { zones[$0]?.frame }
        for partition in Set(readiness.keys).union(arming.keys).sorted() {
            frames += [readiness[partition], arming[partition]].compactMap { $0 }
        }
        frames += troubleLEDs.keys.sorted().compactMap { troubleLEDs[$0] }
        frames += [verboseTrouble, keypadLEDs, flashingLEDs].compactMap { $0 }
        return frames
    }

    /// The `615` an EVL would send at `now`: per zone 1–64 `FFFF` while open, then one less per
    /// 5 s since it closed; `0000` for a zone not seen open since the link came up.
    public func zoneTimers(at now: ContinuousClock.Instant) -> TPIFrame {
        EVLFrames.zoneTimers(Self.timedZones.map { number in
            guard let zone = zones[number] else { return 0 }
            return EVLFrames.zoneTimer(isOpen: zone.isOpen, closedFor: zone.closedAt.map { now - $0 })
        })
    }

    private static func zone(of frame: TPIFrame) -> Int? {
        frame.data.utf8.count == 3 ? Int(frame.data) : nil
    }

    private static func partition(of frame: TPIFrame) -> Int? {
        frame.data.first?.wholeNumberValue
    }
}
