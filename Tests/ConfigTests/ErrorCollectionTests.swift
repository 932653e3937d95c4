import Config
import Testing

@Suite("Every error is reported, in source order")
struct ErrorCollectionTests {
    @Test("several errors in one file are all reported, each at its place")
    func collectsAll() {
        let errors = ConfigFixture.errors("""
            chips:
              main: { lable: pinctrl-bcm2711 }
            inputs:
              a: { chip: main, line: 1, bias: pull-upp }
              b: { chip: mian, line: 2 }
              a: { chip: main, line: 3 }
            signals:
              s: { all: [a, c] }
              t: { not: u }
              u: { toggle: t }
            outputs:
              led: { chip: main, line: 1, follows: s, initial: maybe }
            extra: 1

            """)
        let summary = errors.map { "\($0.location.line):\($0.location.column) \($0.message)" }
        #expect(summary == [
            "2:3 chip 'main' needs one of label:, path: or name:",
            "2:11 unknown key 'lable' in chip 'main'",
            "4:35 unknown value 'pull-upp' for bias: in input 'a'",
            "5:14 unknown chip 'mian' in input 'b'",
            "6:3 duplicate key 'a' (first at line 4, column 3)",
            "8:17 unknown name 'c' in signal 's'",
            "9:3 signals form a cycle: t -> u -> t",
            "12:52 unknown value 'maybe' for initial: in output 'led'",
            "13:1 unknown key 'extra' at the top level",
        ])
    }

    @Test("the description is every error, with its hint, one after another")
    func description() {
        do {
            _ = try ConfigFixture.parse(ConfigFixture.chips + """
                inputs:
                  a: { chip: main, line: 1, bias: pullup }
                  b: { chip: main, line: 1 }

                """)
            Issue.record("expected errors")
        } catch {
            #expect(error.description == """
                test.yaml:4:35: error: unknown value 'pullup' for bias: in input 'a'
                hint: did you mean 'pull-up'? (bias: is one of as-is, disabled, pull-up, pull-down)
                test.yaml:5:26: error: line 1 of chip 'main' is already used by input 'a' (line 4)
                hint: a line can be requested once; pick another line
                """)
        }
    }

    @Test("every duplicate key is reported, not only the first")
    func everyDuplicate() {
        let errors = ConfigFixture.errors("""
            chips:
              main: { label: x }
              main: { label: y }
            inputs:
              a: { chip: main, line: 1, line: 2 }
              b: { chip: main, line: 3 }
              b: { chip: main, line: 4 }
              b: { chip: main, line: 5 }
            inputs: {}

            """)
        #expect(errors.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
            "3:3 duplicate key 'main' (first at line 2, column 3)",
            "5:29 duplicate key 'line' (first at line 5, column 20)",
            "7:3 duplicate key 'b' (first at line 6, column 3)",
            "8:3 duplicate key 'b' (first at line 6, column 3)",
            "9:1 duplicate key 'inputs' (first at line 4, column 1)",
        ])
    }

    @Test("a quoted duplicate of a plain key is a duplicate")
    func quotedDuplicate() {
        let errors = ConfigFixture.errors(ConfigFixture.chipsAndInputs + "  \"a\": { chip: main, line: 3 }\n")
        #expect(errors.map(\.message) == ["duplicate key 'a' (first at line 4, column 3)"])
        #expect(errors.first?.location == ConfigFixture.location(6, 3))
    }

    @Test("a bad entry does not make references to it unknown")
    func noCascade() {
        let errors = ConfigFixture.errors(ConfigFixture.chips + """
            inputs:
              a: { chip: main, line: 1, active: sideways }
            signals:
              s: { not: a }
            outputs:
              led: { chip: main, line: 2, follows: s }

            """)
        #expect(errors.map(\.message) == ["unknown value 'sideways' for active: in input 'a'"])
    }
}
