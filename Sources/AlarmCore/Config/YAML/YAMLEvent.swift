import CLibYAML

/// A libyaml parser event, copied out of C memory: its kind, anchor and place.
struct YAMLEvent {
    enum Kind: Equatable, CustomStringConvertible {
        case streamStart, streamEnd, documentStart, documentEnd
        case scalar(String, isPlain: Bool)
        case alias(String)
        case sequenceStart, sequenceEnd, mappingStart, mappingEnd
        case none

        var description: String {
            switch self {
            case .streamStart: "stream start"
            case .streamEnd: "stream end"
            case .documentStart: "document start"
            case .documentEnd: "document end"
            case .scalar: "scalar"
            case .alias: "alias"
            case .sequenceStart: "list"
            case .sequenceEnd: "end of a list"
            case .mappingStart: "mapping"
            case .mappingEnd: "end of a mapping"
            case .none: "nothing"
            }
        }
    }

    /// A 1-based line and column.
    struct Place {
        let line: Int
        let column: Int

        init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }

        /// The place of the byte at `offset` in `input`.
        init(offset: Int, in input: UnsafeBufferPointer<UInt8>) {
            let before = input.prefix(offset)
            let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            let line = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
            let column = String(decoding: input[lineStart..<min(offset, input.count)], as: UTF8.self).count + 1
            self.init(line: line, column: column)
        }
    }

    let kind: Kind
    /// The anchor (`&name`) of a scalar, list or mapping.
    let anchor: String?
    let place: Place

    init(_ event: yaml_event_t) {
        place = Place(line: event.start_mark.line + 1, column: event.start_mark.column + 1)
        switch event.type {
        case YAML_STREAM_START_EVENT:
            (kind, anchor) = (.streamStart, nil)
        case YAML_STREAM_END_EVENT:
            (kind, anchor) = (.streamEnd, nil)
        case YAML_DOCUMENT_START_EVENT:
            (kind, anchor) = (.documentStart, nil)
        case YAML_DOCUMENT_END_EVENT:
            (kind, anchor) = (.documentEnd, nil)
        case YAML_ALIAS_EVENT:
            (kind, anchor) = (.alias(Self.text(event.data.alias.anchor) ?? ""), nil)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            (kind, anchor) = (.scalar(text, isPlain: scalar.style == YAML_PLAIN_SCALAR_STYLE), Self.text(scalar.anchor))
        case YAML_SEQUENCE_START_EVENT:
            (kind, anchor) = (.sequenceStart, Self.text(event.data.sequence_start.anchor))
        case YAML_SEQUENCE_END_EVENT:
            (kind, anchor) = (.sequenceEnd, nil)
        case YAML_MAPPING_START_EVENT:
            (kind, anchor) = (.mappingStart, Self.text(event.data.mapping_start.anchor))
        case YAML_MAPPING_END_EVENT:
            (kind, anchor) = (.mappingEnd, nil)
        default:
            (kind, anchor) = (.none, nil)
        }
    }

    /// An error at this event's place.
    func error(_ problem: String) -> YAMLSyntaxError {
        YAMLSyntaxError(line: place.line, column: place.column, problem: problem)
    }

    private static func text(_ characters: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        characters.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }
}
