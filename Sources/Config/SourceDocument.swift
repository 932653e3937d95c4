import Yams

/// A config file's YAML, composed by Yams into `SourceNode`s, with every problem found on
/// the way as `ConfigError`s: syntax errors (at Yams' mark), duplicate keys, keys that
/// are not plain strings, anchors and aliases.
struct SourceDocument {
    /// Nil when there is no document (an empty file, or only comments) or the YAML is
    /// broken; `errors` then says why.
    var root: SourceNode?
    var errors: [ConfigError]

    /// More nodes than this cannot come from a file within `ConfigLoader.maximumBytes`
    /// without aliases; a second line of defence should an anchor ever get past
    /// `YAMLPrescan`.
    static let maximumNodes = 1_000_000

    /// How many duplicated keys are worked around (see `compose`) before giving up on
    /// reporting more of them.
    static let maximumDuplicateRounds = 32

    private let file: String
    /// Keys renamed in the text so that Yams composes past a duplicate: placeholder to
    /// the key as written.
    private var renamedKeys: [String: String] = [:]
    private var nodesVisited = 0

    private init(file: String) {
        self.file = file
        root = nil
        errors = []
    }

    /// Composes `text` (already checked by `YAMLPrescan`).
    ///
    /// Yams stops at the first mapping with a duplicated key, naming the key and where it
    /// first occurs. To go on and report every duplicate (at the later occurrence, the
    /// one to remove), that first occurrence is renamed in the text to a placeholder of
    /// the same length, so no line or column moves, and the text is composed again; the
    /// placeholder is read back as the original key, and the duplicate is then found
    /// while converting.
    static func compose(_ text: String, file: String) -> SourceDocument {
        var document = SourceDocument(file: file)
        var working = text
        var rounds = 0
        while true {
            do {
                let parser = try Parser(yaml: working)
                // The parser owns the anchors; they must live while nodes are converted
                // for `anchor` to be seen on a node.
                let node = try withExtendedLifetime(parser) { try parser.singleRoot() }
                if let node {
                    let root = withExtendedLifetime(parser) { document.convert(node) }
                    document.root = root
                }
                return document
            } catch let YamlError.duplicatedKeysInMapping(duplicates, context) {
                rounds += 1
                if rounds <= maximumDuplicateRounds,
                   let key = duplicates.first,
                   let renamed = document.rename(key, at: context.mark, in: working) {
                    working = renamed
                    continue
                }
                document.errors.append(document.error(
                    at: context.mark,
                    "duplicate key '\(duplicates.first ?? "")' in this mapping",
                    hint: "each key may appear once in a mapping; remove or rename the repeated one"))
                return document
            } catch let error as YamlError {
                document.errors.append(document.syntaxError(error))
                return document
            } catch {
                document.errors.append(ConfigError(location: SourceLocation(file: file, line: 1, column: 1),
                                                   message: "cannot read the YAML: \(error)"))
                return document
            }
        }
    }

    // MARK: - Converting Yams' nodes

    private mutating func convert(_ node: Node) -> SourceNode {
        let location = self.location(node.mark)
        nodesVisited += 1
        if nodesVisited > Self.maximumNodes {
            if nodesVisited == Self.maximumNodes + 1 {
                errors.append(ConfigError(location: location,
                                          message: "the document has more than \(Self.maximumNodes) values",
                                          hint: "a gpioagg config has a few values per line"))
            }
            return SourceNode(content: .reported, location: location)
        }
        if let anchor = Self.anchor(of: node) {
            // Not reached for files YAMLPrescan passed; never descend into a shared node.
            errors.append(ConfigError(location: location,
                                      message: "anchors and aliases are not supported (&\(anchor))",
                                      hint: "write the value out in full where it is used"))
            return SourceNode(content: .reported, location: location)
        }
        switch node {
        case .scalar(let scalar):
            let quoted = scalar.style != .plain && scalar.style != .any
            if !quoted, ["", "~", "null", "Null", "NULL"].contains(scalar.string) {
                return SourceNode(content: .null, location: location)
            }
            return SourceNode(content: .scalar(scalar.string, quoted: quoted), location: location)
        case .sequence(let sequence):
            return SourceNode(content: .sequence(sequence.map { convert($0) }), location: location)
        case .mapping(let mapping):
            var entries: [SourceNode.Entry] = []
            var firstSeen: [String: SourceLocation] = [:]
            for (keyNode, valueNode) in mapping {
                let keyLocation = self.location(keyNode.mark)
                guard case .scalar(let keyScalar) = keyNode, Self.anchor(of: keyNode) == nil else {
                    errors.append(ConfigError(location: keyLocation,
                                              message: "a key must be a name, found \(Self.kindDescription(keyNode))",
                                              hint: "write keys as plain names: NAME: value"))
                    continue
                }
                let key = renamedKeys[keyScalar.string] ?? keyScalar.string
                let value = convert(valueNode)
                if let first = firstSeen[key] {
                    errors.append(ConfigError(
                        location: keyLocation,
                        message: "duplicate key '\(key)' (first at line \(first.line), column \(first.column))",
                        hint: "each key may appear once in a mapping; remove or rename one of them"))
                    continue
                }
                firstSeen[key] = keyLocation
                entries.append(SourceNode.Entry(key: key, keyLocation: keyLocation, value: value))
            }
            return SourceNode(content: .mapping(entries), location: location)
        case .alias:
            // Yams composes aliases into the anchored node; this case is for emitting.
            return SourceNode(content: .reported, location: location)
        }
    }

