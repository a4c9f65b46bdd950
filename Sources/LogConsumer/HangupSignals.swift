import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// SIGHUP as a stream: logrotate's way of asking for the log file to be reopened.
public enum HangupSignals {
    /// Starts catching SIGHUP, which then no longer ends the process, and returns its arrivals.
    /// Signals that arrive while the previous one is still being handled count as one.
    ///
    /// Returns once the handler is in place: a SIGHUP sent after that never ends the process.
    public static func catching() async -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        // Dispatch sources may be used from any thread; Dispatch does not say so in its types.
        nonisolated(unsafe) let source = DispatchSource.makeSignalSource(
            signal: SIGHUP, queue: DispatchQueue(label: "howalarming.sighup"))
        source.setEventHandler { continuation.yield() }
        await withCheckedContinuation { (registered: CheckedContinuation<Void, Never>) in
            source.setRegistrationHandler { registered.resume() }
            source.resume()
        }
        // The stream keeps the source alive; ending the stream stops catching.
        continuation.onTermination = { _ in source.cancel() }
        return stream
    }
}
