import AlarmCore
import Beanstalk
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The commands the integrator sent to the panel lately, kept in a file so that a command whose
/// job comes back after a crash (or after beanstalkd lost the reservation) is never sent again.
///
/// A command is recorded, and the file written and synced, before its frame goes to the panel;
/// one that did not go out after all (the link was lost before it was written) is forgotten
/// again. Entries older than `retention` (the command maximum age and a margin: an older job is
/// refused as expired anyway) are dropped, also those more than `retention` ahead of the clock,
/// so the file holds only the last minutes' commands. Each write replaces the whole file
/// atomically (``DurableFile``), so a crash leaves the old or the new record, never a mix.
actor SentCommandRecord {
    /// The file, named after the sequence file beside it (``path(besideSequenceFile:)``).
    nonisolated let path: String
    private let retention: Int64
    private let files: DurableFile
    private var entries: [SentCommand]

    /// How much longer than the command maximum age a command is remembered: room for rounding
    /// and a clock that is stepped a little.
    static let margin = Duration.seconds(60)

    /// Reads the record at `path` (none is an empty record).
    /// - Throws: ``SentCommandRecordError`` when the file cannot be read or holds anything but
    ///   entries of a record: it is never overwritten then.
    init(path: String, retention: Duration, now: Int64, files: DurableFile = DurableFile()) throws(SentCommandRecordError) {
        self.path = path
        self.retention = retention.components.seconds
        self.files = files
        entries = try Self.read(path).filter { abs(now - $0.sent) <= retention.components.seconds }
    }

    /// The record's file for the integrator whose sequence file is `sequenceFile`: beside it,
    /// named like it with `.sent-commands` in place of its extension
    /// (`envisalink.sequence` → `envisalink.sent-commands`, `sequence` → `sequence.sent-commands`).
    static func path(besideSequenceFile sequenceFile: String) -> String {
        let nameStart = sequenceFile.lastIndex(of: "/").map(sequenceFile.index(after:)) ?? sequenceFile.startIndex
        let name = sequenceFile[nameStart...]
        let stem = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : name[..<$0] } ?? name
        return String(sequenceFile[..<nameStart] + stem) + ".sent-commands"
    }

    /// The recorded command whose job is `job` with command id `commandID` (as the job's body gives it), if any.
    func sending(of job: JobID, commandID: UUID?) -> SentCommand? {
        entries.last { $0.isSameJob(job, commandID: commandID) }
    }

    /// Records `command` as being sent: when this returns, the record is on disk.
    /// - Throws: when the file cannot be written; the command must not be sent then.
    func recordSending(_ command: SentCommand) throws(DurableFile.Failure) {
        let kept = entries.filter { $0.job != command.job && abs(command.sent - $0.sent) <= retention } + [command]
        try write(kept)
        entries = kept
    }

    /// Forgets the sending of job `job`, which did not reach the panel after all. When the file
    /// cannot be written this throws, and the file still names the job: should the integrator
    /// stop before the job comes back, the command is answered `unknown`, never sent twice.
    func forget(_ job: JobID) throws(DurableFile.Failure) {
        entries.removeAll { $0.job == job }
        try write(entries)
    }

    private func write(_ entries: [SentCommand]) throws(DurableFile.Failure) {
        try files.replace(path, with: Array(entries.map { $0.line + "\n" }.joined().utf8))
    }

    private static func read(_ path: String) throws(SentCommandRecordError) -> [SentCommand] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        guard let bytes = FileManager.default.contents(atPath: path) else {
            throw SentCommandRecordError(path: path, reason: "cannot be read: it must be a regular file the integrator may read and write")
        }
        // Never quoted: a wrong path may name a file holding secrets.
        var entries: [SentCommand] = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            guard let entry = SentCommand(line: line) else {
                throw SentCommandRecordError(
                    path: path,
                    reason: "does not hold a record of sent commands (\(bytes.count) bytes that are not its lines): "
                        + "it is written whole or not at all, so the path names another file or the file was damaged. "
                        + "A command sent just before may still have a job in a command tube, which would be sent again without it: "
                        + "check the command tubes (howalarming stats) and the panel, then move the file away")
            }
            entries.append(entry)
        }
        return entries
    }
}

/// The record of sent commands cannot be read at start-up.
public struct SentCommandRecordError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "record of sent commands \(path) \(reason)" }
}
