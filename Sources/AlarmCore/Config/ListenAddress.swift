/// A host and TCP port to listen on, written `HOST:PORT` (`127.0.0.1:8080`, `localhost:8080`)
/// or, for IPv6, `[ADDRESS]:PORT` (`[::1]:8080`).
public struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    /// Host name or IP address, without brackets.
    public var host: String
    /// TCP port, 1–65535.
    public var port: Int

    /// An address to listen on.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Parses `HOST:PORT` or `[IPV6]:PORT`, as a configuration key or a command-line option gives it.
    ///
    /// - Throws: ``ListenAddressError`` saying what is wrong with `text`.
    public init(parsing text: String) throws(ListenAddressError) {
        let malformed = ListenAddressError(
            reason: "must be HOST:PORT, such as 127.0.0.1:8080 or [::1]:8080, got \(String(reflecting: text))")
        guard let colon = text.lastIndex(of: ":") else { throw malformed }
        var host = text[..<colon]
        if host.hasPrefix("["), host.hasSuffix("]") {
            host = host.dropFirst().dropLast()
        } else if host.contains(":") {
            throw malformed
        }
        guard !host.isEmpty, !host.contains(where: \.isWhitespace) else { throw malformed }
        let portText = String(text[text.index(after: colon)...])
        guard let port = Int(portText), ConfigValue.ports.contains(port) else {
            throw ListenAddressError(reason: "port " + ConfigValue.outOfRange(ConfigValue.ports, got: portText))
        }
        self.init(host: String(host), port: port)
    }

    /// `HOST:PORT`, with the host in brackets when it is an IPv6 address.
    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}

/// Why a text is not a ``ListenAddress``.
public struct ListenAddressError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, as a sentence fragment after the key or option's name.
    public let reason: String

    public var description: String { reason }
}

extension ConfigValue {
    /// A `HOST:PORT` or `[IPV6]:PORT` listen address.
    func listenAddress() throws(ConfigError) -> ListenAddress {
        let text = try text(expected: "HOST:PORT")
        do {
            return try ListenAddress(parsing: text)
        } catch {
            throw failure(error.reason)
        }
    }
}
