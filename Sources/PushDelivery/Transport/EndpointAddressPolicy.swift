public import AlarmCore

/// Which addresses a connection may go to: for Web Push, whose endpoints are URLs that clients
/// chose, only public ones, unless private ones are allowed (a self-hosted push service on the
/// LAN, the tests' mock on 127.0.0.1).
///
/// Every address a host name resolves to is checked, and the connection goes to a checked
/// address (not to the name again), so that a name cannot resolve to a public address for the
/// check and a private one for the connection.
public struct EndpointAddressPolicy: Sendable, Hashable {
    /// Whether private, loopback and other non-public addresses are allowed too.
    public var allowsPrivateAddresses: Bool

    /// A policy; `allowsPrivateAddresses` off: public addresses only.
    public init(allowsPrivateAddresses: Bool = false) {
        self.allowsPrivateAddresses = allowsPrivateAddresses
    }

    /// Why `address` may not be connected to (`"a loopback address"`), or `nil` when it may.
    public func refusal(of address: IPAddress) -> String? {
        guard !allowsPrivateAddresses else { return nil }
        return Self.nonPublic.first { $0.network.contains(address) }.map(\.kind)
    }

    /// The ranges that are not public unicast addresses, each with what it is. IPv4-mapped
    /// IPv6 addresses are checked as their IPv4 address (``IPAddress``).
    static let nonPublic: [(network: IPNetwork, kind: String)] = [
        ("0.0.0.0/8", "an unspecified (this-network) address"),
        ("10.0.0.0/8", "a private address"),
        ("100.64.0.0/10", "a carrier-grade NAT (shared) address"),
        ("127.0.0.0/8", "a loopback address"),
        ("169.254.0.0/16", "a link-local address"),
        ("172.16.0.0/12", "a private address"),
        ("192.0.0.0/24", "an IETF protocol assignment address"),
        ("192.0.2.0/24", "a documentation address"),
        ("192.88.99.0/24", "a 6to4 relay address"),
        ("192.168.0.0/16", "a private address"),
        ("198.18.0.0/15", "a benchmarking address"),
        ("198.51.100.0/24", "a documentation address"),
        ("203.0.113.0/24", "a documentation address"),
        ("224.0.0.0/4", "a multicast address"),
        ("240.0.0.0/4", "a reserved or broadcast address"),
        ("::/96", "an unspecified, loopback or IPv4-compatible address"),
        ("64:ff9b:1::/48", "a local-use NAT64 address"),
        ("100::/64", "a discard-only address"),
        ("2001:db8::/32", "a documentation address"),
        ("fc00::/7", "a unique local (ULA) address"),
        ("fe80::/10", "a link-local address"),
        ("fec0::/10", "a site-local address"),
        ("ff00::/8", "a multicast address"),
    ].map { text, kind in
        guard let network = try? IPNetwork(text) else { preconditionFailure("\(text) is a network") }
        return (network, kind)
    }
}
