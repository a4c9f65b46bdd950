import CommandAPITestSupport
import Foundation
import NIOCore
import TestSupport
import Testing

@testable import CommandAPI

/// The web console's files, served from the executable, and the browser security headers on
/// every response of the listener.
@Suite("Web console")
struct WebConsoleTests {
    static let consoleDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/CommandAPI/Console")

    static let securityHeaders = [
        "content-security-policy":
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
            + "worker-src 'self'; manifest-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
    ]

    /// The files under Console/, by URL path.
    static func filesOnDisk() throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: consoleDirectory.path) {
            var isDirectory: ObjCBool = false
            let url = consoleDirectory.appendingPathComponent(path)
            guard !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
                FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            files["/" + path] = try Data(contentsOf: url)
        }
        return files
    }

    @Test func everyFileUnderConsoleIsServedAsItIsWithoutAToken() async throws {
        let files = try Self.filesOnDisk()
        #expect(files["/index.html"] != nil)
        try await APIStage.run { stage in
            for (path, bytes) in files {
                let answer = try await stage.request(.GET, path)
                #expect(answer.status == 200, "\(path): \(answer.status)")
                if let text = String(data: bytes, encoding: .utf8) { #expect(answer.body == text, "\(path)") }
                #expect(answer.headers["cache-control"] == "no-cache", "\(path)")
                #expect(answer.headers["etag"]?.hasPrefix("\"") == true, "\(path)")
            }
            let root = try await stage.request(.GET, "/")
            #expect(root.status == 200)
            #expect(root.body == String(decoding: try #require(files["/index.html"]), as: UTF8.self))
            #expect(root.headers["content-type"] == "text/html; charset=utf-8")
        }
    }

    @Test func theEmbeddedBytesAreTheFilesBytes() throws {
        let served = ConsoleFiles()
        let files = try Self.filesOnDisk()
        #expect(Set(served.paths) == Set(files.keys).union(["/"]))
        for (path, bytes) in files {
            let file = try #require(served.files[path], "\(path)")
            #expect(Data(file.body.readableBytesView) == bytes, "\(path)")
        }
    }

    @Test func thePagePreloadsEveryModule() throws {
        let page = String(decoding: try #require(try Self.filesOnDisk()["/index.html"]), as: UTF8.self)
        let preloaded = page.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix(#"<link rel="modulepreload" href=""#) else { return nil }
            return String(line.dropFirst(#"<link rel="modulepreload" href=""#.count).prefix { $0 != "\"" })
        }
        let modules = try Self.filesOnDisk().keys.filter { $0.hasPrefix("/js/") && $0.hasSuffix(".js") }
        #expect(Set(preloaded) == Set(modules), "index.html's modulepreload links and the modules under js/ differ")
    }

    @Test func contentTypesFollowTheExtension() throws {
        let types = [
            "html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8",
            "json": "application/json", "webmanifest": "application/manifest+json", "png": "image/png",
            "svg": "image/svg+xml", "ico": "image/x-icon", "txt": "text/plain; charset=utf-8",
        ]
        for (path, file) in ConsoleFiles().files where path != "/" {
            let type = types[URL(fileURLWithPath: path).pathExtension.lowercased()] ?? "application/octet-stream"
            #expect(file.contentType == type, "\(path)")
        }
    }

    @Test func anUnchangedFileIs304() async throws {
        try await APIStage.run { stage in
            let first = try await stage.request(.GET, "/index.html")
            let etag = try #require(first.headers["etag"])
            let again = try await stage.request(.GET, "/index.html", headers: [("If-None-Match", etag)])
            #expect(again.status == 304, "\(again)")
            #expect(again.body.isEmpty)
            #expect(again.headers["etag"] == etag)
            let weak = try await stage.request(.GET, "/", headers: [("If-None-Match", #""other", W/\#(etag)"#)])
            #expect(weak.status == 304, "\(weak)")
            let changed = try await stage.request(.GET, "/index.html", headers: [("If-None-Match", #""0000000000000000""#)])
            #expect(changed.status == 200)
        }
    }

    @Test func everyResponseCarriesTheSecurityHeaders() async throws {
        try await APIStage.run { stage in
            let read = try await stage.token(.read)
            let answers = [
                try await stage.request(.GET, "/"),
                try await stage.request(.GET, "/healthz"),
                try await stage.request(.GET, "/v1/status", token: read),
                try await stage.request(.GET, "/v1/status"),  // 401
                try await stage.request(.POST, "/v1/commands", token: read, json: #"{"command":"arm"}"#),  // 403
                try await stage.request(.GET, "/no-such-file.js"),  // 404
                try await stage.request(.POST, "/index.html", json: "{}"),  // 405
            ]
            for answer in answers {
                for (name, value) in Self.securityHeaders {
                    #expect(answer.headers[name] == value, "\(name): \(answer)")
                }
            }
            #expect(answers[5].status == 404)
            #expect(answers[5].error == "no such endpoint; see docs/openapi.yaml")
            #expect(answers[6].status == 405)
        }
    }

    @Test func ifNoneMatchListsAreRead() {
        let etag = #""0123456789abcdef""#
        #expect(ConsoleHandler.matches(etag, etag: etag))
        #expect(ConsoleHandler.matches("*", etag: etag))
        #expect(ConsoleHandler.matches(#""a", W/"0123456789abcdef""#, etag: etag))
        #expect(!ConsoleHandler.matches(#""0123456789abcdee""#, etag: etag))
        #expect(!ConsoleHandler.matches(nil, etag: etag))
    }
}
