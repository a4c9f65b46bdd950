extension CommandResult {
    /// The `code` and `message` of the `response` event for this answer to command `code`, as the
    /// integrator publishes it for its own commands and its proxy's clients': `500` accepted, `502`
    /// refused by the panel, `unknown` when the link dropped after it was sent, `refused` when it
    /// dropped before the command went out (the integrator waits for the link instead, for its own).
    public func response(to code: String) -> (code: String, message: String) {
        switch self {
        case .accepted:
            ("500", "Command \(code) accepted by the panel")
        case let .failed(.linkLost(reason)):
            ("refused", "Command \(code) not sent: panel link lost: \(reason)")
        case .failed(.unacknowledged):
            ("unknown", "Command \(code) outcome unknown: the panel link was lost after it was sent, before the panel answered; "
                + "it may have been carried out and is not sent again")
        case let .failed(failure):
            ("502", "Command \(code) refused by the panel: \(failure)")
        }
    }
}
