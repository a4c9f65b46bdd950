import Foundation
import Synchronization
import TestSupport

/// A headless Chromium (Tests/Interop/browser_peer.py: Selenium and chromium-driver) that the
/// console tests drive with one JSON command per line over a TCP connection. The test holds the
/// assertions; the peer waits for conditions with the deadlines given here.
///
/// Typed text (tokens, access codes) is never part of an answer or error.
final class BrowserPeer: Sendable {
    /// An answer `{"ok": false, "error": …}`.
    struct Failure: Error, CustomStringConvertible {
        let operation: String
        let error: String
        var description: String { "browser peer \(operation): \(error)" }
    }

    private let process: ChildProcess
    private let connection: Mutex<RawConnection>

    private init(process: ChildProcess, connection: sending RawConnection) {
        self.process = process
        self.connection = Mutex(connection)
    }

    /// Starts the peer (Chromium takes a few seconds) and connects to it.
    static func start() async throws -> BrowserPeer {
        let python = try await PythonPeer.find()
        let process = try python.start(script: "browser_peer.py")
        let line = try await process.awaitLine(containing: "browser peer listening on", timeout: .seconds(60))
        // Answers come after the peer's own deadlines (at most a minute): a longer timeout.
        let connection = try RawConnection(port: try SimulatorProcess.port(in: line), timeout: .seconds(120))
        return BrowserPeer(process: process, connection: connection)
    }

    /// Sends `{"op": operation, …fields}` and returns the answer's `value`; throws ``Failure``.
    /// The blocking socket calls run on a thread of their own, off the Swift concurrency pool.
    @discardableResult
    func call(_ operation: String, _ fields: [String: any Sendable] = [:]) async throws -> (any Sendable)? {
        var command = fields
        command["op"] = operation
        let line = String(decoding: try JSONSerialization.data(withJSONObject: command), as: UTF8.self) + "\n"
        let answerLine = try await onThread { [self] () throws -> String in
            try self.connection.withLock { (connection) throws(TestSupportError) -> String in
                try connection.send(line)
                return try connection.readLine(terminator: [10])
            }
        }
        let answer = try JSONSerialization.jsonObject(with: Data(answerLine.utf8)) as? [String: Any] ?? [:]
        guard answer["ok"] as? Bool == true else {
            throw Failure(operation: operation, error: answer["error"] as? String ?? answerLine)
        }
        return answer["value"].flatMap(Self.sendable)
    }

    /// Closes the browser and waits for the peer to exit.
    func quit() async {
        _ = try? await call("quit")
        connection.withLock { $0.close() }
        if (try? await process.waitForExit(timeout: .seconds(20))) == nil { process.kill() }
    }

    /// JSON values as they come (strings, numbers, arrays, objects), as a Sendable value; numbers
    /// (and booleans, which JSONSerialization gives as numbers) are Doubles.
    private static func sendable(_ value: Any) -> (any Sendable)? {
        switch value {
        case let text as String: text
        case let number as NSNumber: number.doubleValue
        case let array as [Any]: array.compactMap(sendable)
        case let object as [String: Any]: object.compactMapValues(sendable)
        default: nil
        }
    }
}

/// Runs blocking `work` on a thread of its own and returns what it returns.
private func onThread<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Swift.Result { try work() }) }.start()
    }
}
