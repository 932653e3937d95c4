/// A config file's YAML, read from libyaml's events (`YAMLEvents`) into `SourceNode`s,
/// with every problem found on the way as `ConfigError`s: syntax errors (at libyaml's
/// mark), duplicate keys, keys that are not plain strings, anchors and aliases, nesting
/// too deep.
///
/// ```swift
/// let document = SourceDocument.compose("a: 1\nb: 2\na: 3\n", file: "x.yaml")
/// // document.root: a mapping of a: 1 and b: 2
/// // document.errors: x.yaml:3:1: error: duplicate key 'a' (first at line 1, column 1)
/// ```
///
/// The tree is built without recursion, so no input exhausts the stack, and without
/// expanding anything: libyaml's parser reports an alias as an event naming its anchor,
/// so an alias bomb costs one event per alias written.
struct SourceDocument {
    /// Nil when there is no document (an empty file, or only comments) or the file is
    /// refused as a whole; `errors` then says why.
    var root: SourceNode?
    var errors: [ConfigError]

    /// More nodes than this cannot come from a file within `ConfigLoader.maximumBytes`
    /// (aliases are refused, never expanded): a bound on the tree should that limit grow.
    static let maximumNodes = 1_000_000

    /// Collections inside each other, anywhere in the file. A gpioagg config needs four;
    /// reading stops at the first collection deeper than this, so that nothing deeper is
    /// built (nor freed recursively) and libyaml's scanner, which slows down with every
    /// level, reads no further.
    static let maximumDepth = 32

    /// Reads `text`. Some problems refuse the whole file, with no other error:
    ///
    /// - Anchors and aliases (`&name`, `*name`) in any document, as far as libyaml reads
    ///   (to the end, or to its first syntax error): one error per anchor, or per alias
    ///   when there is no anchor (each alias needs one). The rest of the file is checked
    ///   once they are gone.
    /// - A syntax error: nothing else can be trusted once libyaml is lost.
    /// - Nesting deeper than `maximumDepth`, after the anchors and aliases before it.
    /// - A second document.
    static func compose(_ text: String, file: String, maximumNodes: Int = maximumNodes) -> SourceDocument {
        var builder = Builder(text: text, file: file, maximumNodes: maximumNodes)
        let failure = YAMLEvents.parse(text) { builder.handle($0) }
        let tooDeep = builder.tooDeep.map { [tooDeepError(at: $0)] } ?? []
        let refused = builder.anchors.isEmpty ? builder.aliases : builder.anchors
        if !refused.isEmpty {
            return SourceDocument(root: nil, errors: refused + tooDeep)
        }
        // Past the first document only anchors and aliases are looked for (the file is
        // refused there anyway), so a syntax error that far is not the one to report.
        if let failure, builder.secondDocument == nil {
            return SourceDocument(root: nil, errors: [syntaxError(failure, in: text, file: file)])
        }
        if !tooDeep.isEmpty {
            return SourceDocument(root: nil, errors: tooDeep)
        }
        if let second = builder.secondDocument {
            let failure = YAMLEvents.Failure.syntax(problem: "but found another document", mark: second,
                                                    context: "expected a single document in the stream",
                                                    contextMark: YAMLEvents.Mark(line: 1, column: 1))
            return SourceDocument(root: nil, errors: [syntaxError(failure, in: text, file: file)])
        }
        return SourceDocument(root: builder.root, errors: builder.errors)
    }

    // MARK: - Errors

    private static func tooDeepError(at location: SourceLocation) -> ConfigError {
        ConfigError(location: location,
                    message: "nested more than \(maximumDepth) levels deep",
                    hint: "a gpioagg config nests four levels: section, entry, settings, debounce")
    }

