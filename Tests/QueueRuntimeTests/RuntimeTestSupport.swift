import AlarmCore
import Beanstalk
import Logging
import NIOCore
import TestSupport
import Testing

/// Records what a test handler saw, and lets a test hold a handler until released.
actor HandlerProbe {
    private(set) var seen: [AlarmEvent] = []
    private var gate: CheckedContinuation<Void, Never>?
    private var holding = false

    func record(_ event: AlarmEvent) { seen.append(event) }

    var count: Int { seen.count }

    /// Makes the next handler call wait in ``hold()`` until ``release()``.
    func closeGate() { holding = true }

    func hold() async {
        guard holding else { return }
        await withCheckedContinuation { gate = $0 }
    }

    var isHolding: Bool { gate != nil }

    func release() {
        holding = false
        gate?.resume()
        gate = nil
    }
}

/// Waits until `condition` holds, checking every 10 ms, failing after `timeout`.
func eventually(
    _ description: String, timeout: Duration = .seconds(10),
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while try await !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("timed out waiting until \(description)", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        try await Task.sleep(for: .milliseconds(10))
    }
}

extension BeanstalkConnection {
    /// Puts `text` on `tube`.
    @discardableResult
    func put(_ text: String, on tube: TubeName, ttr: Duration = .seconds(60)) async throws -> JobID {
        try await use(tube)
        return try await put(ByteBuffer(string: text), ttr: ttr)
    }

    func tubeStats(_ name: String) async throws -> TubeStats? {
        try await statsTube(try TubeName(name))
    }
}

let quietLogger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

func sampleEvent(_ message: String, type: EventType = .alarm) -> AlarmEvent {
    AlarmEvent(type: type, code: "601", message: message, raw: "6011003", timestamp: 1_800_000_000)
}
