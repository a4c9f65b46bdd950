public import Foundation

/// Finds the package's built executables (`howalarming`, …) for end-to-end tests.
///
/// Looks in `HOWALARMING_BIN_DIR` when it is set (`make test` sets it), else next to the
/// running test binary, else in `<package root>/.build/debug`.
public enum Executables {
    /// The environment variable naming the directory with the built executables.
    public static let binDirectoryVariable = "HOWALARMING_BIN_DIR"

    /// The absolute path of the built executable `name`. Throws ``TestSupportError/Code/notFound``
    /// with a hint to build when it is missing.
    public static func path(
        _ name: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(TestSupportError) -> String {
        let directories = candidateDirectories(environment: environment)
        if let found = directories.map({ "\($0)/\(name)" }).first(where: Posix.isExecutableFile) {
            return found
        }
        throw TestSupportError(
            .notFound,
            "built executable `\(name)` not found in \(directories.joined(separator: ", ")): "
                + "run `make test` (or `swift build` before `swift test --skip-build`)"
        )
    }

    /// Where ``path(_:environment:)`` looks, in order.
    static func candidateDirectories(environment: [String: String]) -> [String] {
        if let configured = environment[binDirectoryVariable], !configured.isEmpty {
            return [configured]
        }
        var directories: [String] = []
        if let testBinary = Bundle.main.executableURL {
            directories.append(testBinary.resolvingSymlinksInPath().deletingLastPathComponent().path)
        }
        directories.append(PackageLayout.debugBinDirectory)
        return directories
    }
}