    private static func syntaxError(_ failure: YAMLEvents.Failure, in text: String, file: String) -> ConfigError {
        switch failure {
        case .syntax(let problem, let mark, let context, let contextMark):
            var message = "YAML: \(problem)"
            if let context, !context.isEmpty {
                message += " (\(context) at line \(contextMark.line), column \(contextMark.column))"
            }
            // libyaml often says only "cannot start any token" about a tab.
            var cursor = SourceCursor(text)
            cursor.move(to: mark)
            let atTab = cursor.mark == mark && cursor.current == "\t"
            return ConfigError(location: SourceLocation(file: file, line: mark.line, column: mark.column),
                               message: message, hint: syntaxHint(atTab ? "tab character" : problem))
        case .reader(let problem, let byteOffset):
            var line = 1, column = 1
            var afterCarriageReturn = false
            let before = String(decoding: text.utf8.prefix(byteOffset), as: UTF8.self).unicodeScalars
            for (index, scalar) in before.enumerated() {
                defer { afterCarriageReturn = scalar == "\r" }
                switch scalar {
                case "\u{FEFF}" where index == 0:
                    continue
                case "\n" where afterCarriageReturn:
                    continue
                case "\n", "\r":
                    line += 1
                    column = 1
                default:
                    column += 1
                }
            }
            return ConfigError(location: SourceLocation(file: file, line: line, column: column),
                               message: "cannot read the text: \(problem)",
                               hint: "the file must be UTF-8 text without control characters")
        case .outOfMemory:
            return ConfigError(location: SourceLocation(file: file, line: 1, column: 1),
                               message: "cannot read the YAML: out of memory")
        }
    }

    /// A fix for libyaml's most common complaints.
    private static func syntaxHint(_ problem: String) -> String {
        switch problem {
        case let text where text.contains("tab character"):
            return "indent with spaces; YAML does not allow tabs for indentation"
        case let text where text.contains("expected ',' or '}'"):
            return "a { ... } mapping needs ',' between its entries and a closing '}'"
        case let text where text.contains("expected ',' or ']'"):
            return "a [ ... ] list needs ',' between its names and a closing ']'"
        case let text where text.contains("mapping values are not allowed"):
            return "check the indentation, and quote any value that contains ': '"
        case let text where text.contains("could not find expected ':'"):
            return "each entry is KEY: VALUE; check for a missing ':' or a wrong indentation"
        case let text where text.contains("but found another document"):
            return "a config file holds one YAML document; remove the second '---'"
        case let text where text.contains("did not find expected key"):
            return "check the indentation: keys of one mapping start in the same column"
        case let text where text.contains("did not find expected '-'"):
            return "check the indentation: items of one list start in the same column"
        default:
            return ""
        }
    }
}

// MARK: - Building the tree from events

/// Turns libyaml's events into `SourceNode`s with a stack of open collections.
///
/// A node that is not built (a key that is not a name and its value, anything past the
/// node limit) is reported once where it starts and its events are skipped to its end.
/// Anchors, aliases and nesting are looked for in every event, built or skipped, in every
/// document: they refuse the whole file, so once one is found nothing more is built, and
/// a collection nested too deep stops the reading.
private struct Builder {
    /// What an open mapping reads next.
    enum Expecting {
        case key
        case value(key: String, location: SourceLocation)
        /// The value of a key that was reported: read and dropped.
        case droppedValue
    }

    /// What a skipped node stands for once its last event is read.
    enum Skipped {
        /// A value: a `.reported` node at this location.
        case reported(SourceLocation)
        /// A key that is not a name: its value is dropped next.
        case key
        /// The value of such a key.
        case droppedValue
    }

    struct Frame {
        enum Kind {
            case sequence
            case mapping
            /// Inside a node that is not built; `nesting` counts its open collections.
            case skipping(Skipped)
        }

        var kind: Kind
        var location: SourceLocation
        var items: [SourceNode] = []
        var entries: [SourceNode.Entry] = []
        var firstSeen: [String: SourceLocation] = [:]
        var expecting = Expecting.key
        var nesting = 0
    }

