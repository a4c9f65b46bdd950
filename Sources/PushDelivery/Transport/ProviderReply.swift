/// One HTTP reply from a push provider or token endpoint: what the error tables read.
public struct ProviderReply: Sendable, Hashable {
    /// The HTTP status.
    public var status: Int
    /// The header fields, names as received.
    public var headerFields: [HeaderField]
    /// The body, at most ``ProviderConnection/replyBodyLimit`` bytes.
    public var body: [UInt8]

    /// One header field.
    public struct HeaderField: Sendable, Hashable {
        /// The field name.
        public var name: String
        /// The field value.
        public var value: String

        /// A field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A reply with the given parts.
    public init(status: Int, headerFields: [HeaderField] = [], body: [UInt8] = []) {
        self.status = status
        self.headerFields = headerFields
        self.body = body
    }

    /// The header fields as `(name, value)` pairs, as the response readers take them.
    public var headerPairs: [(name: String, value: String)] {
        headerFields.map { ($0.name, $0.value) }
    }
}
