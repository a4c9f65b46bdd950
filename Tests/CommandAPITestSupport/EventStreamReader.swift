import AsyncHTTPClient
import Foundation
package import NIOCore
import NIOHTTP1
import Testing

/// One frame of a `text/event-stream`: the fields it had, by name (`event`, `id`, `data`,
/// `retry`; a comment line as `comment`).
package struct StreamFrame: Hashable, CustomStringConvertible {
    package var fields: [String: String]

    package var event: String? { fields["event"] }
    package var id: String? { fields["id"] }
    package var data: String? { fields["data"] }
    package var comment: String? { fields["comment"] }

    package var description: String { fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") }

    /// Parses one frame's lines (the text between two blank lines).
    package init(_ text: Substring) {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            if line.hasPrefix(":") {
                fields["comment"] = String(line.dropFirst().drop { $0 == " " })
            } else if let colon = line.firstIndex(of: ":") {
                fields[String(line[..<colon])] = String(line[line.index(after: colon)...].drop { $0 == " " })
            } else {
                fields[String(line)] = ""
            }
        }
        self.fields = fields
    }
}

/// A `GET /v1/stream` response read frame by frame, over real HTTP. The whole request, body
/// included, ends at a deadline (so a frame that never comes fails the test rather than hanging
/// it); releasing the reader closes the connection.
package final class EventStreamReader {
    package let status: Int
    package let headers: [String: String]
    private var iterator: HTTPClientResponse.Body.AsyncIterator
    private var pending = ""

    /// Opens the stream of `api` with `token`, sending `Last-Event-ID` when given.
    package init(
        _ api: some RunningAPI, token: String, lastEventID: String? = nil, deadline: TimeAmount = .seconds(60)
    ) async throws {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(api.port)/v1/stream")
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        if let lastEventID { request.headers.add(name: "Last-Event-ID", value: lastEventID) }
        let response = try await HTTPClient.shared.execute(
            request, deadline: .now() + deadline)
        status = Int(response.status.code)
        headers = Dictionary(response.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        iterator = response.body.makeAsyncIterator()
    }

    /// The next frame; throws at the deadline or when the stream ends first.
    package func next() async throws -> StreamFrame {
        while true {
            if let end = pending.range(of: "\n\n") {
                let frame = StreamFrame(pending[..<end.lowerBound])
                pending.removeSubrange(..<end.upperBound)
                return frame
            }
            guard let buffer = try await iterator.next() else { throw StreamEnded(pending: pending) }
            pending += String(buffer: buffer)
        }
    }

    /// The next frames up to and including the first that `stop` accepts, keepalives left out.
    package func frames(until stop: (StreamFrame) -> Bool) async throws -> [StreamFrame] {
        var frames: [StreamFrame] = []
        while true {
            let frame = try await next()
            if frame.comment == "keepalive" { continue }
            frames.append(frame)
            if stop(frame) { return frames }
        }
    }

    /// Whether the server ended the stream: reads (and drops) frames until the end.
    package func readToEnd() async throws -> Int {
        var count = 0
        do {
            while true {
                _ = try await next()
                count += 1
            }
        } catch is StreamEnded {
            return count
        }
    }

    /// The stream ended before a whole frame came.
    package struct StreamEnded: Error, CustomStringConvertible {
        let pending: String
        package var description: String { "the stream ended; unfinished frame: \(pending.debugDescription)" }
    }
}
