import NIOCore
import NIOHPACK

/// One request written to ``HTTP2ExchangeHandler``, with the promise its reply completes.
struct ProviderExchange {
    let method: String
    let url: ProviderURL
    let headerFields: [(name: String, value: String)]
    let body: [UInt8]
    /// When the reply must have arrived; the stream is reset then.
    let deadline: NIODeadline
    let reply: EventLoopPromise<ProviderReply>

    /// The request's header block: the pseudo-headers, then the fields in lower case.
    var headerBlock: HPACKHeaders {
        var headers = HPACKHeaders()
        headers.reserveCapacity(headerFields.count + 5)
        headers.add(name: ":method", value: method)
        headers.add(name: ":scheme", value: url.origin.isSecure ? "https" : "http")
        headers.add(name: ":authority", value: url.authority)
        headers.add(name: ":path", value: url.path)
        for field in headerFields { headers.add(name: field.name.lowercased(), value: field.value) }
        if !body.isEmpty { headers.add(name: "content-length", value: String(body.count)) }
        return headers
    }
}

/// A reply being read: the status and fields of its header block, and its body so far.
struct PartialReply {
    var status: Int?
    var headerFields: [ProviderReply.HeaderField] = []
    var body: [UInt8] = []

    /// Takes a header block: the first final one gives the status and fields; informational
    /// (1xx) blocks and trailers are skipped.
    mutating func receive(_ headers: HPACKHeaders) {
        guard status == nil, let code = headers.first(name: ":status").flatMap(Int.init) else { return }
        guard !(100..<200).contains(code) else { return }
        status = code
        headerFields = headers.filter { !$0.name.hasPrefix(":") }.map {
            ProviderReply.HeaderField(name: $0.name, value: $0.value)
        }
    }

    /// The finished reply, or `nil` when the stream ended without a final status.
    var reply: ProviderReply? {
        status.map { ProviderReply(status: $0, headerFields: headerFields, body: body) }
    }
}
