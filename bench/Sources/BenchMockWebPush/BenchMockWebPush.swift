import ArgumentParser
import Foundation
import PushMocks

/// `bench-mock-webpush`: the in-repo mock push service (Web Push) as a process of its own, so that
/// howalarming-push and pywebpush are measured against the same server.
///
/// Writes `ca.pem`, `vapid.pem` (the VAPID private key the senders sign with) and `webpush.json`
/// (port, VAPID public key, and `endpoint_prefix`: a subscription's endpoint is that prefix and
/// any name) into the directory, prints `ready PORT`, then answers each line on standard input:
/// `count` prints the number of requests answered 201 so far and the arrival time of the first
/// and last of them (Unix seconds); `refused` prints the number of requests refused; end of input
/// stops the server.
@main
struct BenchMockWebPush: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-mock-webpush", abstract: "Run the mock Web Push service for the benchmarks.")

    @Option(help: "Directory for the CA certificate, the VAPID key and webpush.json.") var directory: String

    func run() async throws {
        let authority = try TestCertificateAuthority()
        try authority.writeCA(to: "\(directory)/ca.pem")
        let vapidKey = TestVAPIDKey()
        try vapidKey.writePEM(to: "\(directory)/vapid.pem")
        let publicKey = vapidKey.publicKeyBase64URL
        let server = try await MockWebPushServer.start(authority: authority, vapidPublicKey: publicKey)
        let description = #"{"port":\#(server.port),"vapid_public_key":"\#(publicKey)","endpoint_prefix":"\#(server.endpoint(""))"}"#
        try description.write(toFile: "\(directory)/webpush.json", atomically: true, encoding: .utf8)
        emit("ready \(server.port)")
        while let line = readLine() {
            let requests = await server.requests()
            switch line {
            case "count":
                let accepted = requests.filter { $0.replyStatus == 201 }
                let first = accepted.first?.receivedAt.timeIntervalSince1970 ?? 0
                let last = accepted.last?.receivedAt.timeIntervalSince1970 ?? 0
                emit("\(accepted.count) \(first) \(last)")
            case "refused":
                emit("\(requests.count { $0.replyStatus != 201 })")
            default:
                continue
            }
        }
        await server.stop()
    }

    /// Writes `line` to standard output at once (the benchmark reads it through a pipe).
    private func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
