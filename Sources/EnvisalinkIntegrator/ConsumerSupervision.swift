import AlarmCore
import Beanstalk
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decides, from what each check saw of the event tubes, when a consumer went down or stuck and
/// when it came back: one ``Transition/fault`` per outage, one ``Transition/recovery`` at its end.
///
/// Pure: observations and the time come in, transitions come out.
///
/// A tube nobody watches has no consumer running; a watched tube whose next ready event has
/// waited `staleAfter` or longer has a consumer that does not take events (hung, or far behind).
/// A consumer is well again once its tube is watched and holds no event that old.
struct ConsumerSupervision {
    /// A change in a consumer's health, for an event (code `consumer`, raw the tube) on every other tube.
    enum Transition: Sendable, Hashable {
        case fault(TubeName, message: String)
        case recovery(TubeName, message: String)
    }

    /// How long a watched tube's next event may wait before its consumer counts as stuck.
    let staleAfter: UInt64
    /// The zone for the clock time in messages ("since 21:04").
    let timeZone: TimeZone
    /// The tubes whose outage has been reported and has not ended.
    private(set) var down: Set<TubeName> = []

    init(staleAfter: UInt64, timeZone: TimeZone = .current) {
        self.staleAfter = staleAfter
        self.timeZone = timeZone
    }

    /// The transitions this check brings, in the order of `observations`.
    /// - Parameter now: the time of the check, for the clock time the oldest event has waited since.
    mutating func check(_ observations: [TubeObservation], now: Date) -> [Transition] {
        var transitions: [Transition] = []
        for observation in observations {
            let tube = observation.tube
            switch (problem(of: observation, now: now), down.contains(tube)) {
            case let (problem?, false):
                down.insert(tube)
                transitions.append(.fault(tube, message: problem))
            case (nil, true):
                down.remove(tube)
                transitions.append(.recovery(tube, message: "\(tube) consumer running again"))
            default:
                break
            }
        }
        return transitions
    }

    /// What is wrong with the tube's consumer, as the fault's message; `nil` when nothing is.
    private func problem(of observation: TubeObservation, now: Date) -> String? {
        let tube = observation.tube
        if observation.watchers == 0 {
            return "\(tube) consumer not running: \(waiting(observation, now: now))"
        }
        if let age = observation.nextReadyAge, age >= staleAfter {
            return "\(tube) consumer stuck: \(waiting(observation, now: now))"
        }
        return nil
    }

    /// "12 events waiting since 21:04", or "no events waiting" on an empty tube.
    private func waiting(_ observation: TubeObservation, now: Date) -> String {
        guard observation.readyJobs > 0 else { return "no events waiting" }
        let count = observation.readyJobs == 1 ? "1 event" : "\(observation.readyJobs) events"
        guard let age = observation.nextReadyAge else { return "\(count) waiting" }
        return "\(count) waiting since \(clockTime(of: now.addingTimeInterval(-Double(age))))"
    }

    /// `HH:MM` in ``timeZone``.
    private func clockTime(of date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return (parts.hour ?? 0).zeroPadded(2) + ":" + (parts.minute ?? 0).zeroPadded(2)
    }
}
