import AlarmCore
import EnvisalinkTPI
import Logging
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `chime_on` and `chime_off`: the keypad's `*4`, paced like every keypad frame, checked against
/// the panel's chime report.
///
/// `*4` toggles the partition's door chime and the panel answers `663` (on) or `664` (off), so
/// the keys go out only while the last report (or none since the link came up) is not the state
/// asked, at most twice (``ChimeKeys``): a first `*4` made on an unknown state may turn the chime
/// the wrong way, and the second turns it back. The response is `500` once a report says the
/// state asked, `failed` when none comes within ``chimeReportTimeout`` or it is still the other
/// state. Like any command it is recorded before its first key goes out and never sent again after that.
extension PanelCommandHandler {
    /// How long after `*4` the panel's `663`/`664` may take.
    static let chimeReportTimeout = Duration.seconds(5)

    func handleChime(_ command: AlarmCommand, asked: Bool, idFromJob: Bool, now: Int64, _ context: JobContext) async -> JobOutcome {
        let id = command.id!
        let partition = command.partition ?? 1
        let wanted = asked ? "on" : "off"
        if let outcome = await readyToSend(command, id: id, idFromJob: idFromJob, now: now, context) { return outcome }
        var state = keypad.chime(of: partition)
        var toggles = 0
        while true {
            switch ChimeKeys.next(asked: asked, state: state, toggles: toggles) {
            case .done:
                await respond(to: command, code: "500", "Chime \(wanted) on partition \(partition)\(toggles == 0 ? " (already)" : "")", context)
                return .done
            case .failed:
                await respond(to: command, code: "failed", "Chime still \(asked ? "off" : "on") on partition \(partition) "
                    + "after \(toggles) *4, by the panel's chime reports", context)
                return .done
            case .toggle:
                if toggles == 0 { await echoKeys(of: command, "Sending chime \(wanted) to the panel", now: now, context) }
                let reports = keypad.reports { report -> Bool? in
                    if case let .chime(partition: reported, on: on) = report, reported == partition { on } else { nil }
                }
                if let failure = await sendKeys([ChimeKeys.command(partition: partition)], id: id, context) {
                    return await keysFailed(command, failure, keysSent: toggles > 0 || failure.keysSent,
                                            left: "whose chime may be left either way", context)
                }
                toggles += 1
                guard let reported = await reports.first(within: Self.chimeReportTimeout) else {
                    await respond(to: command, code: "failed", "Chime \(wanted) not confirmed: the panel sent no chime report "
                        + "(663/664) for partition \(partition) within \(Self.chimeReportTimeout) of *4; not sent again", context)
                    return .done
                }
                state = reported
            }
        }
    }
}
