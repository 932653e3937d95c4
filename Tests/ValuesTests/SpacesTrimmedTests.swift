import Testing
import Values

@Suite("Spaces and line ends around a text")
struct SpacesTrimmedTests {
    @Test("ASCII spaces, tabs and line ends go at both ends, and nothing else", arguments: [
        (" 21.5\r\n", "21.5"), ("\tON\n", "ON"), ("open", "open"), ("  ", ""), ("", ""),
        ("a b", "a b"), ("\u{00A0}on", "\u{00A0}on"), ("on\u{2003}", "on\u{2003}"), ("\n\r stop \t", "stop"),
    ])
    func trimmed(text: String, expected: String) {
        #expect(text.trimmingSpacesAndLineEnds == expected)
    }
}
