import ArgumentParser
import Foundation
import PushMocks

/// `bench-mock-apns`: the in-repo mock APNs as a process of its own, so that howalarming-push,
/// aioapns and h2load are measured against the same server.
///
/// Writes `ca.pem`, `AuthKey.p8` and `apns.json` (port, key ID, team ID, topic) into the
/// directory, prints `ready PORT`, then answers each line on standard input: `count` prints the
/// number of requests so far and the arrival time of the first and last (Unix seconds); end of
/// input stops the server.
@main
struct BenchMockAPNs: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-mock-apns", abstract: "Run the mock APNs server for the benchmarks.")

    @Option(help: "Directory for the CA certificate, the signing key and apns.json.") var directory: String

    func run() async throws {
        let authority = try TestCertificateAuthority()
        let key = TestAPNSKey.generate()
        let topic = "com.example.alarm"
        try authority.writeCA(to: "\(directory)/ca.pem")
        try key.p8PEM.write(toFile: "\(directory)/AuthKey.p8", atomically: true, encoding: .utf8)
        let server = try await MockAPNSServer.start(
            authority: authority, topic: topic, signingKeys: [key.keyID: key.publicKey], teamID: key.teamID)
        let description = #"{"port":\#(server.port),"key_id":"\#(key.keyID)","team_id":"\#(key.teamID)","topic":"\#(topic)"}"#
        try description.write(toFile: "\(directory)/apns.json", atomically: true, encoding: .utf8)
        emit("ready \(server.port)")
        while let line = readLine() {
            guard line == "count" else { continue }
            let requests = await server.requests()
            let first = requests.first?.receivedAt.timeIntervalSince1970 ?? 0
            let last = requests.last?.receivedAt.timeIntervalSince1970 ?? 0
            emit("\(requests.count) \(first) \(last)")
        }
        await server.stop()
    }

    /// Writes `line` to standard output at once (the benchmark reads it through a pipe).
    private func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
