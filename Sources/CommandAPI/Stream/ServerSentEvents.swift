/// The text of server-sent events (the WHATWG `text/event-stream` format), pure.
///
/// Every frame ends with a blank line. `data` must be one line: the stream's documents are
/// compact JSON, which has no raw line breaks.
enum ServerSentEvents {
    /// `event: NAME`, `id: ID` when given, `data: DATA`.
    static func frame(event: String, id: Int64? = nil, data: some Sequence<UInt8>) -> [UInt8] {
        var bytes = Array("event: \(event)\n".utf8)
        if let id { bytes += Array("id: \(id)\n".utf8) }
        bytes += Array("data: ".utf8)
        bytes += data
        bytes += Array("\n\n".utf8)
        return bytes
    }

    /// A comment line, which clients ignore: keeps proxies and the client's watchdog awake.
    static func comment(_ text: String) -> [UInt8] {
        Array(": \(text)\n\n".utf8)
    }

    /// `retry: MILLISECONDS`: how long a client waits before it reconnects.
    static func retry(milliseconds: Int) -> [UInt8] {
        Array("retry: \(milliseconds)\n\n".utf8)
    }
}
