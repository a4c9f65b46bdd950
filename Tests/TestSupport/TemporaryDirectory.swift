#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// A fresh, empty directory under the system temporary directory (`TMPDIR`, else `/tmp`),
/// removed with everything in it by ``remove()`` or when the value is released.
public final class TemporaryDirectory: Sendable {
    /// The directory's absolute path.
    public let path: String
    private let removed = Mutex(false)

    /// Creates a directory named `<prefix>.XXXXXX` (random suffix).
    public init(prefix: String = "howalarming") throws(TestSupportError) {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/\(prefix).XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else {
            throw .systemCall("mkdtemp in \(base)", errno: errno)
        }
        path = String(cString: created)
    }

    deinit {
        remove()
    }

    /// The path of `name` inside the directory (nothing is created).
    public func appending(_ name: String) -> String {
        "\(path)/\(name)"
    }

    /// Deletes the directory and its contents; later calls do nothing.
    public func remove() {
        let alreadyRemoved = removed.withLock { removed in
            defer { removed = true }
            return removed
        }
        if !alreadyRemoved { try? FileManager.default.removeItem(atPath: path) }
    }
}

/// Runs `body` with a fresh ``TemporaryDirectory`` and removes it afterwards, whether `body`
/// returns or throws.
public func withTemporaryDirectory<Result>(
    prefix: String = "howalarming",
    isolation: isolated (any Actor)? = #isolation,
    _ body: (TemporaryDirectory) async throws -> Result
) async throws -> Result {
    let directory = try TemporaryDirectory(prefix: prefix)
    defer { directory.remove() }
    return try await body(directory)
}
