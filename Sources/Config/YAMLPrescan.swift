/// A look at the raw text before libyaml parses it: finds anchors (`&name`), aliases
/// (`*name`) and nesting deeper than any config needs.
///
/// Why before, and not only on libyaml's events: the file is refused with one error per
/// anchor in the whole text, even when the YAML is broken further on (libyaml stops at
/// its first syntax error), and before anything is built. `SourceDocument` refuses
/// anchors, aliases and deep nesting again on the events (libyaml's parser never expands
/// an alias), so a text this scan misread is still refused, only less tidily.
///
/// This is a scanner, not a parser: it follows libyaml's rules for where a token starts
/// (comments, quoted, plain and block scalars, flow collections, block indentation) so
/// that an `&` or `*` inside a scalar or a comment is not taken for an anchor, and an
/// anchor is never taken for text.
struct YAMLPrescan {
    struct Finding: Hashable, Sendable {
        enum Kind: Hashable, Sendable {
            case anchor
            case alias
            /// Collections nested deeper than `maximumDepth`.
            case tooDeep
        }

        var kind: Kind
        /// The anchor's or alias's name; empty for `.tooDeep`.
        var name: String
        /// 1-based, as libyaml counts (columns in Unicode scalars).
        var line: Int
        var column: Int
    }

    /// Block and flow collections inside each other. A gpioagg config needs four.
    static let maximumDepth = 32

    private enum Mode {
        case tokens
        case singleQuoted
        case doubleQuoted
        /// A plain scalar that reached the end of its line and may go on in the next,
        /// if that is indented more than `blockIndent` (or inside a flow collection).
        case plain(blockIndent: Int)
        /// A block scalar's content: lines indented at least `contentIndent` (found from
        /// its first non-empty line when not given), and blank lines.
        case blockScalar(parentIndent: Int, widest: Int, contentIndent: Int?)
    }

    private let lines: [[Unicode.Scalar]]
    private var mode = Mode.tokens
    private var flowDepth = 0
    /// libyaml's block indentation stack (0-based columns); -1 when empty.
    private var indents: [Int] = []
    private var findings: [Finding] = []
    private var stopped = false

    /// Every anchor and alias in source order; scanning stops at the first nesting
    /// that is too deep (reported as the last finding).
    static func scan(_ text: String) -> [Finding] {
        var scanner = YAMLPrescan(lines: splitLines(text))
        scanner.run()
        return scanner.findings
    }

    private init(lines: [[Unicode.Scalar]]) {
        self.lines = lines
    }

