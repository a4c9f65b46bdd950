/// An IP address range written `ADDRESS/PREFIX` (`10.0.0.0/8`, `fd00::/8`), or a single address
/// (`192.0.2.7`, `::1`), as `command.trusted_proxies` lists them.
public struct IPNetwork: Sendable, Hashable, CustomStringConvertible {
    /// Why a text is not a network: for the configuration's error message.
    public struct Invalid: Error {
        public let reason: String
    }

    /// The first address of the range (its host bits are zero).
    public let address: IPAddress
    /// How many leading bits an address shares with ``address`` to be in the range.
    public let prefixLength: Int

    /// Reads `ADDRESS` or `ADDRESS/PREFIX`; the host bits of `ADDRESS` must be zero.
    public init(_ text: String) throws(Invalid) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(parts[0]) else {
            throw Invalid(reason: "\(String(reflecting: String(parts[0]))) is not an IP address")
        }
        let bits = address.bytes.count * 8
        // An IPv4-mapped IPv6 range (::ffff:10.0.0.0/104) counts in IPv4 bits.
        let mappedOffset = parts[0].contains(":") && bits == 32 ? 96 : 0
        var prefixLength = bits
        if parts.count == 2 {
            guard let length = Int(parts[1]), parts[1].allSatisfy(\.isASCII),
                (mappedOffset...(bits + mappedOffset)).contains(length)
            else {
                throw Invalid(reason: "the prefix length must be a number from 0 to \(bits + mappedOffset), got \(String(reflecting: String(parts[1])))")
            }
            prefixLength = length - mappedOffset
        }
        self.address = address
        self.prefixLength = prefixLength
        guard Self.masked(address, to: prefixLength) == address else {
            let network = Self.masked(address, to: prefixLength)
            throw Invalid(reason: "\(text) has host bits set; did you mean \(network)/\(prefixLength)?")
        }
    }

    /// Whether `address` is in this range (never across address families).
    public func contains(_ address: IPAddress) -> Bool {
        address.bytes.count == self.address.bytes.count && Self.masked(address, to: prefixLength) == self.address
    }

    /// Whether `text` is an IP address in this range; `false` when it is not an address.
    public func contains(_ text: String) -> Bool {
        IPAddress(text).map(contains) ?? false
    }

    /// `ADDRESS/PREFIX`, the address in canonical form.
    public var description: String { "\(address)/\(prefixLength)" }

    /// `address` with every bit after the first `prefixLength` cleared.
    private static func masked(_ address: IPAddress, to prefixLength: Int) -> IPAddress {
        IPAddress(bytes: address.bytes.enumerated().map { index, byte in
            let kept = min(max(prefixLength - index * 8, 0), 8)
            return kept == 8 ? byte : byte & ~(0xFF >> UInt8(kept))
        })
    }
}
