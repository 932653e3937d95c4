import Config
import Testing
import Values

@Suite("Config: scale:, a number along a curve")
struct ScaleConfigTests {
    /// Lines 1-4: a CPU temperature (°C), a number without a unit, a level.
    static let inputs = """
        inputs:
          cpu: { thermal: cpu-thermal }
          raw: { command: true, type: number }
          switch1: { command: true }

        """

    @Test("the issue's fan curve reads into its expression; its unit is % unless unit: says; a falling curve is taken")
    func forms() throws {
        let configuration = try ConfigFixture.parse(Self.inputs + """
            signals:
              fan_speed: { scale: cpu, from: [50, 70], to: [30, 100] }
              rpm: { scale: cpu, from: [70, 50.5], to: [4000, -1e3], unit: rpm, precision: 0, filters: [{ delta: 10 }] }
              ratio: { scale: raw, from: [0, 1], to: [0, 1] }
              fast: { threshold: fan_speed, above: 80 }
              both: { mean: [fan_speed, ratio] }

            """)
        let byName = Dictionary(uniqueKeysWithValues: configuration.signals.map { ($0.name, $0) })
        #expect(byName["fan_speed"]?.expression == .scale("cpu", ScaleDeclaration(from: .init(50, 70), to: .init(30, 100))))
        #expect(byName["fan_speed"]?.number == NumberDeclaration(unit: "%"))
        #expect(byName["rpm"]?.expression == .scale("cpu", ScaleDeclaration(from: .init(70, 50.5), to: .init(4000, -1000))))
        #expect(byName["rpm"]?.number == NumberDeclaration(unit: "rpm", precision: 0, filters: [.delta(10)]))
        #expect(byName["ratio"]?.number?.unit == "%", "% whatever the operand's unit, here none")
        #expect(byName["both"]?.number?.unit == "%", "what reads a scale takes its unit")
        #expect(SignalExpression.scale("cpu", ScaleDeclaration(from: .init(50, 70), to: .init(30, 100))).operands == ["cpu"])
        #expect(try #require(byName["fan_speed"]).expression.isNumeric)
    }

