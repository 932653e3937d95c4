/// A config file's YAML, read from libyaml's events (`YAMLEvents`) into `SourceNode`s,
/// with every problem found on the way as `ConfigError`s: syntax errors (at libyaml's
/// mark), duplicate keys, keys that are not plain strings, anchors and aliases.
///
/// ```swift
/// let document = SourceDocument.compose("a: 1\nb: 2\na: 3\n", file: "x.yaml")
/// // document.root: a mapping of a: 1 and b: 2
/// // document.errors: x.yaml:3:1: error: duplicate key 'a' (first at line 1, column 1)
/// ```
///
/// The tree is built without recursion, so no input exhausts the stack, and without
/// expanding anything: an alias is an error at the alias, an anchored node an error at
/// its anchor, and nothing inside an anchored node is read.
struct SourceDocument {
    /// Nil when there is no document (an empty file, or only comments) or the YAML is
    /// broken; `errors` then says why.
    var root: SourceNode?
    var errors: [ConfigError]

    /// More nodes than this cannot come from a file within `ConfigLoader.maximumBytes`
    /// without aliases; a second line of defence should one ever be expanded.
    static let maximumNodes = 1_000_000

    /// Collections inside each other: `YAMLPrescan`'s limit, kept again while building so
    /// that nothing deeper is built (nor freed recursively) should the scan miss it.
    static let maximumDepth = YAMLPrescan.maximumDepth

    /// Reads `text` (already checked by `YAMLPrescan`). A syntax error anywhere is the
    /// only error reported: nothing else can be trusted once libyaml is lost. So is
    /// nesting deeper than `maximumDepth`, where reading stops (libyaml's scanner slows
    /// down with every level).
    static func compose(_ text: String, file: String, maximumNodes: Int = maximumNodes) -> SourceDocument {
        var builder = Builder(file: file, maximumNodes: maximumNodes)
        let failure = YAMLEvents.parse(text) { builder.handle($0) }
        if let failure {
            return SourceDocument(root: nil, errors: [syntaxError(failure, in: text, file: file)])
        }
        if let tooDeep = builder.tooDeep {
            return SourceDocument(root: nil, errors: [ConfigLoader.tooDeepError(at: tooDeep)])
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

    private static func syntaxError(_ failure: YAMLEvents.Failure, in text: String, file: String) -> ConfigError {
        switch failure {
        case .syntax(let problem, let mark, let context, let contextMark):
            var message = "YAML: \(problem)"
            if let context, !context.isEmpty {
                message += " (\(context) at line \(contextMark.line), column \(contextMark.column))"
            }
            // libyaml often says only "cannot start any token" about a tab.
            let atTab = character(at: mark, in: text) == "\t"
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

    /// The Unicode scalar at `mark`, with lines broken as libyaml breaks them and a
    /// leading byte order mark left out as libyaml leaves it out.
    private static func character(at mark: YAMLEvents.Mark, in text: String) -> Unicode.Scalar? {
        var line = 1
        var scalars = text.unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        while line < mark.line, let scalar = scalars.popFirst() {
            if scalar == "\r", scalars.first == "\n" { scalars.removeFirst() }
            if ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar) { line += 1 }
        }
        guard line == mark.line else { return nil }
        return scalars.dropFirst(mark.column - 1).first
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
/// A node that is not built (an anchored node, an alias, a key that is not a name and
/// its value, anything past the node limit) is reported once where it starts and its
/// events are skipped to its end. A collection nested too deep, skipped or not, stops
/// the reading.
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
    var root: SourceNode?
    var errors: [ConfigError] = []
    /// Where a second document starts; reading stops there.
    var secondDocument: YAMLEvents.Mark?
    /// The collection nested one level deeper than allowed; reading stops there.
    var tooDeep: SourceLocation?
    private var stack: [Frame] = []
    private var documents = 0
    private var nodesVisited = 0

    init(file: String, maximumNodes: Int) {
        self.file = file
        self.maximumNodes = maximumNodes
    }

    /// Reads one event; false to stop reading.
    mutating func handle(_ event: YAMLEvents.Event) -> Bool {
        if let top = stack.last, case .skipping(let skipped) = top.kind {
            skip(event, in: skipped)
            return tooDeep == nil
        }
        switch event.kind {
        case .streamStart, .streamEnd, .documentEnd:
            return true
        case .documentStart:
            documents += 1
            if documents > 1 {
                secondDocument = event.mark
                return false
            }
            return true
        case .sequenceEnd, .mappingEnd:
            let frame = stack.removeLast()
            if case .sequence = frame.kind {
                attach(SourceNode(content: .sequence(frame.items), location: frame.location))
            } else {
                attach(SourceNode(content: .mapping(frame.entries), location: frame.location))
            }
            return true
        case .alias, .scalar, .sequenceStart, .mappingStart:
            startNode(event)
            return tooDeep == nil
        }
    }

    private mutating func skip(_ event: YAMLEvents.Event, in skipped: Skipped) {
        let last = stack.count - 1
        switch event.kind {
        case .sequenceStart, .mappingStart:
            stack[last].nesting += 1
            // Skipped collections count too: libyaml reads them all the same.
            if last + stack[last].nesting > SourceDocument.maximumDepth { tooDeep = location(event.mark) }
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
            if stack.count > SourceDocument.maximumDepth { tooDeep = location(event.mark) }
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
                if case .scalar(let key, _) = event.kind, event.anchor == nil {
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
        if let anchor = event.anchor {
            // Not reached for files YAMLPrescan passed; never read into a shared node.
            errors.append(ConfigError(location: location,
                                      message: "anchors and aliases are not supported (&\(anchor))",
                                      hint: "write the value out in full where it is used"))
            skipNode(event, as: .reported(location))
            return
        }
        switch event.kind {
        case .alias(let anchor):
            // Not reached for files YAMLPrescan passed either; libyaml never expands it.
            errors.append(ConfigError(location: location,
                                      message: "anchors and aliases are not supported (*\(anchor))",
                                      hint: "write the value out in full where it is used"))
            attach(SourceNode(content: .reported, location: location))
        case .scalar(let text, let style):
            // Quoted and block scalars are always strings; only plain ones can be null.
            let quoted = style != .plain
            if !quoted, ["", "~", "null", "Null", "NULL"].contains(text) {
                attach(SourceNode(content: .null, location: location))
            } else {
                attach(SourceNode(content: .scalar(text, quoted: quoted), location: location))
            }
        case .sequenceStart, .mappingStart:
            if stack.count >= SourceDocument.maximumDepth {
                tooDeep = location
            } else {
                stack.append(Frame(kind: event.kind == .sequenceStart ? .sequence : .mapping, location: location))
            }
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
        case .alias: return "an alias"
        default: return "a value"
        }
    }
}
