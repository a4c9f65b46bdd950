/// Web Push endpoints as device tokens: checked without ever quoting them.
extension DeviceToken {
    /// Longest Web Push endpoint accepted, in bytes (the limit UnifiedPush sets; the big push
    /// services' endpoints are a few hundred).
    public static let webPushEndpointMaximumLength = 1000

    /// `endpoint`, checked: an absolute `https://` URL with a host and without user info or
    /// fragment, printable ASCII without spaces. Whether its host is a public address is checked
    /// when sending, where the name is resolved.
    static func webPushEndpoint(_ endpoint: some StringProtocol) throws(FormatError) -> String {
        guard !endpoint.isEmpty else {
            throw invalid("a Web Push endpoint must not be empty")
        }
        guard endpoint.utf8.count <= webPushEndpointMaximumLength else {
            throw invalid(
                "a Web Push endpoint has at most \(webPushEndpointMaximumLength) characters, got \(endpoint.utf8.count)")
        }
        guard endpoint.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
            throw invalid("a Web Push endpoint is a URL of printable ASCII characters without spaces")
        }
        let scheme = "https://"
        guard endpoint.lowercased().hasPrefix(scheme) else {
            throw invalid("a Web Push endpoint must be an https:// URL")
        }
        let authority = endpoint.dropFirst(scheme.count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty, !authority.hasPrefix(":"), !authority.hasPrefix("[]") else {
            throw invalid("a Web Push endpoint must name a host")
        }
        guard !authority.contains("@") else {
            throw invalid("a Web Push endpoint must not carry user information (user@host)")
        }
        guard !endpoint.contains("#") else {
            throw invalid("a Web Push endpoint must not have a fragment (#…)")
        }
        return String(endpoint)
    }

    /// `https://host[:port]` of an endpoint: everything before its path, query or fragment.
    static func origin(ofEndpoint endpoint: String) -> String {
        let scheme = endpoint.prefix { $0 != ":" }
        let rest = endpoint.dropFirst(scheme.count)
        guard rest.hasPrefix("://") else { return "?" }
        let authority = rest.dropFirst(3).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return "\(scheme.lowercased())://\(authority.lowercased())"
    }
}
