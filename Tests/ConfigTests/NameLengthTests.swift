@testable import Config
import Testing

@Suite("Names are at most 64 characters, and did you mean does bounded work")
struct NameLengthTests {
    private static let base = ConfigFixture.chipsAndInputs   // lines 1-5

    @Test("a 64-character name is valid")
    func longestName() throws {
        let name = "n" + String(repeating: "x", count: 63)
        let configuration = try ConfigFixture.parse(Self.base + "signals:\n  \(name): { not: a }\n")
        #expect(configuration.signals.map(\.name) == [name])
    }

    @Test("a longer declared name is reported at its place, quoted only in part")
    func longDeclaredName() {
        let name = "n" + String(repeating: "x", count: 64)
        let errors = ConfigFixture.errors(Self.base + "signals:\n  \(name): { not: a }\n")
        #expect(errors.count == 1)
        #expect(errors.first?.location == ConfigFixture.location(7, 3))
        #expect(errors.first?.message == "the name 'nxxxxxxxxxxxxxxxxxxxxxxx...' is longer than 64 characters")
        #expect(errors.first?.hint == "names are at most 64 characters; shorten it")
    }

    @Test("a longer name used as an operand is reported at the operand, not looked up")
    func longReference() {
        let name = String(repeating: "b", count: 100_000)
        let errors = ConfigFixture.errors(Self.base + "signals:\n  s: { all: [a, \(name)] }\n")
        #expect(errors.count == 1)
        #expect(errors.first?.location == ConfigFixture.location(7, 17))
        #expect(errors.first?.message.hasSuffix("is longer than 64 characters, in all: of signal 's'") == true)
        #expect((errors.first?.message.count ?? .max) < 120)
    }

    @Test("each unknown name examines a bounded number of candidates; all of them a bounded number of cells")
    func boundedWork() {
        let declared = (0..<5_000).map { "s\($0)" }
        var known = KnownNames(declared, examinedPerName: 300, cellBudget: 200_000)
        var unknownNames = 0
        for index in 0..<2_000 {
            _ = known.closest(to: "u\(index)")
            unknownNames += 1
            #expect(known.candidatesExamined <= 300 * unknownNames)
        }
        #expect(known.cellsComputed <= 200_000 + 64 * 43, "at most one comparison past the budget")
        // The budget is spent: no more suggestions, and no more work.
        let spent = known.cellsComputed
        #expect(known.closest(to: "s12x").isEmpty)
        #expect(known.cellsComputed == spent)
    }

    @Test("within the budget, a typo is found among thousands of names, with the same answer as a plain search")
    func typoAmongMany() {
        let declared = (0..<20_000).map { "sensor_\($0)" } + ["front_door"]
        var known = KnownNames(declared)
        #expect(known.closest(to: "frnt_door") == ["front_door"])
        #expect(known.closest(to: "Front_Dor") == ["front_door"])
        let few = ["switch1", "switch2", "all_on", "ready_led"]
        var small = KnownNames(few)
        for typo in ["swtich1", "switch", "al_on", "ready-led", "zzzz", "SWITCH2"] {
            #expect(small.closest(to: typo) == NearestNames.nearest(to: typo, among: few), "\(typo)")
        }
    }

    @Test("an unknown name among 2,000 declared gets the closest, in declaration order")
    func unknownOperandInLargeFile() {
        var text = Self.base + "signals:\n"
        for index in 0..<2_000 { text += "  s\(index): { not: a }\n" }
        text += "  t: { any: [s1999x, b] }\n"
        let errors = ConfigFixture.errors(text)
        #expect(errors.count == 1)
        #expect(errors.first?.hint == "did you mean 's1999', 's199' or 's999'?")
    }
}
