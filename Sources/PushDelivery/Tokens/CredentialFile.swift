#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads key and service account files, with errors that name the file but never its contents.
enum CredentialFile {
    /// The bytes of the file at `path`; `what` names it in errors ("APNs key file").
    static func read(_ path: String, what: String) throws(PushCredentialError) -> Data {
        do {
            return try Data(contentsOf: URL(filePath: path))
        } catch {
            throw PushCredentialError(code: .unreadableFile, message: "\(what) \(path) could not be read")
        }
    }
}
