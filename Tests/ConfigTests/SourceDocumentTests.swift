@testable import Config
import Testing

@Suite("Reading the YAML from libyaml's events")
struct SourceDocumentTests {
    private func compose(_ text: String) -> SourceDocument {
        SourceDocument.compose(text, file: "test.yaml")
    }

    /// `LINE:COL message` for each error.
    private func errors(_ text: String) -> [String] {
        compose(text).errors.map { "\($0.location.line):\($0.location.column) \($0.message)" }
    }

    /// The tree in flow style: plain text bare, quoted (and block) text in double quotes,
    /// `~` for nothing, `!reported` for a node already reported.
    private func tree(_ node: SourceNode?) -> String {
        guard let node else { return "nil" }
        switch node.content {
        case .scalar(let text, let quoted): return quoted ? String(reflecting: text) : text
        case .null: return "~"
        case .sequence(let items): return "[" + items.map { tree($0) }.joined(separator: ", ") + "]"
        case .mapping(let entries): return "{" + entries.map { "\($0.key): \(tree($0.value))" }.joined(separator: ", ") + "}"
        case .reported: return "!reported"
        }
    }

    @Test("libyaml's events, with 1-based marks")
    func events() {
        var events: [String] = []
        let failure = YAMLEvents.parse("a: [1, 'b']\nc: &x |\n  text\nd: *x\n") { event in
            let kind = switch event.kind {
            case .scalar(let text, let style): "\(style) \(String(reflecting: text))"
            case .alias(let name): "*\(name)"
            default: "\(event.kind)"
            }
            events.append("\(event.mark) \(kind)" + (event.anchor.map { " &\($0)" } ?? ""))
            return true
        }
        #expect(failure == nil)
        #expect(events == [
            "1:1 streamStart", "1:1 documentStart", "1:1 mappingStart",
            "1:1 plain \"a\"", "1:4 sequenceStart", "1:5 plain \"1\"", "1:8 singleQuoted \"b\"", "1:11 sequenceEnd",
            "2:1 plain \"c\"", "2:4 literal \"text\\n\" &x",
            "4:1 plain \"d\"", "4:4 *x",
            "5:1 mappingEnd", "5:1 documentEnd", "5:1 streamEnd",
        ])
    }

    @Test("parsing stops when asked, and at libyaml's first error")
    func stops() {
        var count = 0
        #expect(YAMLEvents.parse("[a, b, c]\n") { _ in count += 1; return count < 3 } == nil)
        #expect(count == 3)
        count = 0
        let failure = YAMLEvents.parse("a: [b, c\n") { _ in count += 1; return true }
        #expect(failure == .syntax(problem: "did not find expected ',' or ']'", mark: .init(line: 2, column: 1),
                                   context: "while parsing a flow sequence", contextMark: .init(line: 1, column: 4)))
        #expect(count == 7)   // stream, document, mapping, a, sequence, b, c
    }

    @Test("a syntax error is libyaml's problem and context, at its mark, with a hint; nothing else is reported")
    func syntaxError() {
        let document = compose("a: 1\na: 2\nb: [1, 2\n")
        #expect(document.root == nil)
        #expect(document.errors.map(\.description) == ["""
            test.yaml:4:1: error: YAML: did not find expected ',' or ']' (while parsing a flow sequence at line 3, column 4)
            hint: a [ ... ] list needs ',' between its names and a closing ']'
            """])
        #expect(errors("a: b: c\n") == ["1:5 YAML: mapping values are not allowed in this context"])
        #expect(errors("a: 'open\n") == [
            "2:1 YAML: found unexpected end of stream (while scanning a quoted scalar at line 1, column 4)",
        ])
    }

    @Test("a second document is refused where it starts")
    func secondDocument() {
        #expect(compose("a: 1\n---\nb: 2\n").errors.map(\.description) == ["""
            test.yaml:2:1: error: YAML: but found another document (expected a single document in the stream at line 1, column 1)
            hint: a config file holds one YAML document; remove the second '---'
            """])
        #expect(errors("a: 1\n...\n") == [])
    }

    @Test("a control character is refused where it is", arguments: [
        ("a: b\u{7}\n", "1:5"), ("x: 1\r\ny: é\u{7F}\n", "2:5"), ("x: 1\ry: 2\n\u{1B}", "3:1"),
    ])
    func controlCharacter(text: String, place: String) {
        #expect(compose(text).errors.map(\.description) == ["""
            test.yaml:\(place): error: cannot read the text: control characters are not allowed
            hint: the file must be UTF-8 text without control characters
            """])
    }

    @Test("an alias refuses the file where it is written, never expanded; with an anchor, only the anchor does")
    func alias() {
        let document = compose("a: *x\nb: 1\n")
        #expect(document.root == nil)
        #expect(document.errors.map(\.description) == ["""
            test.yaml:1:4: error: anchors and aliases are not supported (*x)
            hint: write the value out in full wherever it is used
            """])
        #expect(errors("a: &x 1\nb: [*x, *x]\n") == ["1:4 anchors and aliases are not supported (&x)"])
    }

    @Test("every anchor is refused, inside anchored nodes too, and nothing else is reported")
    func anchoredNode() {
        let document = compose("a: &x [*y, {k: *z, k: 1}, [&w 2]]\nb: !t &v {c: 1}\nd: 1\n")
        #expect(document.root == nil)
        #expect(errors("a: &x [*y, {k: *z, k: 1}, [&w 2]]\nb: !t &v {c: 1}\nd: 1\n") == [
            "1:4 anchors and aliases are not supported (&x)",
            "1:28 anchors and aliases are not supported (&w)",
            "2:7 anchors and aliases are not supported (&v)",
        ])
    }

    @Test("a key that is not a name is reported, and its value dropped", arguments: [
        ("[a]: 1\nb: 2\n", "1:1 a key must be a name, found a list"),
        ("? [a, [b]]\n: { c: d }\nb: 2\n", "1:3 a key must be a name, found a list"),
        ("{a: 1}: 2\nb: 2\n", "1:1 a key must be a name, found a mapping"),
    ])
    func keyNotAName(text: String, error: String) {
        #expect(errors(text) == [error])
        #expect(tree(compose(text).root) == "{b: 2}")
    }

    @Test("every duplicate key is reported at the repeated key, however many there are")
    func duplicates() {
        let text = "a: 0\n" + (1...40).map { "a: \($0)\n" }.joined() + "b: { 'a': 1, \"a\": 2 }\n"
        let document = compose(text)
        #expect(tree(document.root) == "{a: 0, b: {a: 1}}")
        #expect(document.errors.count == 41)
        #expect(document.errors.first?.description == """
            test.yaml:2:1: error: duplicate key 'a' (first at line 1, column 1)
            hint: each key may appear once in a mapping; remove or rename one of them
            """)
        #expect(document.errors.last.map { "\($0.location.line):\($0.location.column) \($0.message)" }
                == "42:14 duplicate key 'a' (first at line 42, column 6)")
    }

    @Test("block scalars are text, as quoted ones are; only plain ones can be nothing")
    func scalars() {
        let document = compose("""
            literal: |
              x
              y
            folded: >-
              x
              y
            empty block: |
            nul: "x\\0y"
            empty: 
            tilde: ~
            null word: null
            NULL word: NULL
            quoted null: 'null'
            empty quoted: ""
            tagged: !!str 17
            tagged empty: !!str

            """)
        #expect(document.errors.isEmpty)
        #expect(tree(document.root) == """
            {literal: "x\\ny\\n", folded: "x y", empty block: "", nul: "x\\0y", empty: ~, tilde: ~, \
            null word: ~, NULL word: ~, quoted null: "null", empty quoted: "", tagged: 17, tagged empty: ~}
            """)
    }

    @Test("block scalars read like any other value in a config")
    func blockScalarsInAConfig() throws {
        let configuration = try ConfigFixture.parse("""
            chips:
              main:
                label: |-
                  pinctrl-bcm2711
            inputs:
              a: { chip: main, line: 17 }
              b:
                chip: >-
                  main
                line: |
                  GPIO27

            """)
        #expect(configuration.chips.first?.locator == .label("pinctrl-bcm2711"))
        #expect(configuration.inputs.map(\.line) == [.offset(17), .name("GPIO27\n")])
    }

    @Test("a byte order mark before the text is skipped, not counted as a column")
    func byteOrderMark() throws {
        #expect(errors("\u{FEFF}a: 1\nb: 2\n") == [])
        #expect(tree(compose("\u{FEFF}a: 1\nb: 2\n").root) == "{a: 1, b: 2}")
        #expect(errors("\u{FEFF}a: b: c\n") == ["1:5 YAML: mapping values are not allowed in this context"])
        #expect(errors("\u{FEFF}\ta: 1\n").first?.hasPrefix("1:1 YAML: found character that cannot start any token") == true)
        let configuration = try ConfigFixture.parse("\u{FEFF}" + ConfigFixture.chipsAndInputs)
        #expect(configuration.chips.first?.location == ConfigFixture.location(2, 3))
    }

    @Test("nesting too deep stops the reading there, skipped nodes included", arguments: [
        (String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000), "1:33"),
        (String(repeating: "- ", count: 5000) + "x", "1:65"),
        (String(repeating: "{a: ", count: 5000) + String(repeating: "}", count: 5000), "1:129"),
        ("a: !t " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000), "1:38"),
        (String(repeating: "[", count: 32) + "!t [1]" + String(repeating: "]", count: 32), "1:36"),
        ("? " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n: 1\n", "1:34"),
    ])
    func tooDeep(text: String, place: String) {
        let clock = ContinuousClock()
        var document: SourceDocument?
        let elapsed = clock.measure { document = compose(text + "\n]") }   // the broken end is never read
        #expect(elapsed < .milliseconds(500))
        #expect(document?.root == nil)
        #expect(document?.errors.map(\.description) == ["""
            test.yaml:\(place): error: nested more than 32 levels deep
            hint: a gpioagg config nests four levels: section, entry, settings, debounce
            """])
    }

    @Test("past the node limit, values are reported once and not built")
    func nodeLimit() {
        let document = SourceDocument.compose("a: [1, 2, [3, 4]]\nb: { c: 5 }\nd: 6\n", file: "test.yaml", maximumNodes: 4)
        #expect(tree(document.root) == "{a: [1, 2, !reported], b: !reported, d: !reported}")
        #expect(document.errors.map(\.description) == ["""
            test.yaml:1:11: error: the document has more than 4 values
            hint: a gpioagg config has a few values per line
            """])
    }

    @Test("no document: nil and no error; an empty document: nothing")
    func empty() {
        #expect(compose("").root == nil)
        #expect(compose("# only a comment\n").root == nil)
        #expect(compose("").errors.isEmpty)
        #expect(tree(compose("---\n").root) == "~")
    }
}
