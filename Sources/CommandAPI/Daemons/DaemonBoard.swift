import Synchronization

/// The latest state of every watched daemon, read by the status document and the streams, and
/// written by the ``DaemonWatch``.
///
/// Until the watch's first check, readers wait for it (``current()``): the API never shows a
/// daemon as unknown merely because it has not looked yet.
final class DaemonBoard: Sendable {
    private struct State {
        var statuses: [DaemonStatus]
        var checked: Bool
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    /// A board showing `daemons` as ``DaemonStatus/State/unknown`` since `now`.
    init(daemons: [WatchedDaemon], now: Int64) {
        state = Mutex(State(
            statuses: daemons.map { DaemonStatus(name: $0.name, tube: "\($0.tube)", state: .unknown, since: now) },
            checked: daemons.isEmpty))
    }

    /// Every daemon, in the configuration's order, once the first check is done.
    func current() async -> [DaemonStatus] {
        if let checked = state.withLock({ $0.checked ? $0.statuses : nil }) { return checked }
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                if !state.checked { state.waiting.append(continuation) }
                return state.checked
            }
            if ready { continuation.resume() }
        }
        return latest
    }

    /// Every daemon, in the configuration's order, as the latest check found them.
    var latest: [DaemonStatus] { state.withLock { $0.statuses } }

    /// Records `states` (in the board's order), keeping `since` where a state did not change.
    /// Returns the daemons whose state changed.
    func record(_ states: [DaemonStatus.State], now: Int64) -> [DaemonStatus] {
        let (changed, waiting) = state.withLock { state in
            var changed: [DaemonStatus] = []
            for (index, new) in zip(state.statuses.indices, states) where state.statuses[index].state != new {
                let old = state.statuses[index]
                state.statuses[index] = DaemonStatus(name: old.name, tube: old.tube, state: new, since: now)
                changed.append(state.statuses[index])
            }
            return (changed, Self.markChecked(&state))
        }
        for continuation in waiting { continuation.resume() }
        return changed
    }

    /// Releases the readers still waiting for a first check (the watch stops without one).
    func stopWaiting() {
        for continuation in state.withLock({ Self.markChecked(&$0) }) { continuation.resume() }
    }

    private static func markChecked(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        state.checked = true
        defer { state.waiting = [] }
        return state.waiting
    }
}
