@testable import Config
import Testing

@Suite("Anchors, aliases and deep nesting, found in libyaml's events")
struct AnchorTests {
    /// `LINE:COL &name`, `LINE:COL *name` or `LINE:COL deep` for each error `ConfigLoader`
    /// reports for anchors, aliases and nesting; `LINE:COL message` for any other.
    private func refusals(_ text: String) -> [String] {
        ConfigFixture.errors(text).map { error in
            let place = "\(error.location.line):\(error.location.column)"
            let anchor = "anchors and aliases are not supported ("
            if error.message.hasPrefix(anchor) {
                return "\(place) \(error.message.dropFirst(anchor.count).dropLast())"
            }
            return error.message == "nested more than 32 levels deep" ? "\(place) deep" : "\(place) \(error.message)"
        }
    }

    @Test("each anchor is refused where it is written; each alias too, when there is no anchor")
    func tokens() {
        #expect(refusals("a: &x 1\nb: *x\n") == ["1:4 &x"])
        #expect(refusals("a: 1\nb: *x\n") == ["2:4 *x"])
        #expect(refusals("- &x [1, *y, {k: *z}]\n") == ["1:3 &x"])
        #expect(refusals("-    [1, *y, {k: *z}]\n") == ["1:10 *y", "1:18 *z"])
        #expect(refusals("&top\nkey: value\n") == ["1:1 &top"])
        #expect(refusals("? *k\n: v\n") == ["1:3 *k"])
        #expect(refusals("a: !!str &x v\n") == ["1:10 &x"])
        #expect(refusals("[a,*b]\n") == ["1:4 *b"])
    }

    @Test("an anchor after a tag is refused at the anchor, not at the tag that starts the node")
    func anchorAfterTag() {
        #expect(refusals("a: !t &x [1]\nb: !t # a comment\n  &y {c: 1}\n") == ["1:7 &x", "3:3 &y"])
        #expect(refusals("a: &x !t [1]\n") == ["1:4 &x"])
    }

    @Test("anchors are found everywhere: inside anchored nodes, in keys and their dropped values, in a second document")
    func everywhere() {
        #expect(refusals("a: &x [*y, {k: *z, k: 1}, [&w 2]]\nb: !t &v {c: 1}\nd: 1\n") == ["1:4 &x", "1:28 &w", "2:7 &v"])
        #expect(refusals("? [a, &k b]\n: { c: &d 1 }\n") == ["1:7 &k", "2:8 &d"])
        #expect(refusals("&k a: [1]\nb: 2\n") == ["1:1 &k"])
        #expect(refusals("*x : 1\nb: 2\n") == ["1:1 *x"])
        #expect(refusals("a: 1\n---\nb: &x 2\n") == ["3:4 &x"])
        #expect(refusals("a: 1\n---\nb: *x\n") == ["3:4 *x"])
    }

