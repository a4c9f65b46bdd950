import AlarmCore
import Testing

@testable import CommandAPI

/// Which address a request counts as coming from, with and without trusted proxies.
@Suite("Client address")
struct ClientAddressResolverTests {
    private func resolver(_ proxies: String...) throws -> ClientAddressResolver {
        ClientAddressResolver(trustedProxies: try proxies.map { try IPNetwork($0) })
    }

    @Test func withoutTrustedProxiesTheHeaderIsIgnored() throws {
        let none = try resolver()
        #expect(none.clientAddress(peer: "192.0.2.1", forwardedFor: ["198.51.100.7"]) == "192.0.2.1")
        #expect(none.clientAddress(peer: nil, forwardedFor: ["198.51.100.7"]) == nil)
        // A peer that is not a trusted proxy gets no say either.
        #expect(try resolver("10.0.0.0/8").clientAddress(peer: "192.0.2.1", forwardedFor: ["198.51.100.7"]) == "192.0.2.1")
    }

    @Test func behindTrustedProxiesTheRightMostUntrustedAddressIsTheClient() throws {
        let proxies = try resolver("127.0.0.1", "10.0.0.0/8")
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: ["198.51.100.7"]) == "198.51.100.7")
        // The client wrote the left part; the proxies appended what they saw.
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: ["1.2.3.4, 198.51.100.7, 10.1.2.3"]) == "198.51.100.7")
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: ["1.2.3.4", "198.51.100.7,10.1.2.3"]) == "198.51.100.7")
        // Ports, brackets and spellings of one address agree.
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: ["[2001:DB8:0::7]:4711"]) == "2001:db8::7")
        #expect(proxies.clientAddress(peer: "::ffff:127.0.0.1", forwardedFor: ["198.51.100.7:4711"]) == "198.51.100.7")
    }

    @Test func withoutAUsableHeaderTheProxyIsTheClient() throws {
        let proxies = try resolver("127.0.0.1")
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: []) == "127.0.0.1")
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: ["127.0.0.1"]) == "127.0.0.1")
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: ["198.51.100.7, unknown"]) == "127.0.0.1")
    }
}
