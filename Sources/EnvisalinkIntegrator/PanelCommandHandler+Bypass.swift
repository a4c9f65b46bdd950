import AlarmCore
import EnvisalinkTPI
import Logging
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `bypass` and `unbypass`: keys through the keypad's `*1` menu, paced, checked against the
/// panel's bypass report.
///
/// The menu's zone keys toggle, so the keys toggle only the zones not yet as asked, by the last
/// `616` (asked for with `*1#` when there is none since the link came up). Keypad frames go out
/// at least `keypress_gap` apart; one the panel still refuses as too soon (`502010`, after the
/// session's own retries) is sent again after the gap. The `616` the panel sends on leaving the
/// menu decides the response: `500` when every zone is as asked, `failed` naming those that are
/// not (another partition's zone, an armed partition), `unknown` when no report comes. Like any
/// command it is recorded before its first key goes out and never sent again after that. On a
/// panel that wants a code for bypassing (`bypass.code_required`) `*1` goes alone: the panel
/// answers it with `900`, which the bypass itself answers with `code_master` (`200`) before it
/// sends the zone keys.
extension PanelCommandHandler {
    /// How long after the last keys the panel's `616` may take.
    static let bypassReportTimeout = Duration.seconds(5)
    /// How often a keypad frame refused with `502010` is sent again, each after the gap.
    static let keybusAttempts = 3
    /// The key string command's code, which the echo and the responses name.
    static let keyStringCode = "071"
    /// How long after `*1` the code request (`900`) of a panel that wants a code may take.
    static let codeRequestTimeout = Duration.seconds(2)

    func handleBypass(_ command: AlarmCommand, bypassing: Bool, idFromJob: Bool, now: Int64, _ context: JobContext) async -> JobOutcome {
        let id = command.id!
        let zones: [Int]
        do {
            zones = try bypassZones(of: command)
        } catch {
            await respond(to: command, code: "refused", "Command refused: \(error.reason)", context)
            return .done
        }
        if let outcome = await readyToSend(command, id: id, idFromJob: idFromJob, now: now, context) { return outcome }
        let verb = bypassing ? "bypass" : "unbypass"
        let partition = command.partition ?? 1
        await echoKeys(of: command, "Sending \(verb) of \(names(of: zones)) to the panel", now: now, context)

        var keysSent = false
        let bypassedNow: Set<Int>
        if let known = keypad.bypassed {
            bypassedNow = known
        } else {
            switch await report(after: BypassKeys.commands(partition: partition, toggling: [], menuAlone: bypass.codeRequired), id: id, context) {
            case let .failed(failure):
                return await bypassFailed(command, failure, keysSent: failure.keysSent, context)
            case .noReport:
                await respond(to: command, code: "failed", "Bypass not done: the panel sent no bypass report (616) after *1#, "
                    + "so which zones to toggle is unknown; no zone keys were sent", context)
                return .done
            case let .report(bypassed):
                bypassedNow = bypassed
                keysSent = true
            }
        }
        let toggles = BypassKeys.toggles(of: zones, bypass: bypassing, bypassedNow: bypassedNow)
        guard !toggles.isEmpty else {
            await respond(to: command, code: "500", "\(bypassing ? "Bypassed" : "Not bypassed"): \(names(of: zones)) (already)", context)
            return .done
        }
        let reported: Set<Int>
        switch await report(after: BypassKeys.commands(partition: partition, toggling: toggles, menuAlone: bypass.codeRequired), id: id, context) {
        case let .failed(failure):
            return await bypassFailed(command, failure, keysSent: keysSent || failure.keysSent, context)
        case .noReport:
            await respond(to: command, code: "unknown", "Bypass outcome unknown: the keys were sent, but the panel sent no "
                + "bypass report (616) within \(Self.bypassReportTimeout); not sent again", context)
            return .done
        case let .report(bypassed):
            reported = bypassed
        }
        let wrong = zones.filter { reported.contains($0) != bypassing }
        guard wrong.isEmpty else {
            await respond(to: command, code: "failed", "\(bypassing ? "Not bypassed" : "Still bypassed"): \(names(of: wrong)), "
                + "by the panel's bypass report after the keys (a zone of another partition than \(partition), "
                + "or the partition is armed)", context)
            return .done
        }
        await respond(to: command, code: "500", "\(bypassing ? "Bypassed" : "Not bypassed"): \(names(of: zones))", context)
        return .done
    }

    /// The command's zones, or its profile's, each one the configuration names when it names any.
    private func bypassZones(of command: AlarmCommand) throws(CommandRefusal) -> [Int] {
        if let profile = command.profile {
            guard let zones = bypass.profiles[profile] else {
                let known = bypass.profiles.keys.sorted().joined(separator: ", ")
                throw CommandRefusal(reason: "no bypass profile \(profile) in envisalinkd.bypass.profiles (\(known.isEmpty ? "none" : known))")
            }
            return zones
        }
        let zones = command.zones ?? []
        let unknown = zones.filter { zoneNames[$0] == nil }
        guard zoneNames.isEmpty || unknown.isEmpty else {
            throw CommandRefusal(reason: "zone \(unknown.map(String.init).joined(separator: ", ")) not in envisalinkd.zones")
        }
        return zones
    }

    /// The zones by their configured names (`zone 7` for one without), for responses.
    private func names(of zones: [Int]) -> String {
        zones.map { zoneNames[$0] ?? "zone \($0)" }.joined(separator: ", ")
    }

