import AlarmCore
import Logging
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The handler's use of the ``SentCommandRecord``: a command is recorded before it is sent, a
/// recorded job that comes back is answered instead of sent, and one not sent after all is forgotten.
extension PanelCommandHandler {
    /// Answers a job found in the record (handed out again after a crash or a lost reservation): `unknown`, not sent.
    func respondToRepeat(of earlier: SentCommand, _ command: AlarmCommand, now: Int64, _ context: JobContext) async {
        var command = command
        command.id = earlier.commandID
        let secondsAgo = max(0, now - earlier.sent)
        context.logger.warning("command handed out again after it was sent: outcome unknown, not sent again",
                               metadata: ["command_id": "\(earlier.commandID)", "sent_seconds_ago": "\(secondsAgo)"])
        await respond(to: command, code: "unknown",
                      "Command outcome unknown: it was sent to the panel \(secondsAgo) s ago, and its job came back before it was "
                          + "deleted (the integrator or beanstalkd restarted); it may have been carried out before the restart; not sent again",
                      context)
    }

    /// Records `entry` before its command is sent; when that fails, refuses the command (nothing
    /// is sent unrecorded) and returns `false`.
    func recordSending(_ entry: SentCommand, _ command: AlarmCommand, _ context: JobContext) async -> Bool {
        do {
            try await sentCommands.recordSending(entry)
            return true
        } catch {
            context.logger.critical("cannot record the command as sent: it is not sent", metadata: [
                "command_id": "\(entry.commandID)", "file": "\(sentCommands.path)", "error": "\(error.operation): \(error.reason)",
            ])
            await respond(to: command, code: "refused",
                          "Command refused: the record of sent commands \(sentCommands.path) cannot be written "
                              + "(\(error.operation): \(error.reason)); a command is never sent unrecorded, "
                              + "so that a crash cannot make the panel get it twice", context)
            return false
        }
    }

    /// Forgets a command the link lost before writing it, so that it is sent when its job comes back.
    func forgetSending(_ context: JobContext) async {
        do {
            try await sentCommands.forget(context.jobID)
        } catch {
            context.logger.error(
                "cannot write the record of sent commands: should the integrator stop before the command is sent, it is answered unknown instead",
                metadata: ["file": "\(sentCommands.path)", "error": "\(error.operation): \(error.reason)"])
        }
    }

    /// `nil` when `command` may go out now: the link is up and its sending is recorded. Otherwise
    /// the job's outcome: wait for the link, or done (it could not be recorded, and was refused).
    func readyToSend(_ command: AlarmCommand, id: UUID, idFromJob: Bool, now: Int64, _ context: JobContext) async -> JobOutcome? {
        guard link.isUp else {
            context.logger.info("panel link down: command waits", metadata: ["command_id": "\(id)"])
            return .retry(after: .seconds(2))
        }
        guard await recordSending(SentCommand(job: context.jobID, sent: now, commandID: id, idFromJob: idFromJob), command, context) else {
            return .done
        }
        return nil
    }
}
