import Foundation
import CLITestSupport
import TestSupport

/// A stand-in server from `Tests/Interop/` (http_standin.py, smtp_standin.py): it prints
/// `listening PORT`, then one JSON line for everything it receives.
struct StandIn {
    let process: ChildProcess
    let port: Int

    /// Starts `script` with `arguments` and waits until it listens.
    init(_ script: String, arguments: [String] = [], python: PythonPeer) async throws {
        process = try python.start(script: script, arguments: arguments)
        let line = try await process.awaitLine(containing: "listening ")
        guard let port = Int(line.dropFirst("listening ".count)) else {
            throw TestSupportError(.unexpectedReply, "\(script) printed \(line) instead of its port")
        }
        self.port = port
    }

    /// The next thing it received, decoded from its JSON line.
    func next<Record: Decodable>(_ type: Record.Type = Record.self) async throws -> Record {
        let line = try await process.awaitLine(timeout: .seconds(20)) { $0.hasPrefix("{") }
        return try JSONDecoder().decode(Record.self, from: Data(line.utf8))
    }
}

/// An HTTP request http_standin.py received.
struct RecordedRequest: Decodable {
    var method: String
    var path: String
    /// Header names are lower case.
    var headers: [String: String]
    var body: String
}

/// A message smtp_standin.py received.
struct RecordedMail: Decodable {
    struct Credentials: Decodable {
        var user: String
        var password: String
    }

    var mail_from: String
    var rcpt_to: [String]
    var auth: Credentials?
    var data: String
}
