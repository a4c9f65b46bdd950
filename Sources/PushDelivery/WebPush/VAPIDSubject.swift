/// The `sub` claim of VAPID tokens: how a push service reaches the operator, a `mailto:` address
/// or an `https:` URL (RFC 8292 §2.1).
///
/// Apple refuses tokens whose subject is anything else (`BadJwtToken`), and in practice also
/// `mailto: <address>` with a space or brackets, and `localhost`; those are refused here first.
public struct VAPIDSubject: Sendable, Hashable, CustomStringConvertible {
    /// The subject as configured.
    public let value: String

    /// `value`, checked: `mailto:name@host` or `https://host…`.
    public init(_ value: String) throws(PushCredentialError) {
        let invalid = PushCredentialError(
            code: .invalidSubject,
            message: "the VAPID subject must be a mailto: address (mailto:name@example.org) or an https: URL, "
                + "without spaces or angle brackets, and not localhost")
        guard !value.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" }) else { throw invalid }
        if value.lowercased().hasPrefix("mailto:") {
            let address = value.dropFirst("mailto:".count)
            guard let at = address.firstIndex(of: "@"), at != address.startIndex,
                address[address.index(after: at)...].contains(where: { $0 != "@" }),
                !address.lowercased().hasSuffix("@localhost")
            else { throw invalid }
        } else {
            guard value.lowercased().hasPrefix("https://"), let url = try? ProviderURL(value),
                url.origin.host.lowercased() != "localhost"
            else { throw invalid }
        }
        self.value = value
    }

    public var description: String { value }
}
