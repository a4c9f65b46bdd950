#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NIOCore

/// The web console's files, embedded in the executable at build time (``embedded``, generated
/// from `Sources/CommandAPI/Console/`), decoded once, by URL path.
struct ConsoleFiles: Sendable {
    /// A file ready to serve.
    struct File: Sendable {
        let contentType: String
        let etag: String
        let body: ByteBuffer
    }

    /// The files by path; `/` is `/index.html`.
    let files: [String: File]

    /// The files of `embedded` (by default the generated ones).
    init(_ embedded: [EmbeddedConsoleFile] = ConsoleFiles.embedded) {
        var files: [String: File] = [:]
        for file in embedded {
            // The generator wrote the base64 itself: decoding cannot fail.
            let bytes = Data(base64Encoded: file.base64) ?? Data()
            files[file.path] = File(contentType: file.contentType, etag: file.etag, body: ByteBuffer(bytes: bytes))
        }
        files["/"] = files["/index.html"]
        self.files = files
    }

    /// Every path served, sorted.
    var paths: [String] { files.keys.sorted() }
}
