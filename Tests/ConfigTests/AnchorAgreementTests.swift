@testable import Config
import Testing
import TestSupport

@Suite("ConfigLoader refuses the anchors and aliases libyaml reads")
struct AnchorAgreementTests {
    private static let fragments = [
        "a", "b: ", "key: ", "&x ", "&y", "*x", " ", "  ", "\n", "\n  ", "\n    ", "- ", "? ", ": ", ":",
        "[", "]", "{", "}", ", ", ",", "'", "''", "\"", "\\\"", "# c", " #", "|", ">-", "|2", "!t ", "x&y",
        "---\n", "...\n", "\t", "\r\n", "%YAML 1.1\n", "&x ", "&z ", "b: ", "\n", "\nk: ", "\n- ", "&q [", "&r {",
    ]

    /// `&name` for each anchor and `*name` for each alias in libyaml's events, in order, up
    /// to the end of the stream or libyaml's first error.
    private static func anchorsAndAliases(_ text: String) -> (anchors: [String], aliases: [String]) {
        var anchors: [String] = []
        var aliases: [String] = []
        _ = YAMLEvents.parse(text) { event in
            if let anchor = event.anchor { anchors.append("&" + anchor) }
            if case .alias(let name) = event.kind { aliases.append("*" + name) }
            return true
        }
        return (anchors, aliases)
    }

    /// `&name` or `*name` for each error that refuses one; the message of any other.
    private static func refused(_ errors: [ConfigError]) -> [String] {
        let prefix = "anchors and aliases are not supported ("
        return errors.map { error in
            error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count).dropLast()) : error.message
        }
    }

    @Test("random documents: every anchor libyaml reads is refused, or every alias when there is no anchor, and nothing else")
    func agreement() {
        var generator = SplitMix64(state: 20_261_121)
        var withAnchor = 0
        var withAliasOnly = 0
        for _ in 0..<20_000 {
            let count = Int.random(in: 3...40, using: &generator)
            let text = (0..<count).map { _ in Self.fragments.randomElement(using: &generator)! }.joined()
            let errors = ConfigFixture.errors(text)
            if errors.contains(where: { $0.message.hasPrefix("nested more than") }) { continue }
            let (anchors, aliases) = Self.anchorsAndAliases(text)
            let refused = Self.refused(errors)
            if !anchors.isEmpty {
                withAnchor += 1
                #expect(refused == anchors, "\(errors) in \(String(reflecting: text))")
            } else if !aliases.isEmpty {
                withAliasOnly += 1
                #expect(refused == aliases, "\(errors) in \(String(reflecting: text))")
            } else {
                #expect(!refused.contains { $0.hasPrefix("&") || $0.hasPrefix("*") }, "\(errors) in \(String(reflecting: text))")
            }
        }
        // The generator must actually exercise the property.
        #expect(withAnchor > 1000, "\(withAnchor)")
        #expect(withAliasOnly > 100, "\(withAliasOnly)")
    }
}
