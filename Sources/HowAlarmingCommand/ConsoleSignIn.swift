/// What the QR code of `tokens create --qr` holds: the console's address with the token in its
/// fragment (`https://alarm.example:8443/#token=hal_…`). Browsers never send a fragment to a
/// server, and the console removes it from the address bar as soon as it has read the token.
enum ConsoleSignIn {
    /// The sign-in address for `token` at `consoleURL`.
    static func url(console consoleURL: String, token: String) -> String {
        consoleURL + "#token=" + token
    }

    /// Why `consoleURL` cannot be the console's address, or `nil` when it can: an `http` or
    /// `https` URL with a host, no fragment, and no spaces or control characters.
    static func problem(with consoleURL: String) -> String? {
        let lowercased = consoleURL.lowercased()
        guard let scheme = ["https://", "http://"].first(where: { lowercased.hasPrefix($0) }) else {
            return "the console's address starts with https:// (or http:// on a trusted network)"
        }
        guard let host = consoleURL.dropFirst(scheme.count).split(separator: "/", omittingEmptySubsequences: false).first,
            !host.isEmpty
        else {
            return "the console's address names a host, such as https://alarm.example:8443/"
        }
        guard !consoleURL.contains("#") else { return "the console's address has no fragment (#…): the token goes there" }
        guard !consoleURL.unicodeScalars.contains(where: { $0 == " " || $0.properties.generalCategory == .control }) else {
            return "the console's address has no spaces or control characters"
        }
        return nil
    }
}
