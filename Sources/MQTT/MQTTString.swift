/// The rules for an MQTT UTF-8 string (§1.5.3): at most 65,535 bytes of UTF-8 and no U+0000
/// [MQTT-1.5.3-2]. A Swift `String` is always well-formed UTF-8, so only received bytes need the
/// check for ill-formed sequences and surrogates [MQTT-1.5.3-1].
enum MQTTString {
    /// The longest string: its length is a big-endian `UInt16`.
    static let maximumByteCount = Int(UInt16.max)

    /// Why `text` cannot be sent as an MQTT string, or `nil` if it can.
    static func problem(with text: String) -> String? {
        let count = text.utf8.count
        if count > maximumByteCount { return "is \(count) bytes long, over 65,535" }
        if text.utf8.contains(0) { return "contains U+0000" }
        return nil
    }

    /// Checks `text` against the string rules, naming `field` in the error.
    static func validate(_ text: String, field: String) throws(MQTTError) {
        if let problem = problem(with: text) {
            throw MQTTError(.invalidString, "\(field) \(problem)")
        }
    }

    /// Decodes received bytes, refusing ill-formed UTF-8 (surrogates and overlong forms included)
    /// and U+0000.
    static func decode(_ bytes: some Collection<UInt8>, field: String) throws(MQTTError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw MQTTError(.invalidString, "\(field) is not well-formed UTF-8")
        }
        guard !bytes.contains(0) else { throw MQTTError(.invalidString, "\(field) contains U+0000") }
        return text
    }
}
