import CommandAPITestSupport
import Foundation
import TestSupport
import Testing

@testable import CommandAPI

/// `GET /v1/whoami` and `GET /v1/stream`: the live state as server-sent events, with real events
/// put on the real command tube.
@Suite("Stream")
struct StreamTests {
    /// Short keepalives, so that a closed client is noticed within a second.
    static let quick = StreamSettings(perTokenLimit: 2, keepalive: .milliseconds(200))

    static func zoneEvent(_ sequence: Int, message: String = "") -> String {
        eventJSON("info", code: "609", sequence: sequence, partition: 1, zone: sequence % 64 + 1, message: message)
    }

    /// The cursor in an `event` frame's data.
    static func cursor(_ frame: StreamFrame) throws -> Int {
        let data = try #require(frame.data)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        return try #require(object["cursor"] as? Int)
    }

    @Test func whoamiNamesTheTokenAndItsScope() async throws {
        try await APIStage.run { stage in
            let read = try await stage.token(.read, name: "kitchen-tablet")
            let answer = try await stage.request(.GET, "/v1/whoami", token: read)
            #expect(answer.status == 200)
            #expect(answer.body == #"{"name":"kitchen-tablet","scope":"read"}"#)
            #expect(try await stage.request(.GET, "/v1/whoami").status == 401)
        }
    }

    @Test func theStreamStartsWithRetryAndStatusThenFollowsEvents() async throws {
        try await APIStage.run(stream: Self.quick) { stage in
            let token = try await stage.token(.read)
            let stream = try await EventStreamReader(stage, token: token)
            #expect(stream.status == 200)
            #expect(stream.headers["content-type"] == "text/event-stream")
            #expect(stream.headers["cache-control"] == "no-cache")
            #expect(stream.headers["content-security-policy"]?.hasPrefix("default-src 'self'") == true)
            #expect(try await stream.next().fields == ["retry": "2000"])
            let first = try await stream.next()
            #expect(first.event == "status")
            #expect(first.id == "0")
            let status = try await stage.request(.GET, "/v1/status", token: token)
            #expect(first.data == status.body)

            try await stage.put(Self.zoneEvent(1))
            let frames = try await stream.frames { $0.event == "status" }
            #expect(frames.map(\.event) == ["event", "status"])
            #expect(frames.map(\.id) == ["1", "1"])
            #expect(try Self.cursor(frames[0]) == 1)
            let after = try await stage.request(.GET, "/v1/status", token: token)
            #expect(frames[1].data == after.body)
            let keepalive = try await stream.next()
            #expect(keepalive.comment == "keepalive")
        }
    }

    @Test func resumingWithLastEventIDMissesNothingAndRepeatsNothing() async throws {
        try await APIStage.run(stream: Self.quick) { stage in
            let token = try await stage.token(.read)
            var seen: [Int] = []
            do {
                let stream = try await EventStreamReader(stage, token: token)
                for sequence in 1...3 { try await stage.put(Self.zoneEvent(sequence)) }
                let frames = try await stream.frames { $0.event == "status" && $0.id == "3" }
                seen += try frames.filter { $0.event == "event" }.map(Self.cursor)
            }  // the phone sleeps: the connection is gone
            for sequence in 4...6 { try await stage.put(Self.zoneEvent(sequence)) }
            try await waitUntil("the three events to be stored") {
                (try await stage.request(.GET, "/v1/events?after=3", token: token).json["events"] as? [Any])?.count == 3
            }
            let resumed = try await EventStreamReader(stage, token: token, lastEventID: "3")
            #expect(try await resumed.next().fields == ["retry": "2000"])
            let catchUp = try await resumed.frames { $0.event == "status" }
            #expect(catchUp.map(\.event) == ["event", "event", "event", "status"])
            #expect(catchUp.last?.id == "6")
            seen += try catchUp.filter { $0.event == "event" }.map(Self.cursor)
            try await stage.put(Self.zoneEvent(7))
            let live = try await resumed.frames { $0.event == "status" }
            seen += try live.filter { $0.event == "event" }.map(Self.cursor)
            #expect(seen == Array(1...7))
        }
    }