    private static func anchor(of node: Node) -> String? {
        switch node {
        case .scalar(let scalar): return scalar.anchor?.rawValue
        case .sequence(let sequence): return sequence.anchor?.rawValue
        case .mapping(let mapping): return mapping.anchor?.rawValue
        case .alias(let alias): return alias.anchor.rawValue
        }
    }

    private static func kindDescription(_ node: Node) -> String {
        switch node {
        case .scalar: return "a value"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .alias: return "an alias"
        }
    }

    // MARK: - Duplicate keys

    /// `text` with the scalar key that starts at `mark` replaced by a placeholder of the
    /// same length in Unicode scalars (libyaml's columns), or nil when no plain or quoted
    /// key spelling `key` starts there.
    private mutating func rename(_ key: String, at mark: Mark, in text: String) -> String? {
        var scalars = Array(text.unicodeScalars)
        guard let start = Self.scalarOffset(line: mark.line, column: mark.column, in: scalars) else { return nil }
        let end: Int
        switch scalars[start] {
        case "\"", "'":
            let quote = scalars[start]
            var index = start + 1
            while index < scalars.count, scalars[index] != quote, scalars[index] != "\n" {
                index += scalars[index] == "\\" && quote == "\"" ? 2 : 1
            }
            guard index < scalars.count, scalars[index] == quote else { return nil }
            end = index + 1
        default:
            let written = Array(key.unicodeScalars)
            guard !written.isEmpty, start + written.count <= scalars.count,
                  Array(scalars[start..<(start + written.count)]) == written else { return nil }
            end = start + written.count
        }
        // Private-use code points: printable to YAML, never in a real key. The first one
        // differs per rename so that placeholders never collide with each other.
        guard let first = Unicode.Scalar(0xE000 + renamedKeys.count + 1),
              let filler = Unicode.Scalar(0xE000) else { return nil }
        let placeholder = [first] + Array(repeating: filler, count: end - start - 1)
        scalars.replaceSubrange(start..<end, with: placeholder)
        renamedKeys[String(String.UnicodeScalarView(placeholder))] = key
        return String(String.UnicodeScalarView(scalars))
    }

    /// The offset of 1-based `line` and `column` (as libyaml counts them).
    private static func scalarOffset(line: Int, column: Int, in scalars: [Unicode.Scalar]) -> Int? {
        var currentLine = 1
        var index = 0
        while currentLine < line, index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "\r", index < scalars.count, scalars[index] == "\n" { index += 1 }
            if ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar) { currentLine += 1 }
        }
        let offset = index + column - 1
        return currentLine == line && offset < scalars.count ? offset : nil
    }

    // MARK: - Errors

    private func location(_ mark: Mark?) -> SourceLocation {
        SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    private func error(at mark: Mark, _ message: String, hint: String = "") -> ConfigError {
        ConfigError(location: location(mark), message: message, hint: hint)
    }

    private func syntaxError(_ error: YamlError) -> ConfigError {
        switch error {
        case .scanner(let context, let problem, let mark, let yaml),
             .parser(let context, let problem, let mark, let yaml),
             .composer(let context, let problem, let mark, let yaml):
            var message = "YAML: \(problem)"
            if let context, !context.text.isEmpty {
                message += " (\(context.text) at line \(context.mark.line), column \(context.mark.column))"
            }
            // libyaml often says only "cannot start any token" about a tab.
            let scalars = Array(yaml.unicodeScalars)
            let atTab = Self.scalarOffset(line: mark.line, column: mark.column, in: scalars).map { scalars[$0] == "\t" }
            return self.error(at: mark, message, hint: Self.syntaxHint(atTab == true ? "tab character" : problem))
        case .reader(let problem, let offset, _, let yaml):
            var line = 1, column = 1
            if let offset {
                for character in yaml.prefix(offset) {
                    if character == "\n" || character == "\r\n" || character == "\r" {
                        line += 1
                        column = 1
                    } else {
                        column += character.unicodeScalars.count
                    }
                }
            }
            return ConfigError(location: SourceLocation(file: file, line: line, column: column),
                               message: "cannot read the text: \(problem)",
                               hint: "the file must be UTF-8 text without control characters")
        default:
            return ConfigError(location: SourceLocation(file: file, line: 1, column: 1),
                               message: "cannot read the YAML: \(error)")
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
