import EnvisalinkTPI
import Testing

/// The `response` event's code and message for each way a command can end.
@Suite struct CommandResultResponseTests {
    @Test func eachEndHasItsCode() {
        #expect(CommandResult.accepted.response(to: "030") == ("500", "Command 030 accepted by the panel"))
        #expect(CommandResult.failed(.panelError(.notReadyToArm)).response(to: "030").code == "502")
        #expect(CommandResult.failed(.panelError(.notReadyToArm)).response(to: "030").message.hasSuffix("024: not ready to arm"))
        #expect(CommandResult.failed(.linkLost("gone")).response(to: "030").code == "refused")
        let unknown = CommandResult.failed(.unacknowledged("gone")).response(to: "030")
        #expect(unknown.code == "unknown" && unknown.message.contains("not sent again"))
    }
}