    let file: String
    let maximumNodes: Int
    /// Where anchors and collections are in the text, past the tags libyaml marks them at.
    private var cursor: SourceCursor
    var root: SourceNode?
    var errors: [ConfigError] = []
    /// One error per anchor, and one per alias, in source order.
    var anchors: [ConfigError] = []
    var aliases: [ConfigError] = []
    /// Where a second document starts; nothing is built past it.
    var secondDocument: YAMLEvents.Mark?
    /// Where the collection nested one level deeper than allowed opens; reading stops there.
    var tooDeep: SourceLocation?
    private var stack: [Frame] = []
    /// Open collections, built or skipped.
    private var depth = 0
    private var documents = 0
    private var nodesVisited = 0

    init(text: String, file: String, maximumNodes: Int) {
        self.file = file
        self.maximumNodes = maximumNodes
        cursor = SourceCursor(text)
    }

    /// Reads one event; false to stop reading.
    mutating func handle(_ event: YAMLEvents.Event) -> Bool {
        noteRefusals(event)
        if tooDeep != nil { return false }
        // Past an anchor, an alias or the first document the file is refused: the rest is
        // read only to find every anchor and alias.
        guard anchors.isEmpty, aliases.isEmpty, secondDocument == nil else { return true }
        if let top = stack.last, case .skipping(let skipped) = top.kind {
            skip(event, in: skipped)
            return true
        }
        switch event.kind {
        case .streamStart, .streamEnd, .documentEnd, .alias:   // an alias has refused the file already
            return true
        case .documentStart:
            documents += 1
            if documents > 1 { secondDocument = event.mark }
            return true
        case .sequenceEnd, .mappingEnd:
            let frame = stack.removeLast()
            if case .sequence = frame.kind {
                attach(SourceNode(content: .sequence(frame.items), location: frame.location))
            } else {
                attach(SourceNode(content: .mapping(frame.entries), location: frame.location))
            }
            return true
        case .scalar, .sequenceStart, .mappingStart:
            startNode(event)
            return true
        }
    }

    /// What refuses the whole file: anchors, aliases, nesting deeper than the limit.
    private mutating func noteRefusals(_ event: YAMLEvents.Event) {
        let collection = event.kind == .sequenceStart || event.kind == .mappingStart
        // A tag alone is looked past only on a collection: elsewhere it may end at a `,`.
        let (anchorMark, contentMark) = event.anchor != nil || (collection && event.tag != nil)
            ? properties(of: event) : (event.mark, event.mark)
        if let anchor = event.anchor {
            anchors.append(notSupported("&" + anchor, at: anchorMark))
        }
        switch event.kind {
        case .alias(let anchor):
            aliases.append(notSupported("*" + anchor, at: event.mark))
        case .sequenceStart, .mappingStart:
            depth += 1
            if depth > SourceDocument.maximumDepth { tooDeep = location(contentMark) }
        case .sequenceEnd, .mappingEnd:
            depth -= 1
        default:
            break
        }
    }

    /// Where a node's anchor is, and where its content starts (a collection's `[`, `{`,
    /// first `-` or first key): libyaml marks a node at the first of its tag and anchor.
    private mutating func properties(of event: YAMLEvents.Event)
        -> (anchor: YAMLEvents.Mark, content: YAMLEvents.Mark) {
        cursor.move(to: event.mark)
        var anchor = event.mark
        for _ in 0..<(event.anchor == nil ? 0 : 1) + (event.tag == nil ? 0 : 1) {
            if cursor.current == "&" { anchor = cursor.mark }
            cursor.skipProperty()
        }
        return (anchor, cursor.mark)
    }

    /// `&name` or `*name`.
    private func notSupported(_ written: String, at mark: YAMLEvents.Mark) -> ConfigError {
        ConfigError(location: location(mark), message: "anchors and aliases are not supported (\(written))",
                    hint: "write the value out in full wherever it is used")
    }

