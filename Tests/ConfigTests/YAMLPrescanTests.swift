@testable import Config
import Testing

@Suite("Finding anchors and aliases before libyaml parses")
struct YAMLPrescanTests {
    private func found(_ text: String) -> [String] {
        YAMLPrescan.scan(text).map { finding in
            let sigil = switch finding.kind { case .anchor: "&" case .alias: "*" case .tooDeep: "deep" }
            return "\(finding.line):\(finding.column) \(sigil)\(finding.name)"
        }
    }

    @Test("anchors and aliases are found where libyaml would see them")
    func tokens() {
        #expect(found("a: &x 1\nb: *x\n") == ["1:4 &x", "2:4 *x"])
        #expect(found("- &x [1, *y, {k: *z}]\n") == ["1:3 &x", "1:10 *y", "1:18 *z"])
        #expect(found("&top\nkey: value\n") == ["1:1 &top"])
        #expect(found("? *k\n: v\n") == ["1:3 *k"])
        #expect(found("a: !!str &x v\n") == ["1:10 &x"])
        #expect(found("[a,*b]\n") == ["1:4 *b"])
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
        #expect(found(text) == [])
        // libyaml agrees: the text parses, with no anchor or alias in it.
        #expect(SourceDocument.compose(text, file: "test.yaml").errors.map(\.message) == [])
    }

    @Test("after a block scalar or a continued scalar ends, tokens are seen again")
    func afterScalars() {
        #expect(found("a: |\n  text &x\nb: &y 1\n") == ["3:4 &y"])
        #expect(found("k:\n  - |\n    x\n  - &y 2\n") == ["4:5 &y"])
        #expect(found("a: plain\nb: &y 1\n") == ["2:4 &y"])
        #expect(found("a: 'quoted\n  on' \nb: *y\n") == ["3:4 *y"])
        #expect(found("a: x # comment\n  &y z\n") == ["2:3 &y"])
    }

    @Test("nesting deeper than the limit stops the scan")
    func depth() {
        let fine = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        #expect(found(fine) == [])
        let deep = String(repeating: "[", count: 33) + String(repeating: "]", count: 33)
        #expect(found(deep) == ["1:33 deep"])
        #expect(found(String(repeating: "- ", count: 33) + "x") == ["1:65 deep"])
    }

    @Test("if an anchor got past the scan, the tree built from libyaml's events refuses it without expanding it")
    func composedAnchorIsRefused() {
        let clock = ContinuousClock()
        var document: SourceDocument?
        let elapsed = clock.measure { document = SourceDocument.compose(AliasBombTests.billionLaughs, file: "test.yaml") }
        #expect(elapsed < .milliseconds(500))
        #expect(document?.errors.map(\.message).first == "anchors and aliases are not supported (&lol0)")
        #expect(document?.errors.count == 10)
    }
}
