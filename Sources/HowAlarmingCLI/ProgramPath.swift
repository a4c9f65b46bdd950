import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finds the program `consume --exec` runs, as a shell would: a name with a `/` is a path,
/// any other name is looked up on `PATH`.
enum ProgramPath {
    /// The path of `program`.
    ///
    /// - Throws: `ValidationError` saying that it is not an executable file, or not on `PATH`.
    static func resolve(_ program: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if program.contains("/") {
            guard isExecutableFile(program) else { throw ValidationError("--exec: \(program) is not an executable file") }
            return program
        }
        let searchPath = environment["PATH"] ?? "/usr/bin:/bin"
        let candidates = searchPath.split(separator: ":").map { "\($0)/\(program)" }
        guard let found = candidates.first(where: isExecutableFile) else {
            throw ValidationError("--exec: no executable \(program) on PATH")
        }
        return found
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var isDirectory = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory
            && FileManager.default.isExecutableFile(atPath: path)
    }
}
