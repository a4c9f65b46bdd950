import EnvisalinkTPI
@testable import EnvisalinkSimulator

extension [PanelEffect] {
    /// The frames among the effects, written `CODE+DATA`.
    var frames: [String] {
        compactMap { effect in
            guard case .send(let frame) = effect else { return nil }
            return frame.code + frame.data
        }
    }

    /// The timers started, in order.
    var startedTimers: [PanelTimer] {
        compactMap { effect in
            guard case .startTimer(let timer, _) = effect else { return nil }
            return timer
        }
    }

    /// The timers cancelled, in order.
    var cancelledTimers: [PanelTimer] {
        compactMap { effect in
            guard case .cancelTimer(let timer) = effect else { return nil }
            return timer
        }
    }
}

extension PanelModel {
    /// A panel with `zones` zones in partition 1 and otherwise default settings, adjusted by `adjust`.
    static func test(zones: Int = 4, _ adjust: (inout SimulatorConfiguration) -> Void = { _ in }) -> PanelModel {
        var configuration = SimulatorConfiguration()
        configuration.zones = SimulatorConfiguration.numberedZones(zones)
        adjust(&configuration)
        return PanelModel(configuration: configuration)
    }

    /// Answers the command in `wire` (`CODE+DATA`), parsed as the session would.
    mutating func respond(to wire: String, at moment: Moment = .test) -> [PanelEffect] {
        let frame = TPIFrame.simulated(String(wire.prefix(3)), String(wire.dropFirst(3)))
        do {
            let command = try PanelCommand(received: frame, partitionCount: configuration.partitionCount)
            return respond(to: command, at: moment)
        } catch {
            return [.send(error.frame)]
        }
    }

    /// Arms partition 1 away through its exit delay.
    mutating func armAway() {
        _ = respond(to: "0301")
        _ = timerFired(.exitDelay(partition: 1), at: .test)
    }
}

extension Moment {
    /// A fixed moment: 2024-06-15 12:34:56 on the wall clock.
    static let test = Moment(instant: .now, wallSeconds: 1_718_454_896)
}