    /// How keys that end by leaving the `*1` menu went.
    enum KeysOutcome {
        /// All were taken, and the panel's bypass report followed.
        case report(Set<Int>)
        /// All were taken, but no report came within ``bypassReportTimeout``.
        case noReport
        /// One was not taken.
        case failed(KeysFailure)
    }

    /// Sends `commands` (ending with `#`) and waits for the bypass report the panel sends on leaving the menu.
    private func report(after commands: [PanelCommand], id: UUID, _ context: JobContext) async -> KeysOutcome {
        let reports = keypad.reports { report -> Set<Int>? in
            if case let .bypassed(zones) = report { zones } else { nil }
        }
        if let failure = await sendKeys(commands, id: id, answeringACodeRequest: bypass.codeRequired, context) {
            return .failed(failure)
        }
        return await reports.first(within: Self.bypassReportTimeout).map(KeysOutcome.report) ?? .noReport
    }

    /// The `command` echo of a command carried out with keypad keys (`071`): what is sent, never
    /// the keys themselves.
    func echoKeys(of command: AlarmCommand, _ message: String, now: Int64, _ context: JobContext) async {
        await publisher.publishReportingFailures(AlarmEvent(
            type: .command, code: Self.keyStringCode, message: message, raw: "", timestamp: now,
            partition: command.partition, commandID: command.id), logger: context.logger)
    }

    /// A keypad frame that did not go through, and whether keys of this command reached the panel before.
    struct KeysFailure {
        let result: CommandResult
        let keysSent: Bool
    }

    /// Sends keypad frames one by one, each at least the gap after the last was answered; a frame
    /// refused with `502010` is sent again after the gap. With `answeringACodeRequest` (a bypass on
    /// a panel that wants a code), the code request after the first frame is answered before the
    /// next. `nil` when all were accepted.
    func sendKeys(
        _ commands: [PanelCommand], id: UUID, answeringACodeRequest: Bool = false, _ context: JobContext
    ) async -> KeysFailure? {
        let codeRequests = answeringACodeRequest ? keypad.codeRequests(after: id) : nil
        for (index, command) in commands.enumerated() {
            if index == 1, let codeRequests, let failure = await answerCodeRequest(codeRequests, id: id, context) {
                return failure
            }
            guard let frame = try? command.frame() else {
                return KeysFailure(result: .failed(.rejected("the keys cannot be encoded")), keysSent: index > 0)
            }
            var attempt = 1
            while true {
                try? await Task.sleep(for: keypad.wait(at: .now))
                let result = await link.send(frame, id: id)
                keypad.keysAnswered(at: .now)
                if result == .accepted { break }
                guard result == .failed(.panelError(.keybusTransmitBufferOverrun)), attempt < Self.keybusAttempts else {
                    return KeysFailure(result: result, keysSent: index > 0 || Self.unacknowledged(result))
                }
                context.logger.info("the keybus took the keys too soon: sent again after the gap",
                                    metadata: ["command_id": "\(id)", "attempt": "\(attempt)"])
                attempt += 1
            }
        }
        return nil
    }

    /// Answers the code request (`900`) that follows `*1` on a panel that wants a code for
    /// bypassing with `code_master`, before the zone keys; `nil` when done, or when no request
    /// came within ``codeRequestTimeout`` (the keys then go as they are).
    private func answerCodeRequest(_ requests: AsyncStream<Void>, id: UUID, _ context: JobContext) async -> KeysFailure? {
        guard await requests.first(within: Self.codeRequestTimeout) != nil else {
            context.logger.warning("the panel asked for no code after *1, though envisalinkd.bypass.code_required is set",
                                   metadata: ["command_id": "\(id)"])
            return nil
        }
        guard let masterCode, let frame = try? PanelCommand.codeSend(code: masterCode.value).frame() else {
            return KeysFailure(
                result: .failed(.rejected("the panel asks for a code for bypassing, and no usable envisalinkd.code_master is configured")),
                keysSent: true)
        }
        let result = await link.send(frame, id: id)
        return result == .accepted ? nil : KeysFailure(result: result, keysSent: true)
    }

    /// Whether the frame was sent but not answered: the panel may have taken its keys.
    private static func unacknowledged(_ result: CommandResult) -> Bool {
        if case .failed(.unacknowledged) = result { return true }
        return false
    }

    /// Ends a bypass whose keys did not all go through (see ``keysFailed(_:_:keysSent:left:_:)``).
    private func bypassFailed(
        _ command: AlarmCommand, _ failure: KeysFailure, keysSent: Bool, _ context: JobContext
    ) async -> JobOutcome {
        await keysFailed(command, failure, keysSent: keysSent, left: "whose keypad may be left in its bypass menu", context)
    }

    /// Ends a keypad command whose keys did not all go through: waits for the link when none went
    /// out, else answers with the panel's reason and, when keys had gone out, what they may have
    /// `left` (never sent again: the keys toggle).
    func keysFailed(
        _ command: AlarmCommand, _ failure: KeysFailure, keysSent: Bool, left: String, _ context: JobContext
    ) async -> JobOutcome {
        if case .failed(.linkLost) = failure.result, !keysSent {
            context.logger.info("panel link lost before the keys were sent; the command waits for the link",
                                metadata: ["command_id": "\(command.id!)"])
            await forgetSending(context)
            return .retry(after: .seconds(2))
        }
        let response = failure.result.response(to: Self.keyStringCode)
        let code = keysSent && response.code == "refused" ? "unknown" : response.code
        await respond(to: command, code: code, "Command \(Self.describe(command.action)) not completed: \(response.message)"
            + (keysSent ? "; some keys had reached the panel, \(left); not sent again" : ""),
            context)
        return .done
    }
}
