import Beanstalk
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A command the integrator started sending to the panel, as ``SentCommandRecord`` keeps it:
/// what recognises its job when beanstalkd hands it out again.
struct SentCommand: Sendable, Equatable {
    /// The job's id, which stays the same when beanstalkd hands the job out again (after a lost
    /// reservation, its TTR, a release, or a restart of beanstalkd with its binlog).
    let job: JobID
    /// When it was sent, in Unix seconds.
    let sent: Int64
    /// The id its echo and response carry.
    let commandID: UUID
    /// Whether that id is the job's own (`id` in the body) rather than one made up for the attempt.
    let idFromJob: Bool

    /// Whether job `job`, whose body gives the command id `id` (`nil` when it gives none), is
    /// this command's job handed out again. The job id alone could be a new job's after
    /// beanstalkd lost its queue and numbers from 1 again; a command id in the body tells such
    /// a job apart.
    func isSameJob(_ job: JobID, commandID id: UUID?) -> Bool {
        job == self.job && (idFromJob ? id == commandID : id == nil)
    }

    /// One line of the record: job id, time sent, command id, and `job` or `generated`.
    var line: String {
        "\(job) \(sent) \(commandID.uuidString.lowercased()) \(idFromJob ? "job" : "generated")"
    }

    /// Reads a ``line``; `nil` when it is not one.
    init?(line: Substring) {
        let fields = line.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 4, let job = UInt64(fields[0]), let sent = Int64(fields[1]),
              let commandID = UUID(uuidString: String(fields[2])), fields[3] == "job" || fields[3] == "generated"
        else { return nil }
        self.init(job: JobID(job), sent: sent, commandID: commandID, idFromJob: fields[3] == "job")
    }

    init(job: JobID, sent: Int64, commandID: UUID, idFromJob: Bool) {
        self.job = job
        self.sent = sent
        self.commandID = commandID
        self.idFromJob = idFromJob
    }
}