    @Test("the full error, with its hint, for an anchor, an alias and nesting too deep")
    func descriptions() {
        let hint = "hint: write the value out in full wherever it is used"
        #expect(ConfigFixture.errors("a: &x 1\n").map(\.description)
                == ["test.yaml:1:4: error: anchors and aliases are not supported (&x)\n\(hint)"])
        #expect(ConfigFixture.errors("a: *x\n").map(\.description)
                == ["test.yaml:1:4: error: anchors and aliases are not supported (*x)\n\(hint)"])
        #expect(ConfigFixture.errors(String(repeating: "[", count: 33)).map(\.description) == ["""
            test.yaml:1:33: error: nested more than 32 levels deep
            hint: a gpioagg config nests four levels: section, entry, settings, debounce
            """])
    }

    @Test("anchors and aliases refuse the file alone: no syntax, validation or duplicate-key error beside them")
    func aloneWithOtherErrors() {
        #expect(refusals("chips: &c\ninputs: 3\na: 1\na: 2\n") == ["1:8 &c"])
        #expect(refusals("chips: *c\nbogus: 1\n") == ["1:8 *c"])
        #expect(refusals("a: &x 1\nb: [1, 2\n") == ["1:4 &x"])
        #expect(refusals("a: *x\nb: [1, 2\n") == ["1:4 *x"])
    }

    @Test("& and * inside scalars and comments are text", arguments: [
        "a: R&D\n", "a: b &c\n", "a: '&c'\n", "a: \"*c \\\" &d\"\n", "a: x # &c\n", "# &c\n",
        "a: 'it''s &c'\n", "a: x*y\n", "a: [x&y, 'z *w']\n",
        "a: |\n  &not an anchor\n  *nor an alias\nb: 1\n",
        "a: >-\n    &c\n\n    *d\n",
        "- |2\n   &c\n",
        "a: plain\n  continued &c\n  *d\n",
        "a: \"multi\n  line &c\n  *d\"\n",
        "a: 'multi\n  line *c'\n",
        "[a\n &b]\n",
    ])
    func text(text: String) {
        #expect(SourceDocument.compose(text, file: "test.yaml").errors.map(\.message) == [])
        // What ConfigLoader reports is about the config, not the YAML.
        #expect(!refusals(text).contains { $0.contains("&") || $0.contains("*") || $0.contains("YAML") })
    }

    @Test("after a block scalar or a continued scalar ends, anchors and aliases are seen again")
    func afterScalars() {
        #expect(refusals("a: |\n  text &x\nb: &y 1\n") == ["3:4 &y"])
        #expect(refusals("k:\n  - |\n    x\n  - &y 2\n") == ["4:5 &y"])
        #expect(refusals("a: plain\nb: &y 1\n") == ["2:4 &y"])
        #expect(refusals("a: 'quoted\n  on' \nb: *y\n") == ["3:4 *y"])
    }

    @Test("an anchor where libyaml's parser stops is not seen: the syntax error is reported there instead")
    func anchorAtASyntaxError() {
        #expect(refusals("a: x # comment\n  &y z\n")
                == ["2:3 YAML: did not find expected key (while parsing a block mapping at line 1, column 1)"])
        #expect(refusals("a: &x 1\nb: [1, 2\nc: &y 3\n") == ["1:4 &x"])
    }

    @Test("nesting deeper than the limit stops the reading there")
    func depth() {
        let fine = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        #expect(!refusals(fine).contains { $0.hasSuffix("deep") })
        let deep = String(repeating: "[", count: 33) + String(repeating: "]", count: 33)
        #expect(refusals(deep) == ["1:33 deep"])
        #expect(refusals(String(repeating: "- ", count: 33) + "x") == ["1:65 deep"])
        #expect(refusals(String(repeating: "{a: ", count: 33) + "1" + String(repeating: "}", count: 33)) == ["1:129 deep"])
        // Past the limit nothing is read, anchors included.
        #expect(refusals(deep + "\nb: &x 1\n") == ["1:33 deep"])
    }

    @Test("anchors before nesting too deep are refused with it; the nesting at the collection, past its tag and anchor")
    func anchorsAndDepth() {
        let brackets = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(refusals("a: &x " + brackets) == ["1:4 &x", "1:38 deep"])
        #expect(refusals(String(repeating: "[", count: 32) + "&x [1]" + String(repeating: "]", count: 32))
                == ["1:33 &x", "1:36 deep"])
        #expect(refusals(String(repeating: "[", count: 32) + "!t [1]" + String(repeating: "]", count: 32))
                == ["1:36 deep"])
        // 32 mappings, each a key indented one more than the one before; then at level 33:
        let blocks = (0..<32).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n")
        let indent = String(repeating: " ", count: 32)
        #expect(refusals(blocks + " !t &x\n" + indent + "- 1\n") == ["32:40 &x", "33:33 deep"])
        #expect(refusals(blocks + " &x\n" + indent + "k: 1\n") == ["32:37 &x", "33:33 deep"])
        #expect(refusals(blocks + "\n" + indent + "k: 1\n") == ["33:33 deep"])
    }

    @Test("an alias bomb is refused from libyaml's events, one error per anchor, without expanding it")
    func aliasBomb() {
        let clock = ContinuousClock()
        var document: SourceDocument?
        let elapsed = clock.measure { document = SourceDocument.compose(AliasBombTests.billionLaughs, file: "test.yaml") }
        #expect(elapsed < .milliseconds(500))
        #expect(document?.root == nil)
        #expect(document?.errors.map(\.message) == (0...9).map { "anchors and aliases are not supported (&lol\($0))" })
    }
}
