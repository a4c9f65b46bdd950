/// Reading and writing commands: the plain-string form and the JSON form.
extension AlarmCommand {
    /// Decodes a command from a command-tube job body.
    ///
    /// A body whose first non-blank character is `{` is the JSON form: `type`, when present, must be
    /// `"command"`; `code` is required and is either a ``SimpleCommand`` name (any letter case) or a
    /// 3-digit raw panel code; `data` is allowed only with raw codes; `timestamp` is read as leniently
    /// as for events; `zones` (an array of zone numbers) or `profile` go with `bypass` and
    /// `unbypass` only, which need one of them. Any other body is the plain-string form: the trimmed text, in any letter
    /// case, must name a ``SimpleCommand``.
    ///
    /// Error messages never quote `data`, and quote a command name or code only when it has no
    /// digits, since either might carry an access code.
    ///
    /// - Throws: ``FormatError``; its `field` is `nil` when the body as a whole is at fault.
    public static func decode(job body: some Collection<UInt8>) throws(FormatError) -> AlarmCommand {
        try decode(job: JSONObject.text(ofJobBody: body))
    }

    /// Decodes a command from a job body's text, with the same rules as for its bytes.
    public static func decode(job text: String) throws(FormatError) -> AlarmCommand {
        let trimmed = text.trimmingWhitespace
        if trimmed.first == "{" {
            return try decode(object: JSONObject(parsing: text))
        }
        guard !trimmed.isEmpty else {
            throw FormatError(field: nil, reason: "empty body, expected a command name or a JSON command")
        }
        let simple = AlarmCommand.simple(try SimpleCommand(named: String(trimmed)))
        try simple.validate()
        return simple
    }

    /// The JSON form: `{"type":"command","code":…}` then `data` (raw commands with data only),
    /// `message`, `partition`, `id` (lowercase), `source`, `timestamp`, `access_code`, `zones`
    /// and `profile` when set.
    public func jsonBytes() -> [UInt8] {
        var writer = JSONObjectWriter()
        writer.write(.type, EventType.command.rawValue)
        switch action {
        case .simple(let command):
            writer.write(.code, command.rawValue)
        case .raw(let code, let data):
            writer.write(.code, code)
            writer.write(.data, data.isEmpty ? nil : data)
        }
        writer.write(.message, message)
        writer.write(.partition, partition)
        writer.write(.id, id)
        writer.write(.source, source)
        writer.write(.timestamp, timestamp)
        writer.write(.accessCode, accessCode?.value)
        writer.write(.zones, zones)
        writer.write(.profile, profile)
        return writer.finish()
    }

    /// The JSON form as text; see ``jsonBytes()``.
    public func jsonString() -> String {
        String(decoding: jsonBytes(), as: UTF8.self)
    }

    private static func decode(object: JSONObject) throws(FormatError) -> AlarmCommand {
        if let type = try object.string(.type), type != EventType.command.rawValue {
            throw FormatError(.type, "a command's type must be \"command\", got \(type.quotedExcerpt())")
        }
        guard let code = try object.code(.code) else { throw .missing(.code) }
        let command = AlarmCommand(
            action: try action(code: code, data: rawData(in: object)),
            message: try object.string(.message),
            partition: try object.integer(.partition),
            id: try object.uuid(.id),
            source: try object.string(.source),
            timestamp: try object.timestamp(.timestamp),
            accessCode: try accessCode(in: object),
            zones: try object.integers(.zones),
            profile: try object.string(.profile)
        )
        try command.validate()
        return command
    }

    /// The `data` field, read without the generic reader so that its value is never quoted.
    private static func rawData(in object: JSONObject) throws(FormatError) -> String {
        switch object[.data] {
        case nil: return ""
        case .string(let data): return data
        case _?: throw FormatError(.data, "expected a string")
        }
    }

    /// The `access_code` field, read without the generic reader so that its value is never quoted.
    private static func accessCode(in object: JSONObject) throws(FormatError) -> Secret? {
        switch object[.accessCode] {
        case nil: return nil
        case .string(let code): return Secret(code)
        case _?: throw FormatError(.accessCode, "expected a string of 4 to 6 digits")
        }
    }

    private static func action(code: String, data: String) throws(FormatError) -> Action {
        guard let command = SimpleCommand(rawValue: code.lowercased()) else {
            return .raw(code: code, data: data)
        }
        guard data.isEmpty else {
            throw FormatError(.data, "only raw panel codes take data, not \"\(command.rawValue)\"")
        }
        return .simple(command)
    }
}
