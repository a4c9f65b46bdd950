import AlarmCore
import EnvisalinkTPI
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// When the integrator sets the panel's clock (`010`) from the box's, and when it refuses to.
///
/// Pure: the time, whether the box's clock is synchronised and what the link says come in with
/// each input; what to send and to report comes out. The clock is set after every login, every
/// day at ``dailyAt`` on the panel's clock, and when a time broadcast (`550`) is more than
/// ``maxDrift`` seconds off; always to the box's time in ``timeZone`` (daylight saving time
/// included), and never from a box clock that is not synchronised: then it is told once, as a
/// `fault`, and the setting waits until the box's clock is synchronised (a `recovery` says so).
struct PanelClockPolicy: Sendable {
    /// Why the clock is set.
    enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// The link has logged in.
        case login
        /// The daily setting.
        case daily
        /// The panel's time broadcast was this many seconds ahead (positive) or behind (negative).
        case drift(seconds: Int64)

        var description: String {
            switch self {
            case .login: "after login"
            case .daily: "daily"
            case let .drift(seconds): "the panel's clock was \(seconds.magnitude) s \(seconds > 0 ? "ahead" : "behind")"
            }
        }
    }

    /// What the policy hears.
    enum Input: Sendable, Hashable {
        /// The link has logged in.
        case linkUp
        /// The link is down.
        case linkDown
        /// The panel's time broadcast (`550`).
        case timeBroadcast(PanelDateTime)
        /// Time passes: the daily setting may be due, or a waiting one may be possible now.
        case tick
        /// The panel's answer to the last ``Action/set(_:_:_:)``.
        case answered(CommandResult)
    }

    /// What to do.
    enum Action: Sendable, Hashable {
        /// Send this frame: `056` on, so that the panel broadcasts its time.
        case askForBroadcasts(TPIFrame)
        /// Send this `010` frame, setting the clock to the time for the reason, and answer
        /// with ``Input/answered(_:)``.
        case set(TPIFrame, PanelDateTime, Reason)
        /// Publish an event (code `clock`) and log it.
        case report(EventType, String, raw: String)
    }

    /// The time zone the panel's clock keeps.
    let timeZone: any WallClockZone
    /// Seconds a time broadcast may be off before the clock is set.
    let maxDrift: Int64
    /// The time of the daily setting, on the panel's clock.
    let dailyAt: TimeOfDay

    private var linkUp = false
    /// A setting that waits: for the link, for a synchronised box clock, or for the answer to the one sent.
    private var wanted: Reason?
    /// The setting sent and not yet answered.
    private var sent: (time: PanelDateTime, reason: Reason, raw: String)?
    /// Why the clock could not be set, as told in a `fault`, until it is set again.
    private var told: String?
    private var nextDaily: Date
    /// Broadcasts before this instant are not read: one the panel sent before the setting may
    /// still be on its way to the policy (the keeper hears the link and the answer apart).
    private var settlesAt = Date.distantPast
    /// How long after a setting's answer broadcasts are not read: one sent before the setting
    /// arrives within milliseconds, and the panel broadcasts every 4 minutes.
    static let settling: TimeInterval = 5

    init(timeZone: any WallClockZone, maxDrift: Int64, dailyAt: TimeOfDay, now: Date) {
        self.timeZone = timeZone
        self.maxDrift = maxDrift
        self.dailyAt = dailyAt
        nextDaily = dailyAt.next(after: now, in: timeZone)
    }

    /// The actions `input` calls for at `now`, with the box's clock in `clock`'s state.
    mutating func handle(_ input: Input, now: Date, clock: HostClockStatus) -> [Action] {
        var actions: [Action] = []
        switch input {
        case .linkUp:
            linkUp = true
            wanted = .login
            if let frame = try? PanelCommand.timeBroadcast(on: true).frame() { actions.append(.askForBroadcasts(frame)) }
        case .linkDown:
            linkUp = false
        case let .timeBroadcast(reading):
            guard wanted == nil, sent == nil, now >= settlesAt else { break }
            let drift = drift(of: reading, at: now)
            if drift.magnitude > maxDrift { wanted = .drift(seconds: drift) }
        case .tick:
            if now >= nextDaily { wanted = wanted ?? .daily }
            // Also when the box's clock was set back by more than a day (it was far ahead, unsynchronised).
            if now >= nextDaily || nextDaily.timeIntervalSince(now) > 90_000 {
                nextDaily = dailyAt.next(after: now, in: timeZone)
            }
        case let .answered(result):
            guard let setting = sent else { break }
            sent = nil
            if case .accepted = result { settlesAt = now.addingTimeInterval(Self.settling) }
            actions += answered(result, setting)
        }
        return actions + attempt(now: now, clock: clock)
    }

    /// Sends the setting that waits, if the link is up, nothing is in flight and the box's clock
    /// can be trusted; tells once why not when it cannot.
    private mutating func attempt(now: Date, clock: HostClockStatus) -> [Action] {
        guard linkUp, sent == nil, let reason = wanted else { return [] }
        if case let .unsynchronised(why) = clock { return tell(why) }
        wanted = nil
        let time = PanelDateTime(now, in: timeZone.fixedZone(at: now))
        do {
            let frame = try PanelCommand.setTime(time).frame()
            sent = (time, reason, frame.redacted)
            return [.set(frame, time, reason)]
        } catch {
            return tell("the box's time \(time) cannot be sent (\(error.reason))")
        }
    }

    private mutating func answered(_ result: CommandResult, _ setting: (time: PanelDateTime, reason: Reason, raw: String)) -> [Action] {
        switch result {
        case .accepted:
            let set = "\(setting.time) (\(timeZone.identifier)), \(setting.reason)"
            defer { told = nil }
            return told == nil
                ? [.report(.info, "Panel clock set to \(set)", raw: setting.raw)]
                : [.report(.recovery, "Panel clock set again: \(set)", raw: setting.raw)]
        case .failed(.linkLost), .failed(.unacknowledged):
            // The link is down, whether or not its report has come yet (until then, every setting
            // would fail at once); the link's own fault says so, and the next login sets the clock.
            linkUp = false
            wanted = wanted ?? setting.reason
            return []
        case let .failed(failure):
            return tell("the panel refused it (\(failure))")
        }
    }

    /// A `fault` saying why the clock is not set, unless that was the last thing told.
    private mutating func tell(_ why: String) -> [Action] {
        guard told != why else { return [] }
        told = why
        return [.report(.fault, "Panel clock not set: \(why)", raw: "")]
    }

    /// How far the panel's clock is off by its broadcast `reading`: seconds ahead (positive) or
    /// behind (negative) of the box's wall-clock time in ``timeZone``. The panel counts whole
    /// minutes, so a reading is right anywhere in its minute. Compared as wall-clock readings,
    /// so that a panel that missed a change to or from daylight saving time is an hour off, even
    /// while its reading names an hour that the change skipped or repeats.
    func drift(of reading: PanelDateTime, at now: Date) -> Int64 {
        guard let start = reading.date(in: .gmt) else { return 0 }
        let shown = Int64(start.timeIntervalSince1970)
        let wall = Int64(now.timeIntervalSince1970.rounded(.down)) + Int64(timeZone.secondsFromGMT(for: now))
        if wall < shown { return shown - wall }
        return -max(0, wall - (shown + 59))
    }
}
