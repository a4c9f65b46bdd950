public import Foundation

/// Finds the package's built executables (`howalarming`, …) for end-to-end tests.
///
/// Looks in `HOWALARMING_BIN_DIR` when it is set (`make test` sets it to `swift build
/// --show-bin-path`), else where a plain `swift build` or `swift test` puts them: next to the
/// running test binary, else in `<package root>/.build/debug`.
public enum Executables {
    /// The environment variable naming the directory with the built executables.
    public static let binDirectoryVariable = "HOWALARMING_BIN_DIR"

    /// The absolute path of the built executable `name`. Throws ``TestSupportError/Code/notFound``
    /// with one line saying how to build it when it is missing.
    public static func path(
        _ name: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(TestSupportError) -> String {
        let directories = candidateDirectories(environment: environment)
        if let found = directories.map({ "\($0)/\(name)" }).first(where: Posix.isExecutableFile) {
            return found
        }
        let build = "run the tests with `make test`, which builds the executables and sets it (or `swift build` first)"
        if let configured = configuredDirectory(environment) {
            throw TestSupportError(.notFound, "`\(name)` is not in \(binDirectoryVariable) (\(configured)): \(build)")
        }
        throw TestSupportError(
            .notFound,
            "\(binDirectoryVariable) is not set and `\(name)` is not built in \(directories.joined(separator: " or ")): \(build)"
        )
    }

    /// Where ``path(_:environment:)`` looks, in order.
    static func candidateDirectories(environment: [String: String]) -> [String] {
        if let configured = configuredDirectory(environment) {
            return [configured]
        }
        var directories: [String] = []
        if let testBinary = Bundle.main.executableURL {
            directories.append(testBinary.resolvingSymlinksInPath().deletingLastPathComponent().path)
        }
        directories.append(PackageLayout.debugBinDirectory)
        return directories
    }

    private static func configuredDirectory(_ environment: [String: String]) -> String? {
        environment[binDirectoryVariable].flatMap { $0.isEmpty ? nil : $0 }
    }
}
