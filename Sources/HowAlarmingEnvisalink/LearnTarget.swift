import AlarmCore
import ArgumentParser
import EnvisalinkIntegrator

/// Where `learn` logs in: the Envisalink of `envisalinkd`, or the integrator's TPI proxy.
enum LearnTarget {
    /// The link to the Envisalink, or with `throughProxy` to the proxy's listener as that client.
    static func link(for panel: EnvisalinkConfig, throughProxy: String?) throws -> PanelLinkConfiguration {
        guard let name = throughProxy else {
            return PanelLinkConfiguration(host: panel.host, port: panel.port, password: try panel.requirePassword())
        }
        guard let proxy = panel.proxy else {
            throw ValidationError("--through-proxy: envisalinkd.proxy is not configured, so there is no proxy to log in to")
        }
        guard let client = proxy.clients.first(where: { $0.name == name }) else {
            let names = proxy.clients.map(\.name).sorted().joined(separator: ", ")
            throw ValidationError("--through-proxy: envisalinkd.proxy.clients has no client \(name.debugDescription) (it has: \(names))")
        }
        return PanelLinkConfiguration(host: connectable(proxy.listen.host), port: proxy.listen.port, password: client.password)
    }

    /// The address to connect to for a listener on `host`: loopback for a wildcard address.
    private static func connectable(_ host: String) -> String {
        switch host {
        case "0.0.0.0", "": "127.0.0.1"
        case "::", "[::]": "::1"
        default: host
        }
    }
}
