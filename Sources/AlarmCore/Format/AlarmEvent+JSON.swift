/// Reading and writing the JSON event format.
extension AlarmEvent {
    /// Decodes an event from a job body.
    ///
    /// Lenient where old producers differ: `timestamp` may be an integer, a string of digits or a
    /// number with a fraction (truncated); `code` may be a string or an integer; `message` and `raw`
    /// default to `""`; `null` optional fields and unknown fields are ignored; UUIDs may be in either
    /// letter case. Strict where it matters: `type` must be one of ``EventType``, `code` and
    /// `timestamp` are required, wrong JSON kinds are rejected and ranges are checked (``validate()``).
    ///
    /// - Throws: ``FormatError`` naming the field at fault, or with a `nil` field when the body is
    ///   empty, not UTF-8, not JSON or not a JSON object. Never traps, whatever the bytes.
    public static func decode(json body: some Collection<UInt8>) throws(FormatError) -> AlarmEvent {
        try decode(json: JSONObject.text(ofJobBody: body))
    }

    /// Decodes an event from JSON text; with the same rules as decoding a job body's bytes.
    public static func decode(json text: String) throws(FormatError) -> AlarmEvent {
        let object = try JSONObject(parsing: text)
        let type = try eventType(in: object)
        guard let code = try object.code(.code) else { throw .missing(.code) }
        guard let timestamp = try object.timestamp(.timestamp) else { throw .missing(.timestamp) }
        let event = AlarmEvent(
            type: type,
            code: code,
            message: try object.string(.message) ?? "",
            raw: try object.string(.raw) ?? "",
            timestamp: timestamp,
            id: try object.uuid(.id),
            source: try object.string(.source),
            sequence: try object.unsignedInteger(.sequence),
            partition: try object.integer(.partition),
            zone: try object.integer(.zone),
            zoneName: try object.string(.zoneName),
            user: try object.integer(.user),
            userName: try object.string(.userName),
            commandID: try object.uuid(.commandID),
            commandSource: try object.string(.commandSource)
        )
        try event.validate()
        return event
    }

    /// The canonical JSON form: compact, keys in a fixed order, the five original fields always
    /// (with `timestamp` as an integer), the optional ones only when set, UUIDs lowercase.
    public func jsonBytes() -> [UInt8] {
        var writer = JSONObjectWriter()
        writer.write(.type, type.rawValue)
        writer.write(.code, code)
        writer.write(.message, message)
        writer.write(.raw, raw)
        writer.write(.timestamp, timestamp)
        writer.write(.id, id)
        writer.write(.source, source)
        writer.write(.sequence, sequence)
        writer.write(.partition, partition)
        writer.write(.zone, zone)
        writer.write(.zoneName, zoneName)
        writer.write(.user, user)
        writer.write(.userName, userName)
        writer.write(.commandID, commandID)
        writer.write(.commandSource, commandSource)
        return writer.finish()
    }

    /// The canonical JSON form as text; see ``jsonBytes()``.
    public func jsonString() -> String {
        String(decoding: jsonBytes(), as: UTF8.self)
    }

    private static func eventType(in object: JSONObject) throws(FormatError) -> EventType {
        let validTypes = EventType.allCases.map(\.rawValue).joined(separator: ", ")
        guard let name = try object.string(.type) else {
            throw FormatError(.type, "required field is missing; expected one of \(validTypes)")
        }
        guard let type = EventType(rawValue: name) else {
            throw FormatError(.type, "unknown event type \(name.quotedExcerpt()); expected one of \(validTypes)")
        }
        return type
    }
}