    @Test func reconnectingWhileEventsArriveMissesNothingAndRepeatsNothing() async throws {
        try await APIStage.run(stream: StreamSettings(perTokenLimit: 1000, keepalive: .milliseconds(200))) { stage in
            let token = try await stage.token(.read)
            let total = 120
            let putting = Task {
                for sequence in 1...total { try await stage.put(Self.zoneEvent(sequence)) }
            }
            var seen: [Int] = []
            var lastID = "0"
            // Reconnect every few events, as a phone on a bad network would.
            while seen.last != total {
                let stream = try await EventStreamReader(stage, token: token, lastEventID: lastID)
                let frames = try await stream.frames { $0.event == "status" && $0.id != lastID || $0.id == String(total) }
                seen += try frames.filter { $0.event == "event" }.map(Self.cursor)
                lastID = try #require(frames.last?.id)
                if seen.last == total { break }
            }
            try await putting.value
            #expect(seen == Array(1...total))
        }
    }

    @Test func aStalledReaderDelaysNeitherTheIngestNorOtherReaders() async throws {
        try await APIStage.run(stream: StreamSettings(bufferSize: 64, keepalive: .seconds(1))) { stage in
            let token = try await stage.token(.read)
            // A client that asks for the stream and then never reads a byte.
            let stalled = try Self.stalledStream(port: stage.port, token: token)
            let elapsed = try await Self.readEverything(from: stage, token: token, total: 300)
            // Generous for a loaded two-core machine; a blocked ingest would never get there.
            #expect(elapsed < .seconds(30), "\(elapsed)")
            stalled.close()
        }
    }

    /// Puts `total` big events and reads them from a stream of its own; returns how long it took.
    static func readEverything(from stage: APIStage, token: String, total: Int) async throws -> Duration {
        let reader = try await EventStreamReader(stage, token: token)
        _ = try await reader.frames { $0.event == "status" }
        // Big frames, so that the stalled client's socket buffers fill and the server's writes to it block.
        let padding = String(repeating: "x", count: 4000)
        let started = ContinuousClock.now
        for sequence in 1...total { try await stage.put(zoneEvent(sequence, message: padding)) }
        let last = String(total)
        let frames = try await reader.frames { $0.event == "status" && $0.id == last }
        #expect(try frames.filter { $0.event == "event" }.map(cursor) == Array(1...total))
        return ContinuousClock.now - started
    }

    /// A connection that asked for the stream and reads nothing.
    static func stalledStream(port: Int, token: String) throws -> RawConnection {
        let connection = try RawConnection(port: port)
        try connection.send("GET /v1/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n\r\n")
        return connection
    }

    @Test func eachTokenMayHoldOnlyAFewStreams() async throws {
        try await APIStage.run(stream: Self.quick) { stage in
            let token = try await stage.token(.read, name: "phone")
            var first: EventStreamReader? = try await EventStreamReader(stage, token: token)
            let second = try await EventStreamReader(stage, token: token)
            #expect(first?.status == 200 && second.status == 200)
            let third = try await stage.request(.GET, "/v1/stream", token: token)
            #expect(third.status == 429, "\(third)")
            #expect(third.error == "the token phone has 2 streams open already; close one (or another device's) first")
            // Another token is not limited by this one's streams.
            let other = try await EventStreamReader(stage, token: try await stage.token(.read))
            #expect(other.status == 200)
            first = nil  // closes the connection; the server notices at the next keepalive
            try await waitUntil("the closed stream's place to be free") {
                try await EventStreamReader(stage, token: token).status == 200
            }
            _ = second
        }
    }

    @Test func revokingTheTokenEndsItsStreams() async throws {
        try await APIStage.run(stream: Self.quick) { stage in
            let token = try await stage.token(.read, name: "lost-phone")
            let stream = try await EventStreamReader(stage, token: token)
            _ = try await stream.frames { $0.event == "status" }
            #expect(try await TokenStore(database: CommandDatabase(path: stage.databasePath)).revoke(name: "lost-phone"))
            // Ended at the next keepalive; the console's reconnect then gets 401 and signs out.
            _ = try await stream.readToEnd()
            #expect(try await stage.request(.GET, "/v1/stream", token: token).status == 401)
        }
    }

    @Test func anInvalidLastEventIDIs400() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.read)
            let answer = try await stage.request(.GET, "/v1/stream", token: token, headers: [("Last-Event-ID", "-1")])
            #expect(answer.status == 400)
            #expect(answer.error == "Last-Event-ID: must be the id of a frame of this stream, an integer from 0 to \(Int64.max)")
            #expect(try await stage.request(.GET, "/v1/stream", token: "hal_wrong").status == 401)
        }
    }

    @Test func theServerStopsCleanlyWithStreamsOpen() async throws {
        let stream = try await APIStage.run { stage in
            let reader = try await EventStreamReader(stage, token: try await stage.token(.read))
            _ = try await reader.frames { $0.event == "status" }
            return reader
        }
        // The graceful shutdown ended the stream rather than waiting for it.
        #expect(try await stream.readToEnd() == 0)
    }
}
