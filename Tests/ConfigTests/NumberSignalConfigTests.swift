import Config
import Testing
import Values

@Suite("Config: numeric signals, thresholds and units")
struct NumberSignalConfigTests {
    /// Lines 1-6: numbers in °C (t_north, t_south, setpoint), one in K (kelvin), a level (switch1).
    static let inputs = """
        inputs:
          t_north: { command: true, type: number, unit: "°C" }
          t_south: { command: true, type: number, unit: "°C" }
          setpoint: { command: true, type: number, unit: "°C", initial: 21 }
          kelvin: { command: true, type: number, unit: K }
          switch1: { command: true }

        """

    @Test("each numeric form reads into its expression, and takes its operands' unit")
    func forms() throws {
        let configuration = try ConfigFixture.parse(Self.inputs + """
            signals:
              inside: { mean: [t_north, t_south] }
              low: { min: [t_north, t_south] }
              high: { max: [t_north, t_south], precision: 1 }
              total: { sum: [t_north, t_south], state_class: total }
              spread: { difference: [inside, setpoint], unit: "°C" }
              too_hot: { threshold: inside, above: 28, hysteresis: 2 }
              heat: { threshold: inside, below: setpoint, hysteresis: 0.5, fallback: on }
              alarm: { any: [too_hot, switch1], on_delay: 5s }

            """)
        let byName = Dictionary(uniqueKeysWithValues: configuration.signals.map { ($0.name, $0) })
        #expect(byName["inside"]?.expression == .aggregate(.mean, ["t_north", "t_south"]))
        #expect(byName["low"]?.expression == .aggregate(.min, ["t_north", "t_south"]))
        #expect(byName["high"]?.expression == .aggregate(.max, ["t_north", "t_south"]))
        #expect(byName["total"]?.expression == .aggregate(.sum, ["t_north", "t_south"]))
        #expect(byName["spread"]?.expression == .difference("inside", "setpoint"))
        #expect(byName["too_hot"]?.expression == .threshold("inside", ThresholdDeclaration(.above, .number(28), hysteresis: 2)))
        #expect(byName["heat"]?.expression
            == .threshold("inside", ThresholdDeclaration(.below, .node("setpoint"), hysteresis: 0.5, fallback: true)))
        #expect(byName["inside"]?.number == NumberDeclaration(unit: "°C"))
        #expect(byName["high"]?.number == NumberDeclaration(unit: "°C", precision: 1))
        #expect(byName["total"]?.number == NumberDeclaration(unit: "°C", stateClass: .total))
        #expect(byName["spread"]?.number?.unit == "°C")
        #expect(byName["too_hot"]?.number == nil && byName["alarm"]?.number == nil)
        #expect(byName["alarm"]?.onDelay == .seconds(5))
        // The set point is an operand: it comes before the threshold that reads it.
        let order = configuration.signals.map(\.name)
        #expect(try #require(order.firstIndex(of: "inside")) < #require(order.firstIndex(of: "heat")))
        #expect(SignalExpression.threshold("inside", ThresholdDeclaration(.below, .node("setpoint"))).operands
            == ["inside", "setpoint"])
    }

    @Test("min: and max: beside click: are still the press's lengths")
    func clickLengths() throws {
        let configuration = try ConfigFixture.parse(Self.inputs + """
            signals:
              press: { click: switch1, min: 20ms, max: 400ms }

            """)
        #expect(configuration.signals.first?.expression
            == .click("switch1", ClickGesture(minPress: .milliseconds(20), maxPress: .milliseconds(400))))
    }

    @Test("a threshold is a level: outputs follow it, and toggles and delays take it")
    func thresholdIsALevel() throws {
        let configuration = try ConfigFixture.parse(ConfigFixture.chips + Self.inputs + """
            signals:
              warm: { threshold: t_north, above: 25, off_delay: 1m }
              flip: { toggle: warm }
            outputs:
              fan: { chip: main, line: 5, follows: warm }

            """)
        #expect(configuration.outputs.first?.follows == "warm")
        #expect(configuration.signals.map(\.name) == ["warm", "flip"])
    }

    static let refused: [(String, Int, Int, String, String)] = [
        // A number where a level is needed, and a level where a number is.
        ("signals:\n  s: { all: [t_north, switch1] }\n", 8, 14,
         "'t_north' in all: of signal 's' is a number (input 't_north', °C), and all: takes levels",
         "make a level of it with a threshold"),
        ("outputs:\n  fan: { chip: main, line: 5, follows: t_north }\nchips:\n  main: { label: x }\n", 8, 40,
         "'t_north' in follows: of output 'fan' is a number (°C), and an output follows a level",
         "t_north_high: { threshold: t_north, above: 25 }"),
        ("signals:\n  s: { mean: [t_north, switch1] }\n", 8, 24,
         "'switch1' in mean: of signal 's' is a level (input 'switch1'), and mean: takes numbers",
         "mean: reads numeric inputs (type: number) and numeric signals"),
        ("signals:\n  s: { threshold: switch1, above: 1 }\n", 8, 19,
         "'switch1' in threshold: of signal 's' is a level (input 'switch1'), and threshold: takes numbers",
         "a threshold turns a number into a level"),
        ("signals:\n  s: { threshold: t_north, above: switch1 }\n", 8, 35,
         "'switch1' in threshold: of signal 's' is a level (input 'switch1'), and threshold: takes numbers", ""),
        ("signals:\n  m: { mean: [t_north] }\n  s: { not: m }\n", 9, 13,
         "'m' in not: of signal 's' is a number (signal 'm', °C), and not: takes levels", ""),
        // Units.
        ("signals:\n  s: { mean: [t_north, kelvin] }\n", 8, 24,
         "mean: in signal 's' mixes units: 't_north' is in °C, 'kelvin' in K",
         "mean: combines numbers of one unit; convert one (filters: multiply:, offset:) and give it the same unit:"),
        ("signals:\n  s: { difference: [kelvin, setpoint] }\n", 8, 29,
         "difference: in signal 's' mixes units: 'kelvin' is in K, 'setpoint' in °C", ""),
        ("signals:\n  s: { threshold: t_north, below: kelvin }\n", 8, 35,
         "the bound 'kelvin' of signal 's' is in K, and 't_north' it is compared with is in °C",
         "a threshold compares numbers of one unit"),
        ("signals:\n  s: { mean: [t_north], unit: K }\n", 8, 31,
         "unit: K of signal 's' is not its operands' unit, °C", "takes its operands' unit; remove unit:"),
        // Thresholds.
        ("signals:\n  s: { threshold: t_north }\n", 8, 3,
         "signal 's' needs above: or below:", "e.g. s: { threshold: inside, above: 28, hysteresis: 2 }"),
        ("signals:\n  s: { threshold: t_north, above: 1, below: 2 }\n", 8, 38,
         "signal 's' has both above: and below:", "a threshold has one bound"),
        ("signals:\n  s: { threshold: t_north, above: 1, hysteresis: -1 }\n", 8, 50,
         "hysteresis: -1 in signal 's' is negative", "0 or more"),
        ("signals:\n  s: { threshold: t_north, above: nan }\n", 8, 35,
         "above: in signal 's' must be a number or the name of a numeric input or signal, found 'nan'",
         "no inf, nan or hexadecimal"),
        ("signals:\n  s: { threshold: t_north, above: 0x10 }\n", 8, 35,
         "above: in signal 's' must be a number or the name of a numeric input or signal, found '0x10'", ""),
        ("signals:\n  s: { threshold: t_north, above: 1, fallback: maybe }\n", 8, 48,
         "unknown value 'maybe' for fallback: in signal 's'", ""),
        ("signals:\n  s: { threshold: t_nort, above: 1 }\n", 8, 19,
         "unknown name 't_nort' in signal 's'", "did you mean 't_north'?"),
        // Keys with the forms they go with.
        ("signals:\n  s: { threshold: t_north, above: 1, unit: K }\n", 8, 38,
         "unit: does not apply to threshold: in signal 's'", "unit: applies to numbers (mean:, min:, max:, sum:, difference:, count:, rate:, scale:)"),
        ("signals:\n  s: { any: [switch1], state_class: total }\n", 8, 24,
         "state_class: does not apply to any: in signal 's'", "state_class: applies to numbers"),
        ("signals:\n  s: { mean: [t_north], on_delay: 1s }\n", 8, 25,
         "on_delay: does not apply to mean: in signal 's'", "mean: is a number; delay a level, e.g. a threshold: of it"),
        ("signals:\n  s: { all: [switch1], hysteresis: 1 }\n", 8, 24,
         "hysteresis: does not apply to all: in signal 's'", "hysteresis: goes with threshold:"),
        ("signals:\n  s: { difference: [t_north] }\n", 8, 20,
         "difference: in signal 's' takes two names, found 1", "difference: [a, b] is a minus b"),
        ("signals:\n  s: { mean: [t_north], precision: 12 }\n", 8, 36,
         "precision: 12 in signal 's' is outside 0 to 9", ""),
        // Home Assistant's platforms on signals.
        ("signals:\n  s: { mean: [t_north], device_class: door }\n", 8, 39,
         "device_class 'door' of signal 's' is not one Home Assistant accepts for a sensor: it is a binary_sensor's class",
         "a sensor's classes: "),
        ("signals:\n  s: { threshold: t_north, above: 1, device_class: temperature }\n", 8, 52,
         "device_class 'temperature' of signal 's' is not one Home Assistant accepts for a binary_sensor: it is a sensor's class",
         "a binary_sensor's classes: "),
        ("signals:\n  s: { mean: [t_north, t_soth] }\n", 8, 24,
         "unknown name 't_soth' in signal 's'", "did you mean 't_south'"),
        ("signals:\n  s: { threshold: t_north, above: led }\noutputs:\n  led: { chip: main, line: 5, follows: switch1 }\nchips:\n  main: { label: x }\n",
         8, 35, "'led' in signal 's' is an output", ""),
        // Cycles through numbers, as through levels.
        ("signals:\n  a: { mean: [b] }\n  b: { sum: [a] }\n", 8, 3, "signals form a cycle: a -> b -> a", ""),
    ]

    @Test("mistakes are refused at their place, with the fix", arguments: 0..<refused.count)
    func refusal(_ index: Int) {
        let (tail, line, column, message, hint) = Self.refused[index]
        ConfigFixture.expectRefused(Self.inputs + tail, at: line, column, message, hint: hint)
    }
}
