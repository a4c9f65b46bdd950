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

    /// Why this address may not be listened on without an explicit opt-in, or `nil` when it is
    /// loopback. `optIn` says how to opt in: `"set command.allow_non_loopback: true"`.
    public func nonLoopbackRefusal(optIn: String) -> String? {
        isLoopback ? nil : "\(host) is not a loopback address; \(optIn) to accept connections from the network"
    }
}

extension ConfigMap {
    /// The listen address under `key` (`nil` when absent) and the boolean under `allowKey`
    /// (default `false`): an address that is not loopback is refused, naming `key` and saying
    /// to set `allowKey`, with `advice` after that, unless `allowKey` is `true`.
    func loopbackListenAddress(
        _ key: String, allowNonLoopback allowKey: String, advice: String = ""
    ) throws(ConfigError) -> (address: ListenAddress?, allowNonLoopback: Bool) {
        let value = value(key)
        let address = try value?.listenAddress()
        let allowed = try self.value(allowKey)?.boolean() ?? false
        if let value, !allowed, let refusal = address?.nonLoopbackRefusal(optIn: "set \(path(of: allowKey)): true") {
            throw value.failure(refusal + advice)
        }
        return (address, allowed)
    }
}
