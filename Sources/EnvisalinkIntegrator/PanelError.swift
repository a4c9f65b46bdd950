import EnvisalinkTPI

/// A `501` or `502` that is the panel's own problem (it answered the link's poll or status
/// request with it, or sent it unprompted), as its `fault` event says it.
public struct PanelError: Sendable, Equatable {
    /// The event's message, e.g. `Panel error 014: keybus down, in answer to the integrator's poll`.
    public let message: String
    /// The panel's frame, e.g. `502 014`.
    public let raw: String

    /// The error `failure` stands for, or `nil` when it is no panel error (the link was lost).
    /// - Parameter request: the link's own request it answers; `nil` when it came unprompted.
    init?(_ failure: CommandFailure, answering request: TPIFrame?) {
        let context = switch request?.code {
        case nil: "reported unprompted"
        case "000": "in answer to the integrator's poll"
        case "001": "in answer to the integrator's status request"
        case let code?: "in answer to the integrator's \(code)"
        }
        switch failure {
        case let .panelError(error):
            message = "Panel error \(error), \(context)"
            raw = "502 \(error.tpiData)"
        case .rejected:
            message = "Panel error 501: bad checksum, \(context)"
            raw = "501"
        case .linkLost, .unacknowledged:
            return nil
        }
    }
}
