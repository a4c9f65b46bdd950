import CLibYAML

/// Composes one YAML document into a ``YAMLNode`` tree from libyaml's parser events.
///
/// Aliases are replaced by their anchored node; a mapping may not repeat a key; nesting deeper
/// than ``maximumDepth`` is refused, so a hostile file cannot exhaust the stack.
final class YAMLComposer {
    /// How deeply lists and mappings may nest.
    static let maximumDepth = 64

    /// The root node of the single document in `text`, `nil` for an empty document.
    static func compose(_ text: String) throws(YAMLSyntaxError) -> YAMLNode? {
        var bytes = Array(text.utf8)
        let composer = YAMLComposer()
        defer { composer.close() }
        return try bytes.withUnsafeMutableBufferPointer { (buffer) throws(YAMLSyntaxError) -> YAMLNode? in
            yaml_parser_set_input_string(composer.parser, buffer.baseAddress, buffer.count)
            return try composer.composeStream(input: UnsafeBufferPointer(buffer))
        }
    }

    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private var anchors: [String: YAMLNode] = [:]

    private init() {
        parser = .allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        // Fails only when malloc does, and then the first parse reports a memory error.
        _ = yaml_parser_initialize(parser)
    }

    private func close() {
        yaml_parser_delete(parser)
        parser.deallocate()
    }

    private func composeStream(input: UnsafeBufferPointer<UInt8>) throws(YAMLSyntaxError) -> YAMLNode? {
        var root: YAMLNode?
        var documents = 0
        while true {
            let event = try nextEvent(input: input)
            switch event.kind {
            case .streamEnd:
                return root
            case .documentStart:
                documents += 1
                guard documents == 1 else {
                    throw event.error("expected a single document, but found another document")
                }
                root = try composeDocument(input: input)
            default:
                continue
            }
        }
    }

    /// The document's root node, after its document-start event; consumes its end event.
    private func composeDocument(input: UnsafeBufferPointer<UInt8>) throws(YAMLSyntaxError) -> YAMLNode? {
        let first = try nextEvent(input: input)
        if first.kind == .documentEnd { return nil }
        let root = try composeNode(first, depth: 0, input: input)
        _ = try nextEvent(input: input)  // the document's end
        return root
    }

    private func composeNode(
        _ event: YAMLEvent, depth: Int, input: UnsafeBufferPointer<UInt8>
    ) throws(YAMLSyntaxError) -> YAMLNode {
        let node: YAMLNode
        switch event.kind {
        case .scalar(let text, let isPlain):
            node = .scalar(text, isPlain: isPlain)
        case .alias(let anchor):
            guard let anchored = anchors[anchor] else { throw event.error("found undefined alias '\(anchor)'") }
            return anchored
        case .sequenceStart:
            guard depth < Self.maximumDepth else { throw event.error("nested more than \(Self.maximumDepth) levels deep") }
            var elements: [YAMLNode] = []
            while case let next = try nextEvent(input: input), next.kind != .sequenceEnd {
                elements.append(try composeNode(next, depth: depth + 1, input: input))
            }
            node = .sequence(elements)
        case .mappingStart:
            guard depth < Self.maximumDepth else { throw event.error("nested more than \(Self.maximumDepth) levels deep") }
            node = .mapping(try composeEntries(depth: depth + 1, input: input))
        default:
            throw event.error("unexpected \(event.kind)")
        }
        if let anchor = event.anchor { anchors[anchor] = node }
        return node
    }

    private func composeEntries(
        depth: Int, input: UnsafeBufferPointer<UInt8>
    ) throws(YAMLSyntaxError) -> [(key: YAMLNode, value: YAMLNode)] {
        var entries: [(key: YAMLNode, value: YAMLNode)] = []
        var scalarKeys: Set<String> = []
        while case let keyEvent = try nextEvent(input: input), keyEvent.kind != .mappingEnd {
            let key = try composeNode(keyEvent, depth: depth, input: input)
            if case .scalar(let text, _) = key, !scalarKeys.insert(text).inserted {
                throw keyEvent.error("duplicate key '\(text)'")
            }
            let value = try composeNode(try nextEvent(input: input), depth: depth, input: input)
            entries.append((key, value))
        }
        return entries
    }

    /// The parser's next event, or its error with the place it names.
    private func nextEvent(input: UnsafeBufferPointer<UInt8>) throws(YAMLSyntaxError) -> YAMLEvent {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { throw parserError(input: input) }
        defer { yaml_event_delete(&event) }
        return YAMLEvent(event)
    }

    private func parserError(input: UnsafeBufferPointer<UInt8>) -> YAMLSyntaxError {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "cannot be parsed"
        if state.error == YAML_READER_ERROR {
            let place = YAMLEvent.Place(offset: state.problem_offset, in: input)
            return YAMLSyntaxError(line: place.line, column: place.column, problem: problem)
        }
        let context = state.context.map {
            " (\(String(cString: $0)) at line \(state.context_mark.line + 1), column \(state.context_mark.column + 1))"
        }
        return YAMLSyntaxError(
            line: state.problem_mark.line + 1, column: state.problem_mark.column + 1, problem: problem + (context ?? ""))
    }
}
