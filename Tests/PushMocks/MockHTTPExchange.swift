import Foundation

/// A request as the mocks' handlers see it: fully read, header names in lower case.
struct MockHTTPRequest: Sendable {
    let method: String
    /// The path, without the query.
    let path: String
    /// Every header field, in order, names in lower case.
    let headerFields: [(name: String, value: String)]
    let body: [UInt8]
    /// `"2"` or `"1.1"`, as ALPN chose.
    let httpVersion: String
    /// The server's port.
    let serverPort: Int
    let receivedAt: Date

    /// The first value of each header field.
    var headers: [String: String] {
        Dictionary(headerFields.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// How many times the header field `name` (lower case) occurs.
    func headerCount(_ name: String) -> Int {
        headerFields.count { $0.name == name }
    }

    /// The credentials of an `authorization: bearer <credentials>` field (any case of `bearer`).
    var bearerCredentials: String? {
        guard let value = headers["authorization"], value.lowercased().hasPrefix("bearer ") else { return nil }
        return String(value.dropFirst("bearer ".count))
    }
}

/// A response a mock sends.
struct MockHTTPResponse: Sendable {
    let status: Int
    let headers: [(name: String, value: String)]
    let body: [UInt8]

    /// A response with a JSON body made of `object`.
    static func json(status: Int, _ object: [String: any Sendable], headers: [(name: String, value: String)] = [])
        -> MockHTTPResponse
    {
        // Cannot fail: the mocks build their bodies from strings, numbers, arrays and dictionaries.
        let body = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return MockHTTPResponse(
            status: status, headers: headers + [("content-type", "application/json; charset=UTF-8")],
            body: Array(body))
    }
}

/// What a mock's handler decides to do with a request.
enum MockHTTPAnswer: Sendable {
    /// Send `response` now.
    case respond(MockHTTPResponse)
    /// Send `response` after the given time.
    case respondAfter(Duration, MockHTTPResponse)
    /// Never answer: hold the request until the server stops or the client gives up.
    case hang
    /// Send GOAWAY on the request's connection (the connection closes once its open requests
    /// are answered), and `response` to this request.
    case goAway(MockHTTPResponse)
}