    /// Lines as libyaml breaks them: `\n`, `\r\n`, `\r`, NEL, LS and PS; a leading
    /// byte order mark is not part of the first line.
    private static func splitLines(_ text: String) -> [[Unicode.Scalar]] {
        var lines: [[Unicode.Scalar]] = [[]]
        var afterCarriageReturn = false
        for (index, scalar) in text.unicodeScalars.enumerated() {
            defer { afterCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\u{FEFF}" where index == 0:
                continue
            case "\n" where afterCarriageReturn:
                continue
            case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}":
                lines.append([])
            default:
                lines[lines.count - 1].append(scalar)
            }
        }
        return lines
    }

    private mutating func run() {
        for number in lines.indices where !stopped {
            scanLine(number)
        }
    }

    private var currentIndent: Int { indents.last ?? -1 }

    private mutating func scanLine(_ number: Int) {
        let line = lines[number]
        let firstNonBlank = line.firstIndex { $0 != " " && $0 != "\t" }
        var start = 0
        switch mode {
        case .tokens:
            break
        case .singleQuoted, .doubleQuoted:
            guard let end = closeQuote(in: line, from: 0) else { return }
            mode = .tokens
            start = end
        case .plain(let blockIndent):
            guard let first = firstNonBlank else { return }
            if flowDepth == 0 && first <= blockIndent || isDocumentMarker(line) {
                mode = .tokens
            } else if line[first] == "#" {
                mode = .tokens
                return
            } else {
                let (end, atEndOfLine) = scanPlain(line, from: first)
                if atEndOfLine { return }
                mode = .tokens
                start = end
            }
        case .blockScalar(let parentIndent, let widest, let contentIndent):
            let spaces = line.prefix { $0 == " " }.count
            let blank = spaces == line.count
            if let contentIndent {
                if blank || spaces >= contentIndent { return }
            } else if blank {
                mode = .blockScalar(parentIndent: parentIndent, widest: max(widest, spaces), contentIndent: nil)
                return
            } else {
                let found = max(widest, spaces, parentIndent + 1, 1)
                if spaces >= found {
                    mode = .blockScalar(parentIndent: parentIndent, widest: widest, contentIndent: found)
                    return
                }
            }
            mode = .tokens
        }
        scanTokens(line, number: number, from: start)
    }

    private mutating func scanTokens(_ line: [Unicode.Scalar], number: Int, from start: Int) {
        var index = start
        if index == 0, line.first == "%" { return }  // a directive: `%YAML 1.1`
        if index == 0, isDocumentMarker(line) {
            indents.removeAll()
            index = 3
        }
        // Where the node being read on this line began: a block mapping's indentation is
        // the column of its key (or of the key's anchor or tag).
        var nodeStart: Int?
        while index < line.count, !stopped {
            let scalar = line[index]
            if scalar == " " || scalar == "\t" {
                index += 1
                continue
            }
            if scalar == "#" { return }
            if flowDepth == 0 {
                while currentIndent > index { indents.removeLast() }
            }
            let next: Unicode.Scalar? = index + 1 < line.count ? line[index + 1] : nil
            let nextIsBlank = next.map { $0 == " " || $0 == "\t" } ?? true
            switch scalar {
            case "&", "*":
                var end = index + 1
                while end < line.count, Self.isAnchorCharacter(line[end]) { end += 1 }
                if end > index + 1 {
                    findings.append(Finding(kind: scalar == "&" ? .anchor : .alias,
                                            name: String(String.UnicodeScalarView(line[(index + 1)..<end])),
                                            line: number + 1, column: index + 1))
                }
                nodeStart = nodeStart ?? index
                index = max(end, index + 1)
            case "!":
                nodeStart = nodeStart ?? index
                while index < line.count, line[index] != " ", line[index] != "\t" { index += 1 }
            case "\"", "'":
                nodeStart = nodeStart ?? index
                mode = scalar == "'" ? .singleQuoted : .doubleQuoted
                guard let end = closeQuote(in: line, from: index + 1) else { return }
                mode = .tokens
                index = end
            case "[", "{":
                nodeStart = nodeStart ?? index
                flowDepth += 1
                checkDepth(line: number, column: index)
                index += 1
            case "]", "}":
                flowDepth = max(0, flowDepth - 1)
                index += 1
            case "," where flowDepth > 0:
                nodeStart = nil
                index += 1
            case ":" where flowDepth > 0 || nextIsBlank:
                if flowDepth == 0, let nodeStart { roll(to: nodeStart, line: number) }
                nodeStart = nil
                index += 1
            case "-" where nextIsBlank, "?" where nextIsBlank:
                if flowDepth == 0 { roll(to: index, line: number) }
                nodeStart = nil
                index += 1
            case "|" where flowDepth == 0, ">" where flowDepth == 0:
                startBlockScalar(header: line[(index + 1)...])
                return
            default:
                nodeStart = nodeStart ?? index
                let (end, atEndOfLine) = scanPlain(line, from: index)
                if atEndOfLine {
                    mode = .plain(blockIndent: currentIndent)
                    return
                }
                index = end
            }
        }
    }

    /// libyaml's plain scalar on one line: it ends at `: ` (or `:` at the end of the
    /// line), before ` #`, and inside flow collections at `,[]{}` and any `:`.
    private func scanPlain(_ line: [Unicode.Scalar], from start: Int) -> (end: Int, atEndOfLine: Bool) {
        var index = start
        while index < line.count {
            let scalar = line[index]
            if scalar == ":" {
                let next: Unicode.Scalar? = index + 1 < line.count ? line[index + 1] : nil
                if next == nil || next == " " || next == "\t"
                    || (flowDepth > 0 && next.map { ",[]{}".unicodeScalars.contains($0) } == true) {
                    return (index, false)
                }
            }
            if flowDepth > 0, ",[]{}".unicodeScalars.contains(scalar) { return (index, false) }
            if scalar == " " || scalar == "\t" {
                var after = index
                while after < line.count, line[after] == " " || line[after] == "\t" { after += 1 }
                if after == line.count { return (after, true) }
                if line[after] == "#" { return (after, false) }
                index = after
                continue
            }
            index += 1
        }
        return (index, true)
    }

    /// The index just after the closing quote, or nil when the scalar goes on to the next
    /// line (the mode says which quote).
    private func closeQuote(in line: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        if case .singleQuoted = mode {
            while index < line.count {
                if line[index] == "'" {
                    if index + 1 < line.count, line[index + 1] == "'" { index += 2; continue }
                    return index + 1
                }
                index += 1
            }
        } else {
            while index < line.count {
                if line[index] == "\\" { index += 2; continue }
                if line[index] == "\"" { return index + 1 }
                index += 1
            }
        }
        return nil
    }

    private mutating func startBlockScalar(header: ArraySlice<Unicode.Scalar>) {
        let parent = currentIndent
        var explicit: Int?
        for scalar in header {
            if scalar == "+" || scalar == "-" { continue }
            guard let digit = Int(String(scalar)), digit > 0 else { break }
            explicit = digit
        }
        mode = .blockScalar(parentIndent: parent, widest: 0,
                            contentIndent: explicit.map { parent >= 0 ? parent + $0 : $0 })
    }

    private mutating func roll(to column: Int, line: Int) {
        guard column > currentIndent else { return }
        indents.append(column)
        checkDepth(line: line, column: column)
    }

    private mutating func checkDepth(line: Int, column: Int) {
        guard indents.count + flowDepth > Self.maximumDepth else { return }
        findings.append(Finding(kind: .tooDeep, name: "", line: line + 1, column: column + 1))
        stopped = true
    }

    private func isDocumentMarker(_ line: [Unicode.Scalar]) -> Bool {
        guard line.count >= 3 else { return false }
        let marker = String(String.UnicodeScalarView(line[0..<3]))
        guard marker == "---" || marker == "..." else { return false }
        return line.count == 3 || line[3] == " " || line[3] == "\t"
    }

    /// libyaml's anchor names: letters, digits, `_` and `-`.
    private static func isAnchorCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-": return true
        default: return false
        }
    }
}
