/// Why a control line is not a command: the text of its `error` reply.
struct ControlCommandError: Error, Sendable, Hashable {
    let message: String

    init(_ message: String) { self.message = message }
}
