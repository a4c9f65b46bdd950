import Foundation

/// A fresh directory under the system's temporary directory, for files a test needs.
struct ConfigTestDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("howalarming-config-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `contents` to `name` in the directory and returns the file's path.
    @discardableResult
    func write(_ name: String, _ contents: String) throws -> String {
        let file = "\(path)/\(name)"
        try Data(contents.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Removes the directory and everything in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
