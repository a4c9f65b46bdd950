#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Hands out the `sequence` numbers of one event source: strictly increasing, also across restarts.
///
/// With a state file, numbers are reserved in blocks whose upper bound is written (and
/// synced) before any number of the block is used, so a crash skips numbers but never
/// repeats one. Without a state file the counter never goes below the wall clock in
/// microseconds, which also survives restarts as long as the clock is not set back.
public actor SequenceCounter {
    private let stateFile: String?
    private let blockSize: UInt64
    private var next: UInt64 = 0
    private var reservedUpTo: UInt64 = 0
    private var loaded = false

    /// - Parameters:
    ///   - stateFile: where the reserved upper bound is kept; `nil` for a clock-based counter.
    ///   - blockSize: numbers reserved per write of the state file.
    public init(stateFile: String?, blockSize: UInt64 = 1000) {
        self.stateFile = stateFile
        self.blockSize = max(1, blockSize)
    }

    /// The next sequence number.
    public func nextValue() throws -> UInt64 {
        guard let stateFile else {
            next = max(next + 1, Self.microsecondsSinceEpoch())
            return next
        }
        if !loaded {
            let persisted = try Self.read(stateFile)
            next = persisted + 1
            reservedUpTo = persisted
            loaded = true
        }
        if next > reservedUpTo {
            let bound = next + blockSize - 1
            try Self.write(bound, to: stateFile)
            reservedUpTo = bound
        }
        defer { next += 1 }
        return next
    }

    private static func microsecondsSinceEpoch() -> UInt64 {
        UInt64(Date().timeIntervalSince1970 * 1_000_000)
    }

    private static func read(_ path: String) throws -> UInt64 {
        guard FileManager.default.fileExists(atPath: path) else { return 0 }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count == 1, let value = UInt64(words[0]) else {
            throw SequenceStateError(path: path, reason: "does not hold a sequence number")
        }
        return value
    }

    private static func write(_ value: UInt64, to path: String) throws {
        do {
            try DurableFile.replace(path, with: Array("\(value)\n".utf8))
        } catch {
            throw SequenceStateError(path: path, reason: "could not be saved (\(error.operation): \(error.reason))")
        }
    }
}

/// The sequence state file is unreadable or unwritable.
public struct SequenceStateError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "sequence state file \(path) \(reason)" }
}
