/// A place in a config file's text, counted as libyaml counts its marks: lines broken at
/// `\n`, `\r\n`, `\r`, NEL, LS and PS, columns in Unicode scalars, a leading byte order
/// mark left out. It moves forward only, so that finding the places of every event
/// costs one pass over the text.
///
/// ```swift
/// var cursor = SourceCursor("a: !t &x [1]\n")
/// cursor.move(to: YAMLEvents.Mark(line: 1, column: 4))   // the node's first property
/// cursor.skipProperty()                                   // past `!t `
/// (cursor.mark, cursor.current)                           // (1:7, "&")
/// ```
struct SourceCursor {
    private let scalars: String.UnicodeScalarView
    private var index: String.UnicodeScalarView.Index
    private var line = 1
    private var column = 1

    init(_ text: String) {
        scalars = text.unicodeScalars
        index = scalars.first == "\u{FEFF}" ? scalars.index(after: scalars.startIndex) : scalars.startIndex
    }

    /// The scalar at the cursor; nil at the end of the text.
    var current: Unicode.Scalar? {
        index < scalars.endIndex ? scalars[index] : nil
    }

    /// The cursor's place.
    var mark: YAMLEvents.Mark {
        YAMLEvents.Mark(line: line, column: column)
    }

    /// Moves on to `mark`, or to the end of the text; never back.
    mutating func move(to mark: YAMLEvents.Mark) {
        while (line, column) < (mark.line, mark.column), current != nil {
            advance()
        }
    }

    /// Moves past the node property at the cursor, a tag or an anchor (`!tag`, `&name`),
    /// and the spaces, line breaks and comments after it, to what follows: the node's
    /// other property, or its content.
    mutating func skipProperty() {
        if current == "&" {
            advance()
            while let scalar = current, Self.isAnchorCharacter(scalar) { advance() }
        } else {
            while let scalar = current, scalar != " ", scalar != "\t", !Self.isBreak(scalar) { advance() }
        }
        while let scalar = current, scalar == " " || scalar == "\t" || scalar == "#" || Self.isBreak(scalar) {
            if scalar == "#" {
                while let inComment = current, !Self.isBreak(inComment) { advance() }
            } else {
                advance()
            }
        }
    }

    private mutating func advance() {
        guard let scalar = current else { return }
        index = scalars.index(after: index)
        guard Self.isBreak(scalar) else {
            column += 1
            return
        }
        if scalar == "\r", current == "\n" { index = scalars.index(after: index) }
        line += 1
        column = 1
    }

    private static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": return true
        default: return false
        }
    }

    /// libyaml's anchor names: letters, digits, `_` and `-`.
    private static func isAnchorCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-": return true
        default: return false
        }
    }
}
