extension ListenAddress {
    /// Whether the host is a loopback address, reachable only from this machine: `localhost`,
    /// an IPv4 address in 127.0.0.0/8 or the IPv6 address `::1`.
    public var isLoopback: Bool {
        let host = host.lowercased()
        if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.first == "127"
            && octets.allSatisfy { octet in
                octet.count <= 3 && octet.allSatisfy(\.isASCII) && UInt8(octet) != nil
            }
    }
}
