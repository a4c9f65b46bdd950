extension ProviderURL.Origin {
    /// The origin as VAPID's `aud` claim names it (RFC 8292 §2): `scheme://host[:port]`, lower
    /// case, the port only when it is not the scheme's default, brackets around an IPv6 address.
    var audience: String {
        let scheme = isSecure ? "https" : "http"
        let bracketed = host.contains(":") ? "[\(host)]" : host
        let defaultPort = isSecure ? 443 : 80
        return "\(scheme)://\(bracketed.lowercased())\(port == defaultPort ? "" : ":\(port)")"
    }
}
