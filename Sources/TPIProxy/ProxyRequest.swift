public import AlarmCore
public import EnvisalinkTPI

/// What the proxy does with a command from a logged-in client: the first four it answers itself,
/// as an EVL does, without any traffic to the panel.
public enum ProxyRequest: Sendable, Hashable {
    /// `000`: answered `500000`.
    case poll
    /// `001`: answered `500001` and a replay of the panel's state.
    case statusReport
    /// `008`: answered `500008` and a `615` from the zones' open and close times.
    case zoneTimers
    /// `055`: timestamps on this client's lines, on or off.
    case timestamps(on: Bool)
    /// A command for the panel, sent as this client's.
    case panel
    /// `200`: the code, for the panel's code request after this client's command.
    case codeSend
    /// A command this client may not send; `reason` is for the audit and the log.
    case refused(reason: String)

    /// The commands a `control` client may send: arm (`030`–`033`), disarm (`040`), panic (`060`).
    static let controlCodes: Set<String> = ["030", "031", "032", "033", "040", "060"]

    /// What to do with `command` (the frame's code `code`) from `client`.
    public init(_ command: PanelCommand, code: String, client: TPIProxyClientConfig) {
        let mayControl = client.permission == .control
        switch command {
        case .poll: self = .poll
        case .statusReport: self = .statusReport
        case .dumpZoneTimers: self = .zoneTimers
        case let .timestampControl(on): self = .timestamps(on: on)
        case .login: self = .refused(reason: "a second login on a logged-in session")
        case .codeSend:
            self = mayControl || client.allowedRawCodes.contains(code)
                ? .codeSend : .refused(reason: "a code send from a client without control permission")
        case _ where Self.controlCodes.contains(code) && mayControl:
            self = .panel
        case _ where client.allowedRawCodes.contains(code):
            self = .panel
        case _ where Self.controlCodes.contains(code):
            self = .refused(reason: "command \(code) needs permission control (client \(client.name) has \(client.permission.rawValue))")
        default:
            self = .refused(reason: "command \(code) is not in the allow_raw list of client \(client.name)")
        }
    }
}
