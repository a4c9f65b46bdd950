import AlarmCore

/// Which address a request counts as coming from, for the failure throttle, the logs and the audit.
///
/// The TCP peer's address — unless the peer is one of the trusted proxies (`command.trusted_proxies`):
/// then the right-most `X-Forwarded-For` address that is not itself a trusted proxy, the one the
/// outermost trusted proxy saw. A client writes what it likes into the header, and each proxy
/// only appends to it, so nothing left of that address is believed, and from any other peer the
/// header is ignored altogether.
struct ClientAddressResolver: Sendable {
    let trustedProxies: [IPNetwork]

    /// The client's address, given the peer's and the `X-Forwarded-For` header values in order.
    func clientAddress(peer: String?, forwardedFor headers: [String]) -> String? {
        guard let peer, let peerAddress = IPAddress(peer) else { return peer }
        guard isTrusted(peerAddress) else { return peerAddress.description }
        let hops = headers.flatMap { $0.split(separator: ",") }
        for hop in hops.reversed() {
            // Where a trusted proxy should have written an address but did not, the proxy is the client.
            guard let address = Self.address(inHop: hop) else { return peerAddress.description }
            if !isTrusted(address) { return address.description }
        }
        return peerAddress.description
    }

    private func isTrusted(_ address: IPAddress) -> Bool {
        trustedProxies.contains { $0.contains(address) }
    }

    /// The address of one `X-Forwarded-For` entry: `192.0.2.7`, `2001:db8::1`, or with a port,
    /// `192.0.2.7:4711` or `[2001:db8::1]:4711`.
    private static func address(inHop hop: Substring) -> IPAddress? {
        var hop = hop
        while hop.first?.isWhitespace == true { hop.removeFirst() }
        while hop.last?.isWhitespace == true { hop.removeLast() }
        if hop.hasPrefix("["), let close = hop.firstIndex(of: "]") {
            return IPAddress(hop[hop.index(after: hop.startIndex)..<close])
        }
        if hop.filter({ $0 == ":" }).count == 1, let colon = hop.firstIndex(of: ":") {
            return IPAddress(hop[..<colon])
        }
        return IPAddress(hop)
    }
}
