import Logging

/// The simulator's timers: the login window and the panel's delays and repeats.
extension Simulator {
    /// Starts (or restarts) a timer. Each start gets a token, so a timer that was cancelled or
    /// restarted while its task was already waking up does nothing.
    func startTimer(_ key: TimerKey, after delay: Duration) {
        timers[key]?.task.cancel()
        let token = nextTimerToken
        nextTimerToken += 1
        let task = Task { [weak self] in
            guard (try? await Task.sleep(for: delay)) != nil else { return }
            await self?.timerFired(key, token: token)
        }
        timers[key] = (token, task)
    }

    func cancelTimer(_ key: TimerKey) {
        timers.removeValue(forKey: key)?.task.cancel()
    }

    private func timerFired(_ key: TimerKey, token: Int) {
        guard timers[key]?.token == token else { return }
        timers[key] = nil
        switch key {
        case .panel(let timer):
            apply(panel.timerFired(timer, at: .now()))
        case .login(let id):
            // A stalled EVL does nothing, not even time out a login; `stall off` restarts the window.
            guard !stalled, var current = connection, current.id == id else { return }
            logger.notice("no login within the login timeout", metadata: ["connection": "\(id)"])
            let actions = current.session.loginTimedOut()
            connection = current
            perform(actions, connection: id)
        }
    }
}
