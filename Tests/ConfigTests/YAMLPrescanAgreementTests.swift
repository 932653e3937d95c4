@testable import Config
import Testing

@Suite("The prescan finds the anchors and aliases libyaml sees")
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

    /// `&name` for each anchor and `*name` for each alias in libyaml's events, in order, up
    /// to the end of the stream or libyaml's first error; and whether it got to the end.
    static func anchorsAndAliases(_ text: String) -> (found: [String], complete: Bool) {
        var found: [String] = []
        let failure = YAMLEvents.parse(text) { event in
            if let anchor = event.anchor { found.append("&" + anchor) }
            if case .alias(let name) = event.kind { found.append("*" + name) }
            return true
        }
        return (found, failure == nil)
    }

    private static func anchorsAndAliases(_ findings: [YAMLPrescan.Finding]) -> [String] {
        findings.compactMap { finding in
            switch finding.kind {
            case .anchor: "&" + finding.name
            case .alias: "*" + finding.name
            case .tooDeep: nil
            }
        }
    }

    @Test("random documents: every anchor and alias libyaml parses, the prescan found; in a document libyaml parses to the end, no others")
    func agreement() {
        var generator = Generator(state: 20_261_121)
        var parsedWithAnchor = 0
        var completeWithAnchor = 0
        for _ in 0..<20_000 {
            let count = Int.random(in: 3...40, using: &generator)
            let text = (0..<count).map { _ in Self.fragments.randomElement(using: &generator)! }.joined()
            let findings = YAMLPrescan.scan(text)
            if findings.contains(where: { $0.kind == .tooDeep }) { continue }   // refused whatever else is in it
            let prescan = Self.anchorsAndAliases(findings)
            let (parsed, complete) = Self.anchorsAndAliases(text)
            if !parsed.isEmpty { parsedWithAnchor += 1 }
            // libyaml's events come in source order, as the prescan's findings do: what
            // libyaml read before stopping is where the prescan started.
            #expect(prescan.starts(with: parsed), "prescan \(prescan), libyaml \(parsed) in \(String(reflecting: text))")
            if complete {
                if !parsed.isEmpty { completeWithAnchor += 1 }
                #expect(prescan == parsed, "prescan \(prescan), libyaml \(parsed) in \(String(reflecting: text))")
            }
        }
        // The generator must actually exercise the property.
        #expect(parsedWithAnchor > 1000, "\(parsedWithAnchor)")
        #expect(completeWithAnchor > 100, "\(completeWithAnchor)")
    }
}
