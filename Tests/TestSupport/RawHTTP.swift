import Foundation

/// One HTTP/1.1 request written byte for byte over a ``RawConnection``, and the response read
/// until the server closes the connection: for checking a listener at the protocol level.
public enum RawHTTP {
    /// A response as it came.
    public struct Response: Sendable {
        /// The status code.
        public let status: Int
        /// The header fields, names lowercased, in order.
        public let headers: [(name: String, value: String)]
        /// The body as text.
        public let body: String

        /// The first value of the header `name` (any case).
        public func header(_ name: String) -> String? {
            headers.first { $0.name == name.lowercased() }?.value
        }
    }

    /// Sends `method path` to 127.0.0.1:`port` with `Connection: close`, the `extraHeaders` lines
    /// (each ending in `\r\n`) and `body`, and reads the whole response.
    public static func request(
        _ path: String, method: String = "GET", port: Int, extraHeaders: String = "", body: String = ""
    ) throws(TestSupportError) -> Response {
        let connection = try RawConnection(port: port)
        defer { connection.close() }
        try connection.send("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\(extraHeaders)\r\n\(body)")
        let text = String(decoding: try connection.readUntilClosed(), as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else {
            throw TestSupportError(.unexpectedReply, "no complete response head in \(String(reflecting: text))")
        }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        let statusLine = lines[0].split(separator: " ")
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
            throw TestSupportError(.unexpectedReply, "not an HTTP status line: \(String(reflecting: lines[0]))")
        }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Response(status: status, headers: headers, body: String(text[end.upperBound...]))
    }

    /// A TCP port on 127.0.0.1 that was free a moment ago, for a listener under test.
    public static func freePort() throws(TestSupportError) -> Int {
        try Sockets.freePort()
    }
}