    @Test("clamp: false takes the line past the ends; clamp: true, or none, holds it there; check shows clamp: false")
    func clamp() throws {
        let configuration = try ConfigFixture.parse(Self.inputs + """
            signals:
              fahrenheit: { scale: cpu, from: [0, 100], to: [32, 212], clamp: false, unit: "°F" }
              held: { scale: cpu, from: [0, 100], to: [32, 212], clamp: true }
              plain: { scale: cpu, from: [0, 100], to: [32, 212] }

            """)
        let byName = Dictionary(uniqueKeysWithValues: configuration.signals.map { ($0.name, $0) })
        #expect(byName["fahrenheit"]?.expression
            == .scale("cpu", ScaleDeclaration(from: .init(0, 100), to: .init(32, 212), clamps: false)))
        #expect(byName["held"]?.expression == byName["plain"]?.expression)
        #expect(byName["plain"]?.expression == .scale("cpu", ScaleDeclaration(from: .init(0, 100), to: .init(32, 212))))
        let lines = ConfigSummary.lines(of: configuration)
        #expect(lines.contains { $0.contains("scale: cpu, from: [0, 100], to: [32, 212], clamp: false, unit: °F") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  held") && !$0.contains("clamp") }, "\(lines)")
    }

    @Test("check shows the curve as written, with its unit")
    func summary() throws {
        let configuration = try ConfigFixture.parse(Self.inputs + """
            signals:
              fan_speed: { scale: cpu, from: [50, 70], to: [30, 100] }
              slow: { scale: cpu, from: [70, 50], to: [0.5, 1e-3], unit: rpm, precision: 1 }

            """)
        let lines = ConfigSummary.lines(of: configuration)
        #expect(lines.contains("  fan_speed  scale: cpu, from: [50, 70], to: [30, 100], unit: %"), "\(lines)")
        #expect(lines.contains("  slow       scale: cpu, from: [70, 50], to: [0.5, 0.001], unit: rpm, precision: 1"), "\(lines)")
    }

    static let refused: [(String, Int, Int, String, String)] = [
        // The operand.
        ("signals:\n  s: { scale: switch1, from: [0, 1], to: [0, 100] }\n", 6, 15,
         "'switch1' in scale: of signal 's' is a level (input 'switch1'), and scale: takes numbers",
         "a scale maps a number (a temperature, a numeric input or signal); 'switch1' is on or off"),
        ("signals:\n  s: { scale: cpx, from: [0, 1], to: [0, 100] }\n", 6, 15,
         "unknown name 'cpx' in signal 's'", "did you mean 'cpu'?"),
        ("signals:\n  s: { scale: [cpu, raw], from: [0, 1], to: [0, 100] }\n", 6, 15,
         "scale: in signal 's' takes one name, found a list", "a scale maps one number, e.g. fan_speed: { scale: cpu"),
        // from: and to:, each two numbers.
        ("signals:\n  s: { scale: cpu, to: [30, 100] }\n", 6, 3,
         "signal 's' needs from:", "a scale maps from: [a, b] onto to: [c, d], e.g. fan_speed: { scale: cpu, from: [50, 70], to: [30, 100] }"),
        ("signals:\n  s: { scale: cpu, from: [50, 70] }\n", 6, 3, "signal 's' needs to:", "a scale maps from: [a, b] onto to: [c, d]"),
        ("signals:\n  s: { scale: cpu, from: [50, 60, 70], to: [30, 100] }\n", 6, 26,
         "from: in signal 's' has 3 numbers; it takes two, [start, end]",
         "write from: [50, 70]; from: [a, b] is where the curve starts and ends in 'cpu' (its unit)"),
        ("signals:\n  s: { scale: cpu, from: [50, 70], to: [100] }\n", 6, 40,
         "to: in signal 's' has 1 number; it takes two, [start, end]",
         "write to: [30, 100]; to: [c, d] is the value at from:'s start and at its end, in the signal's unit (% unless unit: says)"),
        ("signals:\n  s: { scale: cpu, from: 50, to: [30, 100] }\n", 6, 26,
         "from: in signal 's' must be a list of two numbers, found '50'", "write from: [50, 70]"),
        ("signals:\n  s: { scale: cpu, from: { a: 50, b: 70 }, to: [30, 100] }\n", 6, 26,
         "from: in signal 's' must be a list of two numbers, found a mapping", "write from: [50, 70]"),
        ("signals:\n  s: { scale: cpu, from: [50, [70]], to: [30, 100] }\n", 6, 31,
         "from: in signal 's' must hold two numbers, found a list", "write from: [50, 70]"),
        // Numbers only: not words, levels, numbers with a unit, nan.
        ("signals:\n  s: { scale: cpu, from: [fifty, 70], to: [30, 100] }\n", 6, 27,
         "from: in signal 's' must hold decimal numbers, found 'fifty'", "write a decimal number such as 21"),
        ("signals:\n  s: { scale: cpu, from: [50, nan], to: [30, 100] }\n", 6, 31,
         "from: in signal 's' must hold decimal numbers, found 'nan'", "no inf, nan or hexadecimal"),
        ("signals:\n  s: { scale: cpu, from: [50, 70], to: [off, on] }\n", 6, 41,
         "'off' in to: of signal 's' is a level, and to: takes numbers", "write to: [30, 100]"),
        ("signals:\n  s: { scale: cpu, from: [50°C, 70°C], to: [30, 100] }\n", 6, 27,
         "'50°C' in from: of signal 's' is a number with a unit (°C); from: takes numbers alone, in the unit of 'cpu'",
         "write from: [50, 70]"),
        ("signals:\n  s: { scale: cpu, from: [50, 70], to: [30 %, 100 %] }\n", 6, 41,
         "'30 %' in to: of signal 's' is a number with a unit (%); to: takes numbers alone, in the signal's unit (% unless unit: says)",
         "write to: [30, 100]"),
        ("signals:\n  s: { scale: cpu, from: [50, 70], to: [300rpm, 1000rpm] }\n", 6, 41,
         "'300rpm' in to: of signal 's' is a number with a unit (rpm); to: takes numbers alone",
         "write to: [30, 100]; give the signal another unit with unit:, e.g. unit: rpm"),
        // from: [a, b] with a = b.
        ("signals:\n  s: { scale: cpu, from: [50, 50.0], to: [30, 100] }\n", 6, 26,
         "from: in signal 's' starts and ends at 50, which gives no curve",
         "give from: two different numbers, e.g. from: [50, 70]; the end may be below the start for a falling curve"),
        // unit: and the other keys.
        ("signals:\n  s: { scale: cpu, from: [50, 70], to: [30, 100], unit: [rpm] }\n", 6, 57,
         "unit: in signal 's' must be a single value, found a list", ""),
        ("signals:\n  s: { scale: cpu, from: [50, 70], to: [30, 100], precision: 10 }\n", 6, 62,
         "precision: 10 in signal 's' is outside 0 to 9", ""),
        ("signals:\n  s: { scale: cpu, from: [50, 70], to: [30, 100], on_delay: 1s }\n", 6, 51,
         "on_delay: does not apply to scale: in signal 's'", "scale: is a number; delay a level, e.g. a threshold: of it"),
        ("signals:\n  s: { mean: [cpu], from: [50, 70] }\n", 6, 21,
         "from: does not apply to mean: in signal 's'", "from: goes with scale:"),
        // clamp: a level word, on a scale only.
        ("signals:\n  s: { scale: cpu, from: [50, 70], to: [30, 100], clamp: maybe }\n", 6, 58,
         "unknown value 'maybe' for clamp: in signal 's'",
         "write clamp: false to take the line on past from:'s ends (a plain linear conversion), or clamp: true"),
        ("signals:\n  s: { mean: [cpu], clamp: false }\n", 6, 21,
         "clamp: does not apply to mean: in signal 's'", "clamp: goes with scale:"),
        ("signals:\n  s: { scale: cpu, from: [50, 70], to: [30, 100] }\n  t: { all: [s] }\n", 7, 14,
         "'s' in all: of signal 't' is a number (signal 's', %), and all: takes levels", "make a level of it with a threshold"),
    ]

    @Test("mistakes are refused at their place, with the fix", arguments: 0..<refused.count)
    func refusal(_ index: Int) {
        let (tail, line, column, message, hint) = Self.refused[index]
        ConfigFixture.expectRefused(Self.inputs + tail, at: line, column, message, hint: hint)
    }

    @Test("every mistake in one scale is reported, each where it is written")
    func severalMistakes() {
        let errors = ConfigFixture.errors(Self.inputs + "signals:\n  s: { scale: cpu, from: [x, 70], to: [30, off, 1] }\n")
        #expect(errors.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
            "6:27 from: in signal 's' must hold decimal numbers, found 'x'",
            "6:39 to: in signal 's' has 3 numbers; it takes two, [start, end]",
        ])
        #expect(ConfigFixture.errors(Self.inputs + "signals:\n  s: { scale: cpu, from: [50, 50], to: [30%, 100] }\n")
            .map { "\($0.location.line):\($0.location.column)" } == ["6:26", "6:41"], "equal ends beside a bad to:")
    }

    @Test("unit: applies to scale: and the other numeric forms, and the refusal's hint names them")
    func numberKeysNameScale() {
        ConfigFixture.expectRefused(Self.inputs + "signals:\n  s: { threshold: cpu, above: 1, unit: K }\n", at: 6, 34,
                                    "unit: does not apply to threshold: in signal 's'",
                                    hint: "unit: applies to numbers (mean:, min:, max:, sum:, difference:, count:, rate:, scale:)")
    }
}
