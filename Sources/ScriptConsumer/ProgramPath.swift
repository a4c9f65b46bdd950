#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finds the program `consume --exec` runs, as a shell would: a name with a `/` is a path,
/// any other name is looked up on `PATH`.
public enum ProgramPath {
    /// The path of `program`.
    ///
    /// - Throws: ``ScriptConsumerError`` saying that it is not an executable file, or not on `PATH`.
    public static func resolve(_ program: String) throws(ScriptConsumerError) -> String {
        if program.contains("/") {
            guard isExecutableFile(program) else { throw ScriptConsumerError("--exec: \(program) is not an executable file") }
            return program
        }
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let candidates = searchPath.split(separator: ":").map { "\($0)/\(program)" }
        guard let found = candidates.first(where: isExecutableFile) else {
            throw ScriptConsumerError("--exec: no executable \(program) on PATH")
        }
        return found
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var isDirectory = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory
            && FileManager.default.isExecutableFile(atPath: path)
    }
}
