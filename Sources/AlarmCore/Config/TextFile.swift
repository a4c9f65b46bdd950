#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads small UTF-8 text files (the configuration file, secret files) with failure reasons
/// that name the problem but never the contents.
enum TextFile {
    /// Why a file could not be read, in words such as `no such file`.
    struct Failure: Error {
        let reason: String
    }

    /// Whether something exists at `path`.
    static func exists(atPath path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    /// The contents of the file at `path`.
    static func read(atPath path: String) throws(Failure) -> String {
        let data: Data
        do {
            data = try Data(contentsOf: URL(filePath: path))
        } catch {
            if !exists(atPath: path) { throw Failure(reason: "no such file") }
            if !FileManager.default.isReadableFile(atPath: path) { throw Failure(reason: "permission denied") }
            throw Failure(reason: "it could not be read (is it a directory?)")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw Failure(reason: "it is not UTF-8 text")
        }
        return text
    }
}
