import CommandAPITestSupport
import Foundation
import TestSupport
import Testing


/// Clients that get authentication wrong on purpose, play with paths, stall, trickle, or send
/// garbage and oversize requests: each gets a 4xx (or its connection closed), none gets past
/// authentication, and the API keeps answering everyone else.
@Suite("Hostile clients")
struct HostileClientTests {
    @Test func badAuthorizationHeadersAre401WithAJSONError() async throws {
        try await DaemonAPI.run { stage in
            let token = stage.controlToken
            let values = [
                "", "Bearer", "Bearer ", token, "Token \(token)", "Basic \(token)", "Bearer \(token) \(token)",
                "Bearer \(token),Bearer \(token)", "Bearer " + String(repeating: "a", count: 8_000), "Bearer hal_éééé",
                "Bearer \(token.uppercased())", "Bearer \(token.dropLast())", "Bearer \(token)0", "Bearer hal_", "Bearer ' OR '1'='1",
            ]
            for value in values {
                let answer = try await stage.request(.GET, "/v1/status", headers: [("Authorization", value)])
                #expect(answer.status == 401, "Authorization: \(value.prefix(40)) → \(answer.status)")
                #expect(answer.error != nil, "Authorization: \(value.prefix(40)) → \(answer.body.prefix(200))")
            }
            for path in ["/v1/status?access_token=\(token)", "/v1/status?token=\(token)"] {
                #expect(try await stage.request(.GET, path).status == 401, "\(path)")
            }
            #expect(try await stage.request(.GET, "/v1/status", headers: [("Cookie", "token=\(token)")]).status == 401)
            #expect(try await stage.request(.GET, "/v1/status", token: token).status == 200)
        }
    }

    @Test func deeplyNestedBodiesAre400() async throws {
        try await DaemonAPI.run { stage in
            let token = stage.controlToken
            for path in ["/v1/commands", "/v1/devices"] {
                let answer = try await stage.request(.POST, path, token: token, json: String(repeating: "[", count: 10_000))
                #expect(answer.status == 400, "\(path): \(answer)")
                #expect(answer.error?.contains("nested deeper than 32 levels") == true, "\(path): \(answer)")
            }
            #expect(try await stage.request(.GET, "/healthz").status == 200)
        }
    }

    @Test func pathTricksNeverGetPastAuthentication() async throws {
        try await DaemonAPI.run { stage in
            let paths = [
                "/v1/status/", "//v1/status", "/v1/./status", "/v1/../v1/status", "/V1/STATUS", "/healthz/../v1/status",
                "/v1/status%2F", "/v1/%73tatus", "/v1/status;healthz", "/v1/status%00", "/v1/events/../../v1/events",
                "/./v1/events", "/v1/devices/..%2F..%2Fhealthz", "http://127.0.0.1/v1/status", "*",
            ]
            for path in paths {
                for method in ["GET", "POST", "DELETE"] {
                    let answer = try HTTPExchange.send("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", to: stage.port)
                    // A 4xx, or the connection closed without an answer (Hummingbird does that for some).
                    let refused = answer.status.map { [400, 401, 404, 405].contains($0) } ?? true
                    #expect(refused, "\(method) \(path) without a token → \(answer.status.map(String.init) ?? "closed")")
                    #expect(!answer.text.contains("partitions"), "\(method) \(path) without a token showed the status")
                }
            }
            #expect(try stage.take(from: "commands") == nil)
        }
    }

    @Test func stalledAndTricklingClientsDoNotHoldUpOthers() async throws {
        try await DaemonAPI.run { stage in
            let token = stage.readToken
            var stalled: [RawConnection] = []
            for index in 0..<200 {
                let connection = try RawConnection(port: stage.port)
                try connection.send(index.isMultiple(of: 2) ? "GET /v1/sta" : "POST /v1/commands HTTP/1.1\r\nContent-Length: 100\r\n\r\n{\"co")
                stalled.append(connection)
            }
            let started = ContinuousClock.now
            #expect(try await stage.request(.GET, "/healthz").status == 200)
            #expect(try await stage.request(.GET, "/v1/status", token: token).status == 200)
            #expect(.now - started < .seconds(10), "with 200 stalled clients, two requests took \(ContinuousClock.now - started)")

            let trickling = try RawConnection(port: stage.port, timeout: .seconds(10))
            for byte in "GET /v1/status HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n\r\n".utf8 {
                try trickling.send([byte])
                try await Task.sleep(for: .milliseconds(2))
            }
            #expect(try trickling.readLine() == "HTTP/1.1 200 OK")
            for connection in stalled { connection.close() }
        }
    }

    @Test func garbageAndOversizeRequestsAreRefusedAndTheAPIStaysUp() async throws {
        try await DaemonAPI.run { stage in
            let requests: [(label: String, bytes: [UInt8])] = [
                ("a TLS client hello on the plain port", [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03] + Array(repeating: 0, count: 64)),
                ("random bytes", (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }),
                ("an unknown HTTP version", Array("GET /healthz HTTP/9.9\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)),
                ("a 100 KB path", Array("GET /\(String(repeating: "a", count: 100_000)) HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
                ("a 100 KB header", Array("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "b", count: 100_000))\r\n\r\n".utf8)),
                ("10,000 headers", Array(("GET /healthz HTTP/1.1\r\n" + (0..<10_000).map { "X-\($0): y\r\n" }.joined() + "\r\n").utf8)),
                ("a negative Content-Length", Array("POST /v1/commands HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n".utf8)),
                ("two Content-Lengths", Array("POST /v1/commands HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 30\r\n\r\n{}".utf8)),
                ("a bad chunk size", Array("POST /v1/commands HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n".utf8)),
            ]
            for (label, bytes) in requests {
                let answer = try HTTPExchange.send(bytes, to: stage.port)
                #expect(answer.status == nil || (400..<500).contains(answer.status!), "\(label) → \(answer.status.map(String.init) ?? "closed")")
                #expect(try await stage.request(.GET, "/healthz").status == 200, "the API stopped answering after \(label)")
            }
            #expect(try stage.take(from: "commands") == nil)
        }
    }
}

/// One raw HTTP/1.1 exchange: the request's bytes exactly as given, the answer read until the
/// server closes the connection.
struct HTTPExchange {
    /// The status code of the answer's status line; `nil` when the server closed without answering.
    let status: Int?
    /// The whole answer as text.
    let text: String

    static func send(_ request: String, to port: Int) throws -> HTTPExchange {
        try send(Array(request.utf8), to: port)
    }

    static func send(_ request: [UInt8], to port: Int) throws -> HTTPExchange {
        let connection = try RawConnection(port: port, timeout: .seconds(10))
        defer { connection.close() }
        // The server may close (and reset) the connection before it has read an oversize request.
        try? connection.send(request)
        let text = String(decoding: (try? connection.readUntilClosed()) ?? [], as: UTF8.self)
        let statusLine = text.split(separator: "\r\n", maxSplits: 1).first ?? ""
        let words = statusLine.split(separator: " ")
        let status = words.count >= 2 && words[0].hasPrefix("HTTP/") ? Int(words[1]) : nil
        return HTTPExchange(status: status, text: text)
    }
}
