import CoreMetrics

/// The TPI proxy's metrics, through swift-metrics (docs/operations.md): clients logged in,
/// commands sent to the panel or refused, and wrong passwords.
struct ProxyMetrics: Sendable {
    /// Connections logged in now.
    static let clientsName = "howalarming_tpi_proxy_clients"
    /// Clients' commands, by `outcome`: `sent` to the panel, or `refused` (not permitted).
    static let commandsName = "howalarming_tpi_proxy_commands_total"
    /// Logins refused for a wrong password.
    static let wrongPasswordsName = "howalarming_tpi_proxy_wrong_passwords_total"

    private let clients = Gauge(label: clientsName)
    private let sent = Counter(label: commandsName, dimensions: [("outcome", "sent")])
    private let refused = Counter(label: commandsName, dimensions: [("outcome", "refused")])
    private let wrongPasswords = Counter(label: wrongPasswordsName)

    /// The metrics, with no client.
    init() {
        clients.record(0)
    }

    /// `count` connections are logged in.
    func clientsLoggedIn(_ count: Int) {
        clients.record(count)
    }

    /// A client's command went to the panel.
    func commandSent() {
        sent.increment()
    }

    /// A client's command was refused.
    func commandRefused() {
        refused.increment()
    }

    /// A login was refused for its password.
    func wrongPassword() {
        wrongPasswords.increment()
    }
}
