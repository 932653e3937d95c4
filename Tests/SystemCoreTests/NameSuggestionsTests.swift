import SystemCore
import Testing
import TestSupport

@Suite("Did you mean: the banded, thresholded edit distance")
struct NameSuggestionsTests {
    static func word(_ random: inout SplitMix64, maxLength: Int) -> [Unicode.Scalar] {
        // Three letters, so that random pairs are often close.
        (0..<random.below(maxLength + 1)).map { _ in ["a", "b", "c"][random.below(3)] }
    }

    @Test("the banded distance equals the full one within the limit, and is nil beyond it")
    func bandedMatchesFull() {
        var random = SplitMix64(state: 2026)
        var within = 0
        var beyond = 0
        for _ in 0..<20_000 {
            let a = Self.word(&random, maxLength: 14)
            // Often a near copy of `a`: a few edits of it.
            var b = random.below(2) == 0 ? a : Self.word(&random, maxLength: 14)
            for _ in 0..<random.below(4) where !b.isEmpty {
                b[random.below(b.count)] = ["a", "b", "c", "d"][random.below(4)]
            }
            let limit = random.below(7)
            let full = NameSuggestions.editDistance(a, b)
            var cells = 0
            let banded = NameSuggestions.boundedEditDistance(a, b, limit: limit, cells: &cells)
            if full <= limit {
                #expect(banded == full, "\(String(String.UnicodeScalarView(a))) / \(String(String.UnicodeScalarView(b))) limit \(limit)")
                within += 1
            } else {
                #expect(banded == nil, "\(String(String.UnicodeScalarView(a))) / \(String(String.UnicodeScalarView(b))) limit \(limit)")
                beyond += 1
            }
            #expect(cells <= a.count * (2 * limit + 1), "only the band is computed")
        }
        #expect(within > 2_000 && beyond > 2_000, "both sides of the threshold were tried")
    }

    @Test("names whose lengths differ by more than the limit cost nothing; far names stop early")
    func boundOnWork() {
        var cells = 0
        let long = Array(String(repeating: "x", count: 60).unicodeScalars)
        #expect(NameSuggestions.boundedEditDistance(Array("abc".unicodeScalars), long, limit: 2, cells: &cells) == nil)
        #expect(cells == 0)
        let other = Array(String(repeating: "y", count: 60).unicodeScalars)
        #expect(NameSuggestions.boundedEditDistance(long, other, limit: 20, cells: &cells) == nil)
        // The full table would be 3,600 cells; the band stops after 21 rows of at most 41.
        #expect(cells <= 21 * 41)
    }

    @Test("suggestions: closest first, equals in the caller's order, only within a typo")
    func closeNames() {
        #expect(NameSuggestions.closeNames(to: "swtich1", among: ["led", "switch1", "switch2"]) == ["switch1"])
        #expect(NameSuggestions.closeNames(to: "switch", among: ["led", "switch2", "switch1"]) == ["switch2", "switch1"])
        #expect(NameSuggestions.closeNames(to: "bee", among: ["a", "b"]) == ["b"])
        #expect(NameSuggestions.closeNames(to: "DEBOUCE", among: ["chip", "line", "debounce"]) == ["debounce"])
        #expect(NameSuggestions.closeNames(to: "x", among: ["b", "a", "c", "d"]) == ["b", "a", "c"])
        #expect(NameSuggestions.closeNames(to: "x", among: ["b", "a", "c", "d"], limit: 1) == ["b"])
        #expect(NameSuggestions.closeNames(to: "zzzzzz", among: ["switch1", "led"]).isEmpty)
        #expect(NameSuggestions.closeNames(to: "led", among: ["led1", "", "led1", "LED2"]) == ["led1", "LED2"])
    }

    @Test("distances(from:to:) still gives every distinct candidate its full distance")
    func distances() {
        let scored = NameSuggestions.distances(from: "--jsn", to: ["--control", "--json", "--json"])
        #expect(scored.map(\.name) == ["--control", "--json"])
        #expect(scored.map(\.distance) == [NameSuggestions.editDistance(Array("--jsn".unicodeScalars),
                                                                        Array("--control".unicodeScalars)), 1])
    }
}
