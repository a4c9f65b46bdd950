import NIOCore
import Synchronization

/// Thrown when a held request is let go before its time: the server stopped or the client went
/// away. The request's channel is closed by then, so nothing more reaches the client.
struct HeldRequestReleased: Error {}

/// Requests that are answered late or never: each waits for its delay, its client giving up
/// (the channel closing) or ``releaseAll()``, whichever comes first.
final class HeldRequests: Sendable {
    private struct Hold {
        let continuation: CheckedContinuation<Bool, Never>
        let timer: Task<Void, Never>?
    }

    private struct State {
        var released = false
        var holds: [Int: Hold] = [:]
        var nextID = 0
    }

    private let state = Mutex(State())

    /// Returns after `delay`, or throws when released first.
    func wait(_ channel: any Channel, for delay: Duration) async throws(HeldRequestReleased) {
        guard await hold(channel, for: delay) else { throw HeldRequestReleased() }
    }

    /// Throws when released; never returns.
    func holdForever(_ channel: any Channel) async throws(HeldRequestReleased) -> Never {
        _ = await hold(channel, for: nil)
        throw HeldRequestReleased()
    }

    /// Lets every held request go, and any held later at once: the server is stopping.
    func releaseAll() {
        let holds = state.withLock { state in
            state.released = true
            defer { state.holds = [:] }
            return Array(state.holds.values)
        }
        for hold in holds {
            hold.timer?.cancel()
            hold.continuation.resume(returning: false)
        }
    }

    /// `true` when `delay` passed, `false` (after closing `channel`) when released first.
    private func hold(_ channel: any Channel, for delay: Duration?) async -> Bool {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        let elapsed = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let held = state.withLock { state in
                    guard !state.released, !Task.isCancelled else { return false }
                    let timer = delay.map { delay in
                        Task {
                            if (try? await Task.sleep(for: delay)) != nil { self.end(id, elapsed: true) }
                        }
                    }
                    state.holds[id] = Hold(continuation: continuation, timer: timer)
                    return true
                }
                if held {
                    channel.closeFuture.whenComplete { _ in self.end(id, elapsed: false) }
                } else {
                    continuation.resume(returning: false)
                }
            }
        } onCancel: {
            end(id, elapsed: false)
        }
        if !elapsed { try? await channel.close() }
        return elapsed
    }

    /// Resumes the hold `id`, if it is still waiting.
    private func end(_ id: Int, elapsed: Bool) {
        guard let hold = state.withLock({ $0.holds.removeValue(forKey: id) }) else { return }
        hold.timer?.cancel()
        hold.continuation.resume(returning: elapsed)
    }
}
