@testable import DaemonMetrics
import NIOHTTP1
import Testing

/// The listener's routing, from a request head alone.
@Suite struct MetricsRouteTests {
    private func route(_ method: HTTPMethod, _ uri: String, _ headers: [(String, String)] = []) -> MetricsRoute {
        MetricsRoute(HTTPRequestHead(version: .http1_1, method: method, uri: uri, headers: HTTPHeaders(headers)))
    }

    @Test func getHealthzAndMetrics() {
        #expect(route(.GET, "/healthz") == .health)
        #expect(route(.GET, "/metrics") == .metrics)
        #expect(route(.GET, "/metrics?name[]=x") == .metrics)
        #expect(route(.GET, "/metrics", [("Content-Length", "0")]) == .metrics)
    }

    @Test(arguments: ["/", "/healthz/", "/metricsx", "/Metrics", "//metrics", "metrics", "*", "http://127.0.0.1/metrics"])
    func otherPathsAreNotFound(uri: String) {
        #expect(route(.GET, uri) == .notFound)
        #expect(route(.POST, uri) == .notFound)
    }

    @Test(arguments: [HTTPMethod.POST, .PUT, .DELETE, .HEAD, .OPTIONS, .PATCH, .RAW(value: "BREW")])
    func otherMethodsAreNotAllowed(method: HTTPMethod) {
        #expect(route(method, "/healthz") == .methodNotAllowed)
        #expect(route(method, "/metrics") == .methodNotAllowed)
    }

    @Test func aDeclaredBodyIsRefusedWhateverThePath() {
        #expect(route(.POST, "/metrics", [("Content-Length", "5")]) == .bodyRefused)
        #expect(route(.GET, "/healthz", [("Content-Length", "1")]) == .bodyRefused)
        #expect(route(.GET, "/nowhere", [("Transfer-Encoding", "chunked")]) == .bodyRefused)
        #expect(route(.GET, "/metrics", [("Content-Length", "0"), ("Content-Length", "3")]) == .bodyRefused)
    }
}
