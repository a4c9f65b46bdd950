public import Foundation

/// The Python interpreter interop tests run peers with (the reference implementation's
/// libraries: `greenstalk`, `jsonschema`, `paho-mqtt`). `make test` installs `schemathesis`, the HTTP API
/// fuzzer, beside them; it is not imported here, since importing it takes seconds of CPU.
///
/// Uses `HOWALARMING_TEST_PYTHON` when set (`make test` sets it), else `<package root>/.venv/bin/python3`.
public struct PythonPeer: Sendable {
    /// The environment variable naming the interpreter.
    public static let interpreterVariable = "HOWALARMING_TEST_PYTHON"
    /// The modules the interop scripts import.
    public static let requiredModules = ["greenstalk", "jsonschema", "paho.mqtt.client"]

    /// The interpreter's path.
    public let interpreter: String

    /// The interpreter named by `environment`, checked to exist and to import ``requiredModules``.
    /// Throws ``TestSupportError/Code/notInstalled`` telling to run `make test` otherwise.
    public static func find(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws(TestSupportError) -> PythonPeer {
        let configured = environment[interpreterVariable].flatMap { $0.isEmpty ? nil : $0 }
        return try await PythonPeer(interpreter: configured ?? PackageLayout.venvPython)
    }

    /// Checks that `interpreter` exists and imports ``requiredModules``.
    public init(interpreter: String) async throws(TestSupportError) {
        guard Posix.isExecutableFile(interpreter) else {
            throw TestSupportError(.notInstalled, "the Python interop peer \(interpreter) does not exist: \(Self.installHint)")
        }
        let check = try await ProcessRunner.run(
            interpreter, arguments: ["-c", "import " + Self.requiredModules.joined(separator: ", ")], timeout: .seconds(30)
        )
        guard check.status.isSuccess else {
            let reason = check.stderr.split(separator: "\n").last.map { " (\($0))" } ?? ""
            throw TestSupportError(
                .notInstalled,
                "\(interpreter) cannot import \(Self.requiredModules.joined(separator: ", "))\(reason): \(Self.installHint)")
        }
        self.interpreter = interpreter
    }

    /// What to run when the interpreter or one of its packages is missing.
    static let installHint = "run `make test` (or `make python-peer`), which creates .venv with greenstalk, jsonschema, paho-mqtt and schemathesis"

    /// The path of `name`, a command a package installed beside the interpreter (`schemathesis`).
    /// Throws ``TestSupportError/Code/notInstalled`` when it is missing.
    public func command(_ name: String) throws(TestSupportError) -> String {
        let path = URL(fileURLWithPath: interpreter).deletingLastPathComponent().appendingPathComponent(name).path
        guard Posix.isExecutableFile(path) else {
            throw TestSupportError(.notInstalled, "\(name) is not installed beside \(interpreter): \(Self.installHint)")
        }
        return path
    }

    /// The path of `name` in `Tests/Interop/`.
    public static func scriptPath(_ name: String) -> String {
        "\(PackageLayout.interopDirectory)/\(name)"
    }

    /// Runs `Tests/Interop/<script>` to completion; see ``ProcessRunner/run(_:arguments:environment:standardInput:timeout:)``.
    public func run(
        script: String,
        arguments: [String] = [],
        environment: [String: String] = [:],
        standardInput: Data? = nil,
        timeout: Duration = .seconds(30)
    ) async throws(TestSupportError) -> ProcessResult {
        try await ProcessRunner.run(
            interpreter, arguments: try scriptArguments(script, arguments), environment: environment,
            standardInput: standardInput, timeout: timeout
        )
    }

    /// Starts `Tests/Interop/<script>` in the background; see ``ProcessRunner/start(_:arguments:environment:standardInput:)``.
    public func start(
        script: String,
        arguments: [String] = [],
        environment: [String: String] = [:],
        standardInput: Data? = nil
    ) throws(TestSupportError) -> ChildProcess {
        try ProcessRunner.start(
            interpreter, arguments: try scriptArguments(script, arguments), environment: environment, standardInput: standardInput
        )
    }

    private func scriptArguments(_ script: String, _ arguments: [String]) throws(TestSupportError) -> [String] {
        let path = Self.scriptPath(script)
        guard FileManager.default.fileExists(atPath: path) else {
            throw TestSupportError(.notFound, "interop script \(path) does not exist")
        }
        // -u: unbuffered stdout, so awaitLine sees each line as the script prints it.
        return ["-u", path] + arguments
    }
}
