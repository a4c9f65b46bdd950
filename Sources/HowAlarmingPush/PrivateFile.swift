#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creating a file only its owner can read, for keys.
enum PrivateFile {
    /// Creates `path` with mode 0600 and writes `contents`; refuses an existing file.
    ///
    /// - Throws: ``CommandFailure`` naming the file and the system's reason.
    static func create(_ path: String, contents: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CommandFailure(description: "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var remaining = Array(contents.utf8)[...]
        while !remaining.isEmpty {
            let written = remaining.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else {
                let reason = String(cString: strerror(errno))
                unlink(path)
                throw CommandFailure(description: "cannot write \(path): \(reason)")
            }
            remaining = remaining.dropFirst(written)
        }
    }
}
