internal import CYAML

/// libyaml's event parser over a string: YAML 1.1 as libyaml 0.2.5 reads it, one event at
/// a time, as Swift values. Nothing is composed here: an alias is an event naming its
/// anchor, never the anchored node again, so no input expands.
///
/// ```swift
/// let failure = YAMLEvents.parse("a: [1, 2]\n") { event in
///     print(event.kind, event.mark)   // streamStart 1:1, documentStart 1:1, mappingStart 1:1,
///     return true                     // scalar("a", .plain) 1:1, sequenceStart 1:4, ...
/// }
/// // failure == nil: the stream ended without an error
/// ```
enum YAMLEvents {
    /// A place in the text: 1-based, columns in Unicode scalars (libyaml counts from 0).
    struct Mark: Hashable, Sendable, CustomStringConvertible {
        var line: Int
        var column: Int

        var description: String { "\(line):\(column)" }

        fileprivate init(_ mark: yaml_mark_t) {
            line = Int(mark.line) + 1
            column = Int(mark.column) + 1
        }

        init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    enum ScalarStyle: Hashable, Sendable {
        case plain
        case singleQuoted
        case doubleQuoted
        /// `|`
        case literal
        /// `>`
        case folded
    }

    enum Kind: Hashable, Sendable {
        case streamStart
        case streamEnd
        case documentStart
        case documentEnd
        /// `*name`: the anchor's name.
        case alias(String)
        /// The scalar's text with quotes, escapes and folding resolved.
        case scalar(String, style: ScalarStyle)
        case sequenceStart
        case sequenceEnd
        case mappingStart
        case mappingEnd
    }

    struct Event: Hashable, Sendable {
        var kind: Kind
        /// `&name` on a scalar, sequence or mapping.
        var anchor: String?
        /// A scalar's, sequence's or mapping's tag when one is written, resolved: `!!str`
        /// is `tag:yaml.org,2002:str`.
        var tag: String?
        /// Where the event starts: a node's anchor or tag when it has one.
        var mark: Mark
    }

    /// Why libyaml stopped before the end of the stream.
    enum Failure: Error, Hashable, Sendable {
        /// The text cannot be read: a control character, say. `byteOffset` is where, in
        /// UTF-8 bytes from the start of the text (a byte order mark included).
        case reader(problem: String, byteOffset: Int)
        /// A scanner or parser error: `problem` at `mark`, found while reading `context`
        /// (e.g. "while parsing a flow mapping") that starts at `contextMark`.
        case syntax(problem: String, mark: Mark, context: String?, contextMark: Mark)
        case outOfMemory
    }

    /// Calls `body` with each event in order, until the stream ends (nil), `body` returns
    /// false (nil), or libyaml finds an error (returned: no further events are parsed).
    static func parse(_ text: String, _ body: (Event) -> Bool) -> Failure? {
        var text = text
        return text.withUTF8 { bytes in
            guard let start = bytes.baseAddress else {
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1) { empty in
                    parse(UnsafePointer(empty.baseAddress!), count: 0, body)
                }
            }
            return parse(start, count: bytes.count, body)
        }
    }

    private static func parse(_ bytes: UnsafePointer<UInt8>, count: Int, _ body: (Event) -> Bool) -> Failure? {
        // libyaml keeps a pointer to the parser inside the parser: it must not move.
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) != 0 else { return .outOfMemory }
        defer { yaml_parser_delete(parser) }
        // The encoding is left for libyaml to find (UTF-8: a String holds no other), so
        // that it drops a leading byte order mark rather than counting it as a column.
        yaml_parser_set_input_string(parser, bytes, count)

        var event = yaml_event_t()
        while true {
            let parsed = yaml_parser_parse(parser, &event) != 0
            let converted = parsed ? Event(event) : nil
            yaml_event_delete(&event)
            guard parsed else { return failure(of: parser.pointee) }
            guard let converted else { return nil }   // no event: past the stream's end
            if !body(converted) || converted.kind == .streamEnd { return nil }
        }
    }

    private static func failure(of parser: yaml_parser_t) -> Failure {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        switch parser.error {
        case YAML_READER_ERROR:
            return .reader(problem: problem, byteOffset: Int(parser.problem_offset))
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
            return .syntax(problem: problem, mark: Mark(parser.problem_mark),
                           context: parser.context.map { String(cString: $0) },
                           contextMark: Mark(parser.context_mark))
        default:
            return .outOfMemory
        }
    }
}

private extension YAMLEvents.Event {
    /// Nil for libyaml's "no event".
    init?(_ event: yaml_event_t) {
        let kind: YAMLEvents.Kind
        var anchor: UnsafeMutablePointer<yaml_char_t>?
        var tag: UnsafeMutablePointer<yaml_char_t>?
        switch event.type {
        case YAML_STREAM_START_EVENT: kind = .streamStart
        case YAML_STREAM_END_EVENT: kind = .streamEnd
        case YAML_DOCUMENT_START_EVENT: kind = .documentStart
        case YAML_DOCUMENT_END_EVENT: kind = .documentEnd
        case YAML_ALIAS_EVENT:
            kind = .alias(Self.string(event.data.alias.anchor) ?? "")
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            // Length-counted: a double-quoted "\0" is a NUL inside the text.
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            let style: YAMLEvents.ScalarStyle = switch scalar.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: .literal
            case YAML_FOLDED_SCALAR_STYLE: .folded
            default: .plain
            }
            kind = .scalar(text, style: style)
            (anchor, tag) = (scalar.anchor, scalar.tag)
        case YAML_SEQUENCE_START_EVENT:
            kind = .sequenceStart
            (anchor, tag) = (event.data.sequence_start.anchor, event.data.sequence_start.tag)
        case YAML_SEQUENCE_END_EVENT: kind = .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            kind = .mappingStart
            (anchor, tag) = (event.data.mapping_start.anchor, event.data.mapping_start.tag)
        case YAML_MAPPING_END_EVENT: kind = .mappingEnd
        default: return nil
        }
        self.init(kind: kind, anchor: Self.string(anchor), tag: Self.string(tag), mark: YAMLEvents.Mark(event.start_mark))
    }

    static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(decodingCString: $0, as: UTF8.self) }
    }
}
