import CommandAPITestSupport
import Foundation
import TestSupport
import Testing

/// schemathesis (from PyPI) generates requests for every operation of docs/openapi.yaml, valid
/// and invalid, and checks each answer: no 5xx, every status, header and body as documented,
/// 405 with `Allow` for other methods, 401 when the token is missing or wrong. Deterministic,
/// so that a failure repeats.
@Suite("schemathesis")
struct SchemathesisTests {
    /// Two checks stay off: they judge the spec's constraints against the server's stricter or
    /// more lenient ones (a `null` optional field, control characters in a message, token formats
    /// described in prose), not the server's behaviour; docs/reliability.md lists them.
    static let checkedButNotTheseTwo = ["--checks", "all", "--exclude-checks", "negative_data_rejection,positive_data_acceptance"]

    @Test func everyOperationAnswersAsDocumentedWithAToken() async throws {
        try await DaemonAPI.run { stage in
            let token = stage.controlToken
            let run = try await Self.schemathesis(against: stage, arguments: ["-H", "Authorization: Bearer \(token)"] + Self.checkedButNotTheseTwo)
            #expect(run.status == 0, "\(run.output)")
            #expect(run.cases >= 500, "only \(run.cases) test cases:\n\(run.output)")
            #expect(!run.output.contains(token), "schemathesis printed the token")
            print("schemathesis with a control token: \(run.cases) test cases")
        }
    }

    @Test func everyOperationButHealthNeedsAToken() async throws {
        try await DaemonAPI.run { stage in
            let run = try await Self.schemathesis(against: stage, arguments: ["--checks", "all"])
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("13 operations returned only 401/403 responses"), "\(run.output)")
            print("schemathesis without a token: \(run.cases) test cases")
        }
    }

    /// What a run printed, its exit status and how many test cases it generated.
    struct Run {
        let status: Int32
        let output: String
        let cases: Int
    }

    static func schemathesis(against stage: DaemonAPI, arguments: [String]) async throws -> Run {
        let executable = try await PythonPeer.find().command("schemathesis")
        return try await withTemporaryDirectory(prefix: "schemathesis") { directory in
            let reports = directory.path
            let result = try await ProcessRunner.run(executable, arguments: [
                "run", PackageLayout.root + "/docs/openapi.yaml", "--url", "http://127.0.0.1:\(stage.port)",
                "--max-examples", "60", "--generation-deterministic", "--workers", "1", "--no-color",
                "--report", "json", "--report-dir", reports,
                // The stream never ends; OpenAPITests and StreamTests cover it.
                "--exclude-path", "/v1/stream",
            ] + arguments, environment: ["NO_COLOR": "1"], timeout: .seconds(300))
            guard case .exited(let status) = result.status else { throw TestSupportError(.exitedEarly, "schemathesis: \(result)") }
            return Run(status: status, output: result.stdout + result.stderr, cases: try generatedCases(in: reports))
        }
    }

    /// `test_cases.generated` of the JSON report in `directory`.
    private static func generatedCases(in directory: String) throws -> Int {
        let report = try #require(try FileManager.default.contentsOfDirectory(atPath: directory).first { $0.hasSuffix(".json") })
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory + "/" + report)))
        return try #require(((document as? [String: Any])?["test_cases"] as? [String: Any])?["generated"] as? Int)
    }
}
