import AlarmCore
import Testing

/// `command.trusted_proxies`: the reverse proxies whose `X-Forwarded-For` the command API believes.
@Suite struct TrustedProxiesConfigTests {
    private func parse(_ yaml: String) throws -> HowAlarmingConfig {
        try HowAlarmingConfig.parse(yaml: yaml, path: "config.yaml", environment: [:])
    }

    @Test func noneByDefault() throws {
        #expect(CommandConfig().trustedProxies.isEmpty)
        #expect(try parse("command: {tube: command}").command.trustedProxies.isEmpty)
    }

    @Test func addressesAndRangesOfBothFamilies() throws {
        let config = try parse("command: {trusted_proxies: [127.0.0.1, 10.0.0.0/8, '::1', 'fd00::/8', '::ffff:192.0.2.1']}")
        #expect(config.command.trustedProxies.map(\.description)
            == ["127.0.0.1/32", "10.0.0.0/8", "::1/128", "fd00::/8", "192.0.2.1/32"])
        #expect(try parse("command: {trusted_proxies: 192.168.1.10}").command.trustedProxies.map(\.description)
            == ["192.168.1.10/32"])
        #expect(try parse("command: {trusted_proxies: []}").command.trustedProxies.isEmpty)
    }

    @Test(arguments: [
        ("proxy.example.com", "not an IP address"), ("''", "not an IP address"), ("10.0.0.1/8", "host bits"),
        ("10.0.0.0/33", "prefix length"), ("'::1/129'", "prefix length"), ("10.0.0.0/x", "prefix length"),
        ("{a: 1}", "an IP address"),
    ])
    func aBadEntryStopsStartUpNamingItsKey(entry: String, reason: String) {
        #expect {
            _ = try parse("command: {trusted_proxies: [127.0.0.1, \(entry)]}")
        } throws: { error in
            let text = "\(error)"
            return text.contains("command.trusted_proxies[1]") && text.contains(reason)
        }
    }

    @Test func aNetworkContainsItsAddressesOnly() throws {
        let networks = try parse("command: {trusted_proxies: [10.1.0.0/16, 'fd00::/8', 192.0.2.7]}").command.trustedProxies
        let trusted = { (address: String) in networks.contains { $0.contains(address) } }
        #expect(trusted("10.1.255.3") && trusted("fd12::1") && trusted("192.0.2.7") && trusted("::ffff:10.1.0.9"))
        #expect(!trusted("10.2.0.1") && !trusted("fe80::1") && !trusted("192.0.2.8") && !trusted("not an address"))
    }
}
