#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Hands out the `sequence` numbers of one event source: strictly increasing, also across
/// restarts, and never failing.
///
/// A number is never below the wall clock in microseconds, which carries the count across
/// restarts on its own as long as the clock is not set back. With a state file, an upper
/// bound a little ahead of the numbers in use is written (and synced) before a number above
/// the previous bound is handed out, so that a clock set back cannot make numbers repeat
/// either. When the file cannot be written (a full disk), counting goes on in memory and from
/// the clock, still increasing; ``stateChanges`` says so, and says when the file is written
/// again (every number above the bound retries the write).
public actor SequenceCounter {
    private let stateFile: String?
    private let reservation: UInt64
    private let files: DurableFile
    private var last: UInt64
    private var reservedUpTo: UInt64
    private var failing: SequenceStateError?

    /// Why the state file could not be read at start-up, or `nil` when it was fine (or absent).
    /// The counter then runs on the clock alone and never writes the file, so that whatever the
    /// file holds is not overwritten; a daemon refuses to start with it.
    public nonisolated let startupProblem: SequenceStateError?

    /// Whether the state file is kept, each time that changes; starts with `.failing` when the
    /// file could not be read at start-up.
    public nonisolated let stateChanges: AsyncStream<SequenceFileState>
    private let stateContinuation: AsyncStream<SequenceFileState>.Continuation

    /// - Parameters:
    ///   - stateFile: where the reserved upper bound is kept; `nil` for a clock-only counter.
    ///   - reservation: how far ahead of the number in use the bound is written: the file is
    ///     written about once per `reservation` of clock time while events flow.
    public init(stateFile: String?, reservation: Duration = .seconds(600)) {
        self.init(stateFile: stateFile, reservation: reservation, files: DurableFile())
    }

    init(stateFile: String?, reservation: Duration, files: DurableFile) {
        self.stateFile = stateFile
        self.reservation = max(1, UInt64(reservation.components.seconds) * 1_000_000)
        self.files = files
        (stateChanges, stateContinuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
        var persisted: UInt64 = 0
        var problem: SequenceStateError?
        if let stateFile {
            do {
                persisted = try Self.read(stateFile)
            } catch {
                problem = error
                stateContinuation.yield(.failing(error))
            }
        }
        startupProblem = problem
        failing = problem
        last = persisted
        reservedUpTo = persisted
    }

    /// The next sequence number: above every number this counter (and, with a state file, any
    /// earlier process with the same file) handed out. It never fails.
    public func nextValue() -> UInt64 {
        last = max(last + 1, Self.microsecondsSinceEpoch())
        if last > reservedUpTo { reserve(upTo: last + reservation) }
        return last
    }

    /// Writes `bound` to the state file; reports a change between saved and failing.
    private func reserve(upTo bound: UInt64) {
        guard let stateFile, startupProblem == nil else { return }
        do {
            try files.replace(stateFile, with: Array("\(bound)\n".utf8))
            reservedUpTo = bound
            if failing != nil {
                failing = nil
                stateContinuation.yield(.saved)
            }
        } catch {
            guard failing == nil else { return }
            let problem = SequenceStateError(path: stateFile, reason: "cannot be saved (\(error.operation): \(error.reason))")
            failing = problem
            stateContinuation.yield(.failing(problem))
        }
    }

    private static func microsecondsSinceEpoch() -> UInt64 {
        UInt64(max(0, Date().timeIntervalSince1970) * 1_000_000)
    }

    /// The bound in the file: 0 when there is no file, or only white space in it.
    private static func read(_ path: String) throws(SequenceStateError) -> UInt64 {
        guard FileManager.default.fileExists(atPath: path) else { return 0 }
        guard let bytes = FileManager.default.contents(atPath: path) else {
            throw SequenceStateError(path: path, reason: "cannot be read: it must be a regular file the integrator may read")
        }
        // Never quoted: a wrong path may point at a file holding secrets.
        let words = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return 0 }
        guard words.count == 1, let value = UInt64(words[0]) else {
            throw SequenceStateError(
                path: path,
                reason: "does not hold a sequence number (\(bytes.count) bytes that are not one number): "
                    + "either the path names another file or the file was damaged; check it, "
                    + "then move it away to start over (numbering continues from the clock)")
        }
        return value
    }
}

/// Whether a ``SequenceCounter``'s state file is being kept.
public enum SequenceFileState: Sendable, Equatable {
    /// The file was written again after failing.
    case saved
    /// The file cannot be read or written; numbers still increase, from memory and the clock.
    case failing(SequenceStateError)
}

/// The sequence state file is unreadable or unwritable.
public struct SequenceStateError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "sequence state file \(path) \(reason)" }
}
