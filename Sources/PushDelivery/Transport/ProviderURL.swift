/// An `https://` (or `http://`) URL split into what an HTTP/2 request needs: the origin its
/// connection goes to, and the `:authority` and `:path` of the request.
struct ProviderURL: Sendable, Hashable {
    /// Where a connection goes: requests to the same origin share one connection.
    struct Origin: Sendable, Hashable, CustomStringConvertible {
        /// Whether the connection uses TLS (`https`).
        let isSecure: Bool
        /// The host name or IP address, without the brackets of an IPv6 literal.
        let host: String
        let port: Int

        var description: String { "\(isSecure ? "https" : "http")://\(host):\(port)" }

        /// Whether `host` is an IP address, which TLS does not send as the server name (SNI).
        var hostIsAddress: Bool {
            host.contains(":") || host.split(separator: ".").count == 4 && host.allSatisfy { $0.isNumber || $0 == "." }
        }
    }

    let origin: Origin
    /// The `:authority` pseudo-header: host and port as the URL wrote them.
    let authority: String
    /// The `:path` pseudo-header: path and query, at least `/`.
    let path: String

    /// Splits `url`, or throws ``PushTransportError/Code/invalidEndpoint``.
    init(_ url: String) throws(PushTransportError) {
        // The URL's path is not quoted: a Web Push endpoint's path is a capability.
        let invalid = PushTransportError(
            code: .invalidEndpoint, message: "\(Self.originPart(url)) is not a usable https:// URL")
        guard let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://") else { throw invalid }
        let scheme = url[..<colon].lowercased()
        guard scheme == "https" || scheme == "http" else { throw invalid }
        let rest = url[url.index(colon, offsetBy: 3)...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = String(rest[..<authorityEnd])
        var path = String(rest[authorityEnd...].prefix { $0 != "#" })
        if path.isEmpty || path.first == "?" { path = "/" + path }
        guard let (host, port) = Self.hostAndPort(authority, defaultPort: scheme == "https" ? 443 : 80) else {
            throw invalid
        }
        self.origin = Origin(isSecure: scheme == "https", host: host, port: port)
        self.authority = authority
        self.path = path
    }

    /// `host[:port]` or `[v6]:port` → host and port; `nil` for an empty host, user info or a bad port.
    private static func hostAndPort(_ authority: String, defaultPort: Int) -> (String, Int)? {
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        var host = Substring(authority)
        var portText: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let after = host[host.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
            host = host[host.index(after: host.startIndex)..<close]
        } else if let colon = host.lastIndex(of: ":") {
            portText = host[host.index(after: colon)...]
            host = host[..<colon]
        }
        guard !host.isEmpty else { return nil }
        guard let portText else { return (String(host), defaultPort) }
        guard let port = Int(portText), (1...65535).contains(port) else { return nil }
        return (String(host), port)
    }

    /// `url` up to its path (`https://host:port`), or its first characters when it has no
    /// `://`: what error messages may quote.
    private static func originPart(_ url: String) -> String {
        let scheme = url.prefix { $0 != ":" }
        let rest = url.dropFirst(scheme.count)
        guard rest.hasPrefix("://") else { return String(url.prefix(12)) + "…" }
        return "\(scheme)://" + rest.dropFirst(3).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    }
}
