import AlarmCore
import Foundation
import TestSupport
import Testing

/// The whole system run with distinctive secrets — the panel password, the master code, an API
/// token, the APNs signing key and the FCM service account's key — and worked through: panel
/// events, an alarm, arming and disarming through the API and the CLI, bad requests, a wrong
/// token. Then every place a secret could end up is scanned for each of them.
@Suite("secrets")
struct SecretsScanTests {
    @Test func noSecretLeavesTheSystem() async throws {
        try await PipelineStage.run { stage in
            let daemons = try await stage.startAll()
            let control = try SimulatorControlConnection(port: stage.controlPort)
            defer { control.close() }
            var scanned = SecretScan(secrets: try Self.secrets(of: stage))

            let burst = PanelBurst(count: 20)
            try burst.send(0..<burst.count, over: control)
            let api = APIRequests(port: stage.apiPort, token: stage.apiToken)
            scanned.add("HTTP POST /v1/commands arm", try await api.send("POST", "/v1/commands", json: #"{"command":"arm"}"#))
            try await waitUntil("the panel to report armed", timeout: .seconds(30)) { stage.logged(#""type":"armed""#) }
            try control.require("alarm 1")
            try await waitUntil("the alarm in the log", timeout: .seconds(30)) { stage.logged(#""type":"alarm""#) }
            for (method, path, body) in Self.requests {
                scanned.add("HTTP \(method) \(path)", try await api.send(method, path, json: body))
            }
            scanned.add("HTTP with a wrong token", try await APIRequests(port: stage.apiPort, token: "hal_wrong").send("GET", "/v1/status"))
            let cli = try await ProcessRunner.run(
                try Executables.path("howalarming"), arguments: ["send", "disarm", "--config", stage.configPath],
                environment: PipelineStage.environment)
            scanned.add("howalarming send disarm", cli.stdout + cli.stderr)
            try await waitUntil("the panel to report disarmed", timeout: .seconds(30)) { stage.logged(#""type":"disarmed""#) }
            try await stage.waitUntilSettled(burstEvents: burst.count, timeout: .seconds(60))
            try await ShutdownCheck.stopAll(Array(daemons.values))
            stage.simulator.kill()
            _ = try? await stage.simulator.waitForExit(timeout: .seconds(5))

            for (daemon, process) in daemons { scanned.add("\(daemon)'s log", Array(process.standardOutput)) }
            scanned.add("the simulator's output", Array(stage.simulator.standardOutput + stage.simulator.standardError))
            for tube in ["audit", "commands", "log", "push", "command"] {
                for (index, job) in try Self.jobs(in: tube, of: stage).enumerated() { scanned.add("job \(index) on \(tube)", job) }
            }
            for file in try Self.writtenFiles(in: stage.directory.path) {
                scanned.add(file, FileManager.default.contents(atPath: stage.directory.appending(file)).map(Array.init) ?? [])
            }

            #expect(scanned.findings.isEmpty, "\(scanned.findings)")
            #expect(scanned.places >= 20, "too few places scanned: \(scanned.places)")
            ReliabilityReport.record(
                "secrets scan", "\(scanned.secretCount) secrets (with encodings) × \(scanned.places) places, \(scanned.bytes) bytes: \(scanned.findings.count) found")
        }
    }

    @Test func theScanFindsASecretInEachEncoding() {
        var scan = SecretScan(secrets: ["code": "739164"])
        for (place, text) in [("plain", "x739164x"), ("base64", "NzM5MTY0"), ("hex", "373339313634"), ("none", "739-164")] {
            scan.add(place, text)
        }
        #expect(scan.findings == ["code in plain", "code (percent-encoded) in plain", "code (base64) in base64", "code (hex) in hex"])
    }

    /// API calls with secrets or junk in them: none may come back.
    static let requests: [(String, String, String?)] = [
        ("GET", "/v1/status", nil), ("GET", "/v1/events?limit=100", nil),
        ("POST", "/v1/commands", #"{"command":"disarm"}"#),
        ("POST", "/v1/commands", #"{"command":"040","data":"1\#(PipelineStage.masterCode)"}"#),
        ("POST", "/v1/commands", #"{"command":"disarm \#(PipelineStage.masterCode)"}"#),
        ("POST", "/v1/commands", #"{"command":"#),
        ("GET", "/v1/commands", nil), ("GET", "/v1/devices", nil), ("GET", "/metrics", nil),
    ]

    /// Every secret of the stage, by name.
    static func secrets(of stage: PipelineStage) throws -> [String: String] {
        var secrets = ["panel password": PipelineStage.password, "master code": PipelineStage.masterCode]
        secrets["API token"] = String(stage.apiToken.dropFirst("hal_".count))
        let apnsKey = try String(contentsOfFile: stage.directory.appending("AuthKey.p8"), encoding: .utf8)
        for (index, line) in pemBody(apnsKey).enumerated() { secrets["APNs key line \(index + 1)"] = line }
        let account = try JSONSerialization.jsonObject(
            with: try Data(contentsOf: URL(fileURLWithPath: stage.directory.appending("service-account.json")))) as? [String: Any]
        let fcmKey = try #require(account?["private_key"] as? String)
        for (index, line) in pemBody(fcmKey).enumerated() { secrets["FCM key line \(index + 1)"] = line }
        return secrets
    }

    /// The base64 lines of a PEM text, long enough to be recognisable.
    static func pemBody(_ pem: String) -> [String] {
        pem.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("-----") && $0.count >= 16 }
    }

    /// Every job on `tube` (ready, delayed or buried): reserved one by one and left to the server.
    static func jobs(in tube: String, of stage: PipelineStage) throws -> [[UInt8]] {
        let client = try RawBeanstalkClient(stage.server)
        defer { client.close() }
        _ = try client.command("watch \(tube)")
        _ = try client.command("ignore default")
        _ = try client.command("use \(tube)")
        _ = try client.command("kick 1000000")
        var jobs: [[UInt8]] = []
        while let body = try client.request("reserve-with-timeout 0").body { jobs.append(body) }
        return jobs
    }

    /// The files the processes wrote in `directory` (relative paths), not the ones the test wrote
    /// for them (configuration, credentials, the phones' tokens).
    static func writtenFiles(in directory: String) throws -> [String] {
        let inputs: Set<String> = ["config.yaml", "AuthKey.p8", "service-account.json", "ca.pem", "tokens.txt", "api-token"]
        let enumerator = FileManager.default.enumerator(atPath: directory)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: "\(directory)/\(path)", isDirectory: &isDirectory), !isDirectory.boolValue,
                !inputs.contains(path)
            else { continue }
            files.append(path)
        }
        return files
    }
}

/// Secrets looked for in places: each as written, in base64, hex and percent-encoding.
struct SecretScan {
    /// `name: encoding in place`, never the value.
    private(set) var findings: [String] = []
    private(set) var places = 0
    private(set) var bytes = 0
    private let needles: [(name: String, bytes: [UInt8])]

    init(secrets: [String: String]) {
        needles = secrets.sorted { $0.key < $1.key }.flatMap { name, value in
            let plain = Array(value.utf8)
            return [
                ("\(name)", plain),
                ("\(name) (base64)", Array(Data(plain).base64EncodedString().trimmingCharacters(in: ["="]).utf8)),
                ("\(name) (hex)", Array(plain.map { String(format: "%02x", $0) }.joined().utf8)),
                ("\(name) (percent-encoded)", Array((value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value).utf8)),
            ]
        }
    }

    var secretCount: Int { needles.count }

    mutating func add(_ place: String, _ text: String) {
        add(place, Array(text.utf8))
    }

    mutating func add(_ place: String, _ content: [UInt8]) {
        places += 1
        bytes += content.count
        for needle in needles where content.firstRange(of: needle.bytes) != nil {
            findings.append("\(needle.name) in \(place)")
        }
    }
}

/// The command API over curl: status line, headers and body of each answer.
struct APIRequests {
    let port: Int
    let token: String

    func send(_ method: String, _ path: String, json: String? = nil) async throws -> String {
        var arguments = ["-s", "-i", "-X", method, "-H", "Authorization: Bearer \(token)"]
        if let json { arguments += ["-H", "Content-Type: application/json", "--data-binary", json] }
        let result = try await ProcessRunner.run("/usr/bin/curl", arguments: arguments + ["http://127.0.0.1:\(port)\(path)"], timeout: .seconds(10))
        return result.stdout
    }
}