    private mutating func skip(_ event: YAMLEvents.Event, in skipped: Skipped) {
        let last = stack.count - 1
        switch event.kind {
        case .sequenceStart, .mappingStart:
            stack[last].nesting += 1
        case .sequenceEnd, .mappingEnd:
            stack[last].nesting -= 1
            if stack[last].nesting == 0 {
                stack.removeLast()
                finish(skipped)
            }
        default:
            break
        }
    }

    /// Skips the node `event` starts (to its end, if it is a collection), then goes on as
    /// `skipped` says.
    private mutating func skipNode(_ event: YAMLEvents.Event, as skipped: Skipped) {
        switch event.kind {
        case .sequenceStart, .mappingStart:
            stack.append(Frame(kind: .skipping(skipped), location: location(event.mark), nesting: 1))
        default:
            finish(skipped)
        }
    }

    private mutating func finish(_ skipped: Skipped) {
        switch skipped {
        case .reported(let location):
            attach(SourceNode(content: .reported, location: location))
        case .key:
            stack[stack.count - 1].expecting = .droppedValue
        case .droppedValue:
            stack[stack.count - 1].expecting = .key
        }
    }

    private mutating func startNode(_ event: YAMLEvents.Event) {
        let location = self.location(event.mark)
        if let top = stack.last, case .mapping = top.kind {
            switch top.expecting {
            case .key:
                if case .scalar(let key, _) = event.kind {
                    stack[stack.count - 1].expecting = .value(key: key, location: location)
                } else {
                    errors.append(ConfigError(location: location,
                                              message: "a key must be a name, found \(Self.kindDescription(event))",
                                              hint: "write keys as plain names: NAME: value"))
                    skipNode(event, as: .key)
                }
                return
            case .droppedValue:
                skipNode(event, as: .droppedValue)
                return
            case .value:
                break
            }
        }

        nodesVisited += 1
        if nodesVisited > maximumNodes {
            if nodesVisited == maximumNodes + 1 {
                errors.append(ConfigError(location: location,
                                          message: "the document has more than \(maximumNodes) values",
                                          hint: "a gpioagg config has a few values per line"))
            }
            skipNode(event, as: .reported(location))
            return
        }
        switch event.kind {
        case .scalar(let text, let style):
            // Quoted and block scalars are always strings; only plain ones can be null.
            let quoted = style != .plain
            if !quoted, ["", "~", "null", "Null", "NULL"].contains(text) {
                attach(SourceNode(content: .null, location: location))
            } else {
                attach(SourceNode(content: .scalar(text, quoted: quoted), location: location))
            }
        case .sequenceStart, .mappingStart:
            stack.append(Frame(kind: event.kind == .sequenceStart ? .sequence : .mapping, location: location))
        default:
            break
        }
    }

    /// Adds a finished node to the open collection, or makes it the root.
    private mutating func attach(_ node: SourceNode) {
        guard !stack.isEmpty else {
            root = node
            return
        }
        let last = stack.count - 1
        if case .sequence = stack[last].kind {
            stack[last].items.append(node)
            return
        }
        guard case .value(let key, let keyLocation) = stack[last].expecting else { return }
        stack[last].expecting = .key
        if let first = stack[last].firstSeen[key] {
            errors.append(ConfigError(
                location: keyLocation,
                message: "duplicate key '\(key)' (first at line \(first.line), column \(first.column))",
                hint: "each key may appear once in a mapping; remove or rename one of them"))
            return
        }
        stack[last].firstSeen[key] = keyLocation
        stack[last].entries.append(SourceNode.Entry(key: key, keyLocation: keyLocation, value: node))
    }

    private func location(_ mark: YAMLEvents.Mark) -> SourceLocation {
        SourceLocation(file: file, line: mark.line, column: mark.column)
    }

    private static func kindDescription(_ event: YAMLEvents.Event) -> String {
        switch event.kind {
        case .sequenceStart: return "a list"
        case .mappingStart: return "a mapping"
        default: return "a value"
        }
    }
}
