@testable import Config
import Testing

@Suite("The prescan never misses an anchor libyaml sees")
struct YAMLPrescanAgreementTests {
    /// SplitMix64: a fixed seed gives the same documents on every run.
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private static let fragments = [
        "a", "b: ", "key: ", "&x ", "&y", "*x", " ", "  ", "\n", "\n  ", "\n    ", "- ", "? ", ": ", ":",
        "[", "]", "{", "}", ", ", ",", "'", "''", "\"", "\\\"", "# c", " #", "|", ">-", "|2", "!t ", "x&y",
        "---\n", "...\n", "\t", "\r\n", "%YAML 1.1\n", "&x ", "&z ", "b: ", "\n", "\nk: ", "\n- ", "&q [", "&r {",
    ]

    @Test("random documents: whenever Yams composes an anchored node, the prescan found an anchor")
    func agreement() {
        var generator = Generator(state: 20_261_121)
        var composedWithAnchor = 0
        for _ in 0..<20_000 {
            let count = Int.random(in: 3...40, using: &generator)
            let text = (0..<count).map { _ in Self.fragments.randomElement(using: &generator)! }.joined()
            let document = SourceDocument.compose(text, file: "fuzz.yaml")
            guard document.errors.contains(where: { $0.message.hasPrefix("anchors and aliases are not supported") }) else {
                continue
            }
            composedWithAnchor += 1
            #expect(YAMLPrescan.scan(text).contains { $0.kind == .anchor }, "missed an anchor in \(String(reflecting: text))")
        }
        // The generator must actually exercise the property.
        #expect(composedWithAnchor > 100, "\(composedWithAnchor)")
    }
}
