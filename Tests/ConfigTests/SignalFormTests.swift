import Config
import Testing

@Suite("Signal forms")
struct SignalFormTests {
    @Test("each form reads into its expression", arguments: [
        ("{ all: [a, b] }", SignalExpression.all(["a", "b"])),
        ("{ any: [a, b] }", .any(["a", "b"])),
        ("{ none: [a, b] }", .none(["a", "b"])),
        ("{ not: a }", .not("a")),
        ("{ at_least: { count: 2, of: [a, b, c] } }", .atLeast(count: 2, of: ["a", "b", "c"])),
        ("{ at_least: { count: 1, of: [a] } }", .atLeast(count: 1, of: ["a"])),
        ("{ toggle: a }", .toggle("a")),
        ("{ sample: { value: a, on: b } }", .sample(value: "a", on: "b")),
        ("{ zip: [a, b] }", .zip(["a", "b"])),
        ("{ all: [a] }", .all(["a"])),
    ])
    func form(yaml: String, expected: SignalExpression) throws {
        let configuration = try ConfigFixture.parse(ConfigFixture.chipsAndInputs + """
              c: { chip: main, line: 3 }
            signals:
              s: \(yaml)

            """)
        #expect(configuration.signals.map(\.expression) == [expected])
        #expect(configuration.signals.first?.name == "s")
    }

    @Test("block style reads the same as flow style")
    func blockStyle() throws {
        let configuration = try ConfigFixture.parse(ConfigFixture.chipsAndInputs + """
            signals:
              two:
                at_least:
                  count: 2
                  of:
                    - a
                    - b
              pick:
                sample:
                  value: a
                  on: two

            """)
        #expect(configuration.signals.map(\.expression) == [
            .atLeast(count: 2, of: ["a", "b"]), .sample(value: "a", on: "two"),
        ])
    }

    @Test("signals build on signals and come out in dependency order")
    func dependencyOrder() throws {
        let configuration = try ConfigFixture.parse(ConfigFixture.chipsAndInputs + """
            signals:
              latched: { toggle: either }
              inverted: { not: latched }
              either: { any: [a, b] }
              both: { all: [a, b] }
              report: { sample: { value: inverted, on: both } }
            outputs:
              led: { chip: main, line: 5, follows: report }

            """)
        #expect(configuration.signals.map(\.name) == ["either", "latched", "inverted", "both", "report"])
        #expect(configuration.signals.first?.location == ConfigFixture.location(9, 3))
    }

    @Test("quoted names and keys read like plain ones")
    func quoted() throws {
        let configuration = try ConfigFixture.parse(ConfigFixture.chipsAndInputs + """
            signals:
              "both": { 'all': ["a", 'b'] }

            """)
        #expect(configuration.signals.map(\.expression) == [.all(["a", "b"])])
    }

    @Test("ConfigText writes each form as it would be written in the file")
    func configText() {
        #expect(ConfigText.expression(.all(["a", "b"])) == "all: [a, b]")
        #expect(ConfigText.expression(.not("a")) == "not: a")
        #expect(ConfigText.expression(.atLeast(count: 2, of: ["a", "b", "c"])) == "at_least: { count: 2, of: [a, b, c] }")
        #expect(ConfigText.expression(.sample(value: "a", on: "b")) == "sample: { value: a, on: b }")
        #expect(ConfigText.expression(.zip(["a", "b"])) == "zip: [a, b]")
    }
}
