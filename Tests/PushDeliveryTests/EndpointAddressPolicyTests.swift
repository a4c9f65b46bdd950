import AlarmCore
import PushDelivery
import Testing

/// Which addresses a Web Push endpoint may resolve to.
struct EndpointAddressPolicyTests {
    let policy = EndpointAddressPolicy()

    @Test(arguments: [
        ("127.0.0.1", "a loopback address"), ("::1", "an unspecified, loopback or IPv4-compatible address"),
        ("::ffff:127.0.0.1", "a loopback address"), ("10.1.2.3", "a private address"),
        ("172.31.255.255", "a private address"), ("192.168.1.1", "a private address"),
        ("169.254.169.254", "a link-local address"), ("fe80::1", "a link-local address"),
        ("fd12:3456::1", "a unique local (ULA) address"), ("100.64.0.1", "a carrier-grade NAT (shared) address"),
        ("224.0.0.1", "a multicast address"), ("ff02::1", "a multicast address"),
        ("0.0.0.0", "an unspecified (this-network) address"), ("::", "an unspecified, loopback or IPv4-compatible address"),
        ("255.255.255.255", "a reserved or broadcast address"),
    ])
    func nonPublicAddressesAreRefusedAndSaySo(address: String, kind: String) throws {
        #expect(policy.refusal(of: try #require(IPAddress(address))) == kind)
        #expect(EndpointAddressPolicy(allowsPrivateAddresses: true).refusal(of: try #require(IPAddress(address))) == nil)
    }

    @Test(arguments: ["142.250.185.74", "2a00:1450:4001:82a::200a", "17.253.144.10", "172.32.0.1", "100.128.0.1"])
    func publicAddressesPass(address: String) throws {
        #expect(policy.refusal(of: try #require(IPAddress(address))) == nil)
    }
}
