import AlarmCore
import EnvisalinkTPI
import Logging
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Carries out commands from the command tubes on the panel.
///
/// Each command is checked (age, allow-list), recorded as sent, echoed as a `command` event with
/// codes masked, sent, and answered by a `response` event; both carry the command's id as
/// `command_id`; the response names the command's `source` as `command_source`, so that it can go
/// to whoever asked. An arm command is watched by the ``ArmingMonitor`` until its partition is armed:
/// one the panel refuses is answered, and reported as a `fault`, with the reason and the open zones. While the link is down a command waits (the job is retried) until it is
/// older than the configured maximum age (``CommandAge``: its age in the queue, tightened by its
/// timestamp): an alarm command is never sent late. Once a command
/// has gone out to the panel its job is never retried: a command the panel may have carried out
/// is never sent again automatically, and a response that cannot be published does not undo that.
/// Nor does a crash: the ``SentCommandRecord`` is on disk before the frame goes out, and a job
/// found in it (handed out again after a crash or a lost reservation) is answered `unknown`,
/// not sent. A command that cannot be recorded is refused, never sent unrecorded.
struct PanelCommandHandler: Sendable {
    let link: PanelLink
    let publisher: SpoolingPublisher
    let sentCommands: SentCommandRecord
    let masterCode: Secret?
    let allowedRawCodes: Set<String>
    let maximumAge: Duration
    let arming: ArmingMonitor
    /// Zone names by number (`envisalinkd.zones`): bypass responses name zones by them, and when
    /// there are any, a bypass may name only these zones.
    let zoneNames: [Int: String]
    let bypass: BypassConfig
    let keypad: PanelKeypad

    func handle(_ command: AlarmCommand, context: JobContext) async throws -> JobOutcome {
        var command = command
        let now = LinkEventReporter.now()
        if let earlier = await sentCommands.sending(of: context.jobID, commandID: command.id) {
            await respondToRepeat(of: earlier, command, now: now, context)
            return .done
        }
        let idFromJob = command.id != nil
        if command.id == nil { command.id = UUID() }
        let id = command.id!
        let age = CommandAge(queued: try await context.age(), timestamp: command.timestamp, now: now)
        if age.exceeds(maximumAge) {
            await respond(to: command, code: "expired", age.refusal(limit: maximumAge), context)
            return .done
        }
        if case let .simple(simple) = command.action, simple.takesZones {
            return await handleBypass(command, bypassing: simple == .bypass, idFromJob: idFromJob, now: now, context)
        }
        if case let .simple(simple) = command.action, let chime = simple.chime {
            return await handleChime(command, asked: chime, idFromJob: idFromJob, now: now, context)
        }
        let panelCommand: PanelCommand
        let frame: TPIFrame
        do {
            panelCommand = try self.panelCommand(for: command)
            frame = try panelCommand.frame()
        } catch let refusal as CommandRefusal {
            await respond(to: command, code: "refused", "Command refused: \(refusal.reason)", context)
            return .done
        } catch {
            await respond(to: command, code: "refused", "Command refused: \(error)", context)
            return .done
        }
        if let outcome = await readyToSend(command, id: id, idFromJob: idFromJob, now: now, context) { return outcome }
        await publisher.publishReportingFailures(AlarmEvent(
            type: .command, code: frame.code, message: "Sending \(Self.describe(command.action)) to the panel",
            raw: frame.redacted, timestamp: now, partition: command.partition, commandID: id), logger: context.logger)
        arming.expect(panelCommand, id: id, source: command.source)
        let result = await link.send(frame, id: id)
        switch result {
        case let .failed(.linkLost(reason)):
            context.logger.info("panel link lost before the command was sent; it waits for the link",
                                metadata: ["command_id": "\(id)", "reason": "\(reason)"])
            await forgetSending(context)
            return .retry(after: .seconds(2))
        case let .failed(.unacknowledged(reason)):
            context.logger.warning("panel link lost after the command was sent: outcome unknown, not sent again",
                                   metadata: ["command_id": "\(id)", "reason": "\(reason)"])
        default:
            break
        }
        let response = result.response(to: frame.code)
        let armingFault = arming.answered(id, result)
        await respond(to: command, code: response.code, armingFault?.message ?? response.message, context)
        if let armingFault {
            await publisher.publishReportingFailures(armingFault, logger: context.logger)
        }
        return .done
    }

    private func panelCommand(for command: AlarmCommand) throws -> PanelCommand {
        switch command.action {
        case let .simple(simple):
            return try PanelCommand(
                simple: simple, partition: command.partition, accessCode: (command.accessCode ?? masterCode)?.value)
        case let .raw(code, data):
            guard allowedRawCodes.contains(code) else {
                throw CommandRefusal(reason: "raw panel code \(code) is not in envisalinkd.allow_raw")
            }
            return .raw(code: code, data: data)
        }
    }

    func respond(to command: AlarmCommand, code: String, _ message: String, _ context: JobContext) async {
        await publisher.publishReportingFailures(AlarmEvent(
            type: .response, code: code, message: message, raw: "", timestamp: LinkEventReporter.now(),
            partition: command.partition, commandID: command.id, commandSource: command.source), logger: context.logger)
    }

    static func describe(_ action: AlarmCommand.Action) -> String {
        switch action {
        case let .simple(simple): simple.rawValue
        case let .raw(code, _): "raw command \(code)"
        }
    }
}

/// A command the integrator will not send, and why (never containing a code).
struct CommandRefusal: Error {
    let reason: String
}
