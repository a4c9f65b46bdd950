@testable import PushDelivery
import Testing

/// Splitting provider URLs into the origin of their connection and the request's pseudo-headers.
struct ProviderURLTests {
    @Test(arguments: [
        ("https://api.push.apple.com/3/device/ab", "api.push.apple.com", 443, true, "api.push.apple.com", "/3/device/ab"),
        ("https://127.0.0.1:8443/3/device/ab", "127.0.0.1", 8443, true, "127.0.0.1:8443", "/3/device/ab"),
        ("HTTPS://fcm.googleapis.com/v1/projects/p/messages:send", "fcm.googleapis.com", 443, true,
         "fcm.googleapis.com", "/v1/projects/p/messages:send"),
        ("http://localhost:8080", "localhost", 8080, false, "localhost:8080", "/"),
        ("http://localhost", "localhost", 80, false, "localhost", "/"),
        ("https://[::1]:9443/token?x=1#fragment", "::1", 9443, true, "[::1]:9443", "/token?x=1"),
        ("https://example.com?query", "example.com", 443, true, "example.com", "/?query"),
    ])
    func splits(url: String, host: String, port: Int, isSecure: Bool, authority: String, path: String) throws {
        let parsed = try ProviderURL(url)
        #expect(parsed.origin == ProviderURL.Origin(isSecure: isSecure, host: host, port: port))
        #expect(parsed.authority == authority)
        #expect(parsed.path == path)
    }

    @Test(arguments: [
        "", "api.push.apple.com/3/device", "ftp://example.com/", "https://", "https:///path", "https://host:0/",
        "https://host:70000/", "https://host:port/", "https://user@host/", "https://[::1/", "https://[::1]x/",
    ])
    func refuses(url: String) {
        #expect(throws: PushTransportError.self) { try ProviderURL(url) }
        #expect((try? ProviderURL(url)) == nil)
    }

    @Test func addressesAreNotSentAsTLSServerNames() throws {
        #expect(try ProviderURL("https://127.0.0.1/").origin.hostIsAddress)
        #expect(try ProviderURL("https://[::1]/").origin.hostIsAddress)
        #expect(try !ProviderURL("https://api.push.apple.com/").origin.hostIsAddress)
        #expect(try !ProviderURL("https://1.2.3.example/").origin.hostIsAddress)
    }
}
