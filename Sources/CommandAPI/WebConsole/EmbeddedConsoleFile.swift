/// One file of the web console as the EmbedConsole plugin generates it: its URL path (such as
/// `/app.js`), content type, ETag and bytes in base64.
struct EmbeddedConsoleFile: Sendable {
    let path: String
    let contentType: String
    let etag: String
    let base64: String
}
