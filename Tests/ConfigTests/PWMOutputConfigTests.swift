import Config
import Testing

@Suite("Config: PWM controllers and the outputs on their channels")
struct PWMOutputConfigTests {
    /// The issue's example as written, with the input its fan curve reads (lines 3-4).
    static let issueExample = """
        chips:
          pwm: { pwm: 1f00098000.pwm }     # a PWM controller by its device name (Pi 5's RP1; Pi 4: fe20c000.pwm), or pwmchip0
        inputs:
          cpu: { thermal: cpu-thermal }
        signals:
          fan_speed: { scale: cpu, from: [50, 70], to: [30, 100] }   # 50 °C → 30 %, 70 °C → 100 %, clamped
        outputs:
          fan:   { chip: pwm, channel: 2, frequency: 25kHz, follows: fan_speed, initial: 100, safe: 100 }
          strip: { chip: pwm, channel: 0, frequency: 1kHz, command: true, entity: light, ramp: 500ms, safe: 0 }

        """

    static func location(_ line: Int, _ column: Int) -> Config.SourceLocation {
        ConfigFixture.location(line, column)
    }

    @Test("the issue's example: a PWM chip by its device, a fan following a curve, a dimmable strip")
    func issueExample() throws {
        let configuration = try ConfigFixture.parse(Self.issueExample)
        #expect(configuration.chips.isEmpty)
        #expect(configuration.pwmChips == [PWMChipDeclaration(name: "pwm", locator: .device("1f00098000.pwm"),
                                                              location: Self.location(2, 3))])
        #expect(configuration.outputs.isEmpty, "PWM outputs are not line outputs")
        let fan = PWMOutputDeclaration(name: "fan", chip: "pwm", channel: 2, period: 40_000, follows: "fan_speed",
                                       initial: 100, safe: 100, location: Self.location(8, 3),
                                       channelLocation: Self.location(8, 32))
        var strip = PWMOutputDeclaration(name: "strip", chip: "pwm", channel: 0, period: 1_000_000, follows: nil,
                                         initial: 0, safe: 0, location: Self.location(9, 3),
                                         channelLocation: Self.location(9, 32))
        strip.command = true
        strip.entity = .light
        strip.ramp = .milliseconds(500)
        #expect(configuration.pwmOutputs == [fan, strip])
        #expect(configuration.outputNames == ["fan", "strip"])
        #expect(configuration.allNames == ["cpu", "fan_speed", "fan", "strip"])
        #expect(configuration.pwmOutput(named: "strip")?.ramp == .milliseconds(500))
        #expect(configuration.pwmChip(named: "pwm")?.locator == .device("1f00098000.pwm"))
    }

    @Test("defaults: safe 0, initial as safe, entity light, active high, no ramp; pwmchipN, period:, the other keys")
    func defaults() throws {
        let configuration = try ConfigFixture.parse("""
            chips:
              pwm: { pwm: pwmchip2 }
              other: { pwm: fe20c000.pwm }
            inputs:
              level: { command: true }
              percent: { command: true, type: number, unit: "%" }
            outputs:
              a: { chip: pwm, channel: 0, period: 20ms, follows: level }
              b: { chip: pwm, channel: 1, frequency: 50Hz, follows: percent, safe: 30 }
              c: { chip: other, channel: 0, period: 40us, command: true, entity: fan, initial: 12.5, safe: 100%, active: low }
              d: { chip: other, channel: 1, frequency: 1.5MHz, command: true, entity: number, ramp: 1h, name: "Desk lamp" }

            """)
        #expect(configuration.pwmChips.map(\.locator) == [.chip(2), .device("fe20c000.pwm")])
        let byName = Dictionary(uniqueKeysWithValues: configuration.pwmOutputs.map { ($0.name, $0) })
        let a = try #require(byName["a"])
        #expect(a.period == 20_000_000)
        #expect(a.safe == 0 && a.initial == 0 && a.entity == .light && !a.activeLow && a.ramp == nil && !a.command)
        #expect(a.follows == "level")
        let b = try #require(byName["b"])
        #expect(b.period == 20_000_000, "50Hz is period: 20ms")
        #expect(b.safe == 30 && b.initial == 30, "initial defaults to safe")
        let c = try #require(byName["c"])
        #expect(c.period == 40_000 && c.command && c.entity == .fan && c.initial == 12.5 && c.safe == 100 && c.activeLow)
        #expect(c.follows == nil)
        let d = try #require(byName["d"])
        #expect(d.period == 667, "1.5MHz is 666.7ns, the nearest whole nanosecond")
        #expect(d.entity == .number && d.ramp == .seconds(3_600) && d.displayName == "Desk lamp")
    }

    @Test("frequency: and period: forms and their bounds", arguments: [
        ("frequency: 1Hz", UInt64(1_000_000_000)), ("frequency: 10MHz", 100), ("frequency: 25kHz", 40_000),
        ("frequency: 0.5kHz", 2_000_000), ("frequency: 3Hz", 333_333_333), ("period: 100ns", 100), ("period: 1s", 1_000_000_000),
        ("period: 1.5ms", 1_500_000), ("period: 40us", 40_000), ("period: 40µs", 40_000),
    ])
    func timing(setting: String, period: UInt64) throws {
        let configuration = try ConfigFixture.parse("""
            chips:
              pwm: { pwm: pwmchip0 }
            inputs:
              level: { command: true }
            outputs:
              a: { chip: pwm, channel: 0, \(setting), follows: level }

            """)
        #expect(configuration.pwmOutputs.first?.period == period)
    }

    @Test("frequencies written back: the shortest exact form, else the period")
    func frequencyText() {
        #expect(FrequencyText.format(period: 40_000) == "25kHz")
        #expect(FrequencyText.format(period: 1_000_000) == "1kHz")
        #expect(FrequencyText.format(period: 20_000_000) == "50Hz")
        #expect(FrequencyText.format(period: 667) == "1.5MHz")
        #expect(FrequencyText.format(period: 100) == "10MHz")
        #expect(FrequencyText.format(period: 1_000_000_000) == "1Hz")
        #expect(FrequencyText.format(period: 3_000_000) == nil)
        #expect(ConfigText.pwmTiming(period: 3_000_000) == "period: 3ms")
        #expect(ConfigText.pwmTiming(period: 40_000) == "frequency: 25kHz")
        #expect(FrequencyText.parse("25kHz") == .value(25_000))
        #expect(FrequencyText.parse("1.5MHz") == .value(1_500_000))
    }

    @Test("check counts the PWM outputs and lists them as written, with the PWM chips")
    func summary() throws {
        let configuration = try ConfigFixture.parse(Self.issueExample)
        let lines = ConfigSummary.lines(of: configuration)
        #expect(lines.first == "test.yaml: valid; 1 chip, 1 input, 1 signal, 2 PWM outputs", "\(lines)")
        #expect(lines.contains("  pwm        pwm 1f00098000.pwm"), "\(lines)")
        #expect(lines.contains("  fan        chip: pwm, channel: 2, frequency: 25kHz, follows: fan_speed, initial: 100, "
            + "safe: 100, active: high"), "\(lines)")
        #expect(lines.contains("  strip      chip: pwm, channel: 0, frequency: 1kHz, command: true, entity: light, "
            + "initial: 0, safe: 0, active: high, ramp: 500ms"), "\(lines)")
        let both = try ConfigFixture.parse("""
            chips:
              main: { label: pinctrl-bcm2711 }
              pwm: { pwm: pwmchip0 }
            inputs:
              a: { chip: main, line: 1 }
            outputs:
              led: { chip: main, line: 5, follows: a }
              dim: { chip: pwm, channel: 0, period: 3ms, follows: a, active: low }

            """)
        let bothLines = ConfigSummary.lines(of: both)
        #expect(bothLines.first == "test.yaml: valid; 2 chips, 1 input, 0 signals, 1 output, 1 PWM output", "\(bothLines)")
        #expect(bothLines.contains("  pwm   pwm pwmchip0"), "\(bothLines)")
        #expect(bothLines.contains("  dim   chip: pwm, channel: 0, period: 3ms, follows: a, initial: 0, safe: 0, active: low"),
                "\(bothLines)")
    }

    @Test("a reload sees an output unchanged when only where it is written moved; a new chip name is a change")
    func reload() throws {
        let before = try ConfigFixture.parse(Self.issueExample)
        let moved = try ConfigFixture.parse("# a line above\n" + Self.issueExample.replacingOccurrences(
            of: "  pwm: { pwm: 1f00098000.pwm }", with: "  rp1: { pwm: 1f00098000.pwm }").replacingOccurrences(
            of: "chip: pwm", with: "chip: rp1").replacingOccurrences(of: "safe: 0 }", with: "safe: 5 }"))
        let fanBefore = try #require(before.pwmOutput(named: "fan"))
        let fanMoved = try #require(moved.pwmOutput(named: "fan"))
        #expect(!fanMoved.isUnchanged(from: fanBefore), "its chip's name changed")
        let shifted = try ConfigFixture.parse("\n\n" + Self.issueExample)
        let fanShifted = try #require(shifted.pwmOutput(named: "fan"))
        #expect(fanShifted.isUnchanged(from: fanBefore), "only where it is written changed")
    }

    /// Lines 1-11: a PWM controller and a GPIO chip, a temperature, a level, a number
    /// without a unit, a level from the temperature, a click; `outputs:` on line 11.
    static let base = """
        chips:
          pwm: { pwm: fe20c000.pwm }
          main: { label: pinctrl-bcm2711 }
        inputs:
          cpu: { thermal: cpu-thermal }
          level: { command: true }
          raw: { command: true, type: number }
        signals:
          hot: { threshold: cpu, above: 60 }
          pressed: { click: level }
        outputs:

        """

    static let refused: [(String, Int, Int, String, String)] = [
        // Keys: a line's keys, unknown keys.
        ("  fan: { chip: pwm, channel: 0, line: 5, frequency: 1kHz, follows: level }\n", 12, 33,
         "line: does not apply to a PWM output (output 'fan')",
         "a PWM output is a channel of its controller: write channel: N instead of line: (a PWM output takes chip, channel, "
             + "frequency, period, follows, command, entity, initial, safe, active, ramp, name, internal)"),
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz, follows: level, pulse: 1s }\n", 12, 66,
         "pulse: does not apply to a PWM output (output 'fan')", "a PWM output takes chip, channel, frequency, period, follows"),
        ("  fan: { chip: pwm, channel: 0, drive: open-drain, frequency: 1kHz, follows: level }\n", 12, 33,
         "drive: does not apply to a PWM output (output 'fan')", "a PWM output takes chip, channel"),
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz, follows: level, max_on: 1h }\n", 12, 66,
         "max_on: does not apply to a PWM output (output 'fan')", "a PWM output takes chip, channel"),
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz, follows: level, rmp: 1s }\n", 12, 66,
         "unknown key 'rmp' in output 'fan'", "did you mean 'ramp'?"),
        ("  led: { chip: main, line: 5, channel: 1, follows: level }\n", 12, 31,
         "channel: does not apply to a line output (output 'led')",
         "channel:, frequency:, period:, entity:, ramp: are for an output on a PWM controller, declared as chips: "
             + "{ pwm: { pwm: fe20c000.pwm } }; an output on a GPIO chip drives a line: line: GPIO18"),
        // What is required: a chip, a channel, a frequency or a period, something that sets it.
        ("  fan: { chip: pwm, frequency: 1kHz, follows: level }\n", 12, 3,
         "output 'fan' needs channel:", "the controller's channel (pwmN in sysfs), e.g. channel: 0"),
        ("  fan: { chip: pwm, channel: 0, follows: level }\n", 12, 3,
         "output 'fan' needs frequency: or period:", "e.g. frequency: 25kHz for a fan, frequency: 1kHz for a light, or period: 20ms"),
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz }\n", 12, 3,
         "output 'fan' needs follows: or command: true",
         "nothing else sets a PWM output: follow a number in % or a level (e.g. follows: fan_speed), "
             + "or write command: true so that Home Assistant and gpioagg set fan 40|on|off set it"),
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz, command: false, follows: level, period: 1ms }\n", 12, 82,
         "output 'fan' has both frequency: and period:", "give one: the period is 1 / frequency (frequency: 25kHz is period: 40us)"),
        ("  fan: { chip: pwn, channel: 0, frequency: 1kHz, follows: level }\n", 12, 16,
         "unknown chip 'pwn' in output 'fan'", "did you mean 'pwm'?"),
        // channel:
        ("  fan: { chip: pwm, channel: -1, frequency: 1kHz, follows: level }\n", 12, 30,
         "channel: -1 in output 'fan' is negative", "channel: is the controller's channel (pwmN in sysfs), e.g. channel: 0"),
        ("  fan: { chip: pwm, channel: two, frequency: 1kHz, follows: level }\n", 12, 30,
         "channel: in output 'fan' must be a whole number, 0 or more, found 'two'", "'gpioagg detect' lists each controller's channels"),
        ("  fan: { chip: pwm, channel: 02, frequency: 1kHz, follows: level }\n", 12, 30,
         "channel: 02 in output 'fan' has a leading zero", "YAML 1.1 reads 02 as an octal number; write channel: 2"),
        ("  fan: { chip: pwm, channel: 9999999999, frequency: 1kHz, follows: level }\n", 12, 30,
         "channel: 9999999999 in output 'fan' is too large", "channel: is the controller's channel"),
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz, follows: level }\n  strip: { chip: pwm, channel: 0, frequency: 1kHz, command: true }\n",
         13, 32, "channel 0 of PWM chip 'pwm' is already used by output 'fan' (line 12, column 30)",
         "a channel drives one output; pick another channel"),
        // frequency: and period:
        ("  fan: { chip: pwm, channel: 0, frequency: 20MHz, follows: level }\n", 12, 44,
         "frequency: 20MHz in output 'fan' is above 10MHz", "frequency: is from 1Hz to 10MHz, e.g. frequency: 25kHz (a fan)"),
        ("  fan: { chip: pwm, channel: 0, frequency: 0.5Hz, follows: level }\n", 12, 44,
         "frequency: 0.5Hz in output 'fan' is below 1Hz", "frequency: is from 1Hz to 10MHz"),
        ("  fan: { chip: pwm, channel: 0, frequency: 0Hz, follows: level }\n", 12, 44,
         "frequency: 0Hz in output 'fan' is below 1Hz", "frequency: is from 1Hz to 10MHz"),
        ("  fan: { chip: pwm, channel: 0, frequency: 25khz, follows: level }\n", 12, 44,
         "'25khz' is not a frequency (frequency: of output 'fan')", "write 25kHz"),
        ("  fan: { chip: pwm, channel: 0, frequency: 25000, follows: level }\n", 12, 44,
         "the frequency '25000' has no unit (frequency: of output 'fan')", "write 25000Hz, or in kHz or MHz"),
        ("  fan: { chip: pwm, channel: 0, frequency: 25 kHz, follows: level }\n", 12, 44,
         "'25 kHz' is not a frequency (frequency: of output 'fan')",
         "write a number and a unit with no space, e.g. 25kHz, 1kHz, 50Hz or 1.5MHz (units: Hz, kHz, MHz)"),
        ("  fan: { chip: pwm, channel: 0, frequency: -5Hz, follows: level }\n", 12, 44,
         "the frequency '-5Hz' is negative (frequency: of output 'fan')", "write a number and a unit"),
        ("  fan: { chip: pwm, channel: 0, period: 50ns, follows: level }\n", 12, 41,
         "period: 50ns in output 'fan' is shorter than 100ns",
         "period: is from 100ns to 1s, e.g. period: 40us (25kHz) or period: 20ms (50Hz, a servo)"),
        ("  fan: { chip: pwm, channel: 0, period: 1.5s, follows: level }\n", 12, 41,
         "period: 1.5s in output 'fan' is longer than 1s", "period: is from 100ns to 1s"),
        ("  fan: { chip: pwm, channel: 0, period: 40, follows: level }\n", 12, 41,
         "the duration '40' has no unit (period: of output 'fan')", "write a number and a unit with no space"),
        // initial: and safe:, percentages.
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz, follows: level, safe: 150 }\n", 12, 72,
         "safe: 150 in output 'fan' is outside 0 to 100", "safe: is a duty cycle in percent, from 0 (off) to 100 (fully on)"),
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz, follows: level, initial: -5 }\n", 12, 75,
         "initial: -5 in output 'fan' is outside 0 to 100", "initial: is a duty cycle in percent"),
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz, follows: level, initial: on }\n", 12, 75,
         "initial: on in output 'fan' is a level; a PWM output's initial: is a percentage", "write initial: 100 for fully on"),
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz, follows: level, safe: off }\n", 12, 72,
         "safe: off in output 'fan' is a level; a PWM output's safe: is a percentage", "write safe: 0 for off"),
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz, follows: level, initial: restore }\n", 12, 75,
         "initial: restore does not apply to a PWM output (output 'fan')", "give the duty cycle it starts at"),
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz, follows: level, safe: half }\n", 12, 72,
         "safe: in output 'fan' must be a percentage, found 'half'", "safe: is a duty cycle in percent"),
        // command:, entity:, active:, ramp:
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz, follows: level, entity: fan }\n", 12, 66,
         "entity: in output 'fan' applies with command: true",
         "entity: is how Home Assistant shows an output it commands (light, fan or number); add command: true, or remove entity:"),
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz, command: true, entity: switch }\n", 12, 73,
         "unknown value 'switch' for entity: in output 'fan'", "entity: is one of light, fan, number"),
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz, command: maybe }\n", 12, 59,
         "unknown value 'maybe' for command: in output 'fan'", ""),
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz, follows: level, active: inverted }\n", 12, 74,
         "unknown value 'inverted' for active: in output 'fan'", "active: is one of high, low"),
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz, follows: level, ramp: 0 }\n", 12, 72,
         "ramp: in output 'fan' is zero", "leave ramp: out to change at once; ramp: is how long a change of the duty cycle takes"),
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz, follows: level, ramp: 2h }\n", 12, 72,
         "ramp: 2h in output 'fan' is longer than an hour", "more than 0 and up to 1h, e.g. ramp: 500ms"),
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz, follows: level, ramp: soon }\n", 12, 72,
         "'soon' is not a duration (ramp: of output 'fan')", ""),
        // follows: a level or a number in %.
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz, follows: cpu }\n", 12, 59,
         "'cpu' in follows: of output 'fan' is a number in °C, and a PWM output follows a number in % or a level",
         "map it to percent with a scale and follow that, e.g. cpu_percent: { scale: cpu, from: [50, 70], to: [30, 100] } "
             + "(from: in °C, to: in %)"),
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz, follows: raw }\n", 12, 59,
         "'raw' in follows: of output 'fan' is a number without a unit, and a PWM output follows a number in % or a level",
         "if it is a percentage, give it unit: %; else map it to percent with a scale"),
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz, follows: pressed }\n", 12, 59,
         "'pressed' is momentary (on for an instant): output 'fan' would never show it",
         "follow a toggle: or latch: of it, e.g. pressed_on: { toggle: pressed }"),
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz, follows: lvel }\n", 12, 59,
         "unknown name 'lvel' in follows: of output 'fan'", "did you mean 'level'?"),
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz, follows: level }\n  led: { chip: main, line: 5, follows: fan }\n", 13, 40,
         "'fan' in follows: of output 'led' is an output; outputs follow inputs and signals", "use what 'fan' follows: 'level'"),
        // Names, covers, interlocks, inputs.
        ("  level: { chip: pwm, channel: 1, frequency: 1kHz, command: true }\n", 12, 3,
         "'level' is already the name of an input (line 6)", "inputs, signals, outputs and covers share one set of names"),
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz, command: true }\ncovers:\n  door: { relay: fan, closed: level, travel: 10s }\n",
         14, 18, "'fan' in relay: of cover 'door' is a PWM output; a cover drives outputs on GPIO lines",
         "name an output declared with line: on a GPIO chip"),
        ("  fan: { chip: pwm, channel: 0, frequency: 1kHz, command: true }\n  led: { chip: main, line: 5, command: true }\n"
             + "interlocks:\n  pair: { outputs: [fan, led] }\n", 15, 21,
         "'fan' in interlock 'pair' is a PWM output; an interlock groups outputs that are on or off",
         "name outputs on GPIO lines"),
    ]

    @Test("mistakes in a PWM output are refused at their place, with the fix", arguments: 0..<refused.count)
    func refusal(_ index: Int) {
        let (tail, line, column, message, hint) = Self.refused[index]
        ConfigFixture.expectRefused(Self.base + tail, at: line, column, message, hint: hint)
    }

    static let refusedChips: [(String, Int, Int, String, String)] = [
        ("chips:\n  pwm: { label: pinctrl-bcm2711, pwm: fe20c000.pwm }\n", 2, 34, "chip 'pwm' has both label: and pwm:",
         "a chip is a GPIO chip (label:, path: or name:) or a PWM controller (pwm:), not both; declare each as a chip of its own"),
        ("chips:\n  pwm: fe20c000.pwm\n", 2, 8, "chip 'pwm' must be a mapping with label:, path: or name:, found 'fe20c000.pwm'",
         "write pwm: { pwm: fe20c000.pwm }"),
        ("chips:\n  pwm: { pwm: /sys/class/pwm/pwmchip0 }\n", 2, 15,
         "pwm: in chip 'pwm' is a controller's device name or pwmchipN, not a path, found '/sys/class/pwm/pwmchip0'",
         "write pwm: pwmchip0"),
        ("chips:\n  pwm: { pwm: pwmchipA }\n", 2, 15,
         "pwm: in chip 'pwm' must be pwmchip and a number (pwmchip0) or a device name, found 'pwmchipA'",
         "name the controller by its device, e.g. pwm: fe20c000.pwm (Pi 4) or pwm: 1f00098000.pwm (Pi 5)"),
        ("chips:\n  pwm: { pwn: fe20c000.pwm }\n", 2, 3, "chip 'pwm' needs one of label:, path: or name:",
         "for a PWM controller, pwm: and its device, e.g. pwm: { pwm: fe20c000.pwm }"),
        ("chips:\n  pwm: { pwm: fe20c000.pwm }\n  main: { label: pinctrl-bcm2711 }\ninputs:\n  a: { chip: pwm, line: 1 }\n", 5, 14,
         "chip 'pwm' of input 'a' is a PWM controller; an input reads a line of a GPIO chip",
         "name a chip declared with label:, path: or name:"),
        ("inputs:\n  level: { command: true }\noutputs:\n  fan: { chip: pwm, channel: 0, frequency: 1kHz, follows: level }\n", 4, 16,
         "unknown chip 'pwm' in output 'fan'", "declare it under chips:, e.g. chips: { pwm: { pwm: fe20c000.pwm } }"),
        ("chips:\n  pwm: { pwm: fe20c000.pwm }\n  also: { pwm: fe20c000.pwm }\ninputs:\n  level: { command: true }\noutputs:\n"
             + "  fan: { chip: pwm, channel: 1, frequency: 1kHz, follows: level }\n"
             + "  lamp: { chip: also, channel: 1, frequency: 1kHz, command: true }\n", 8, 32,
         "channel 1 of PWM chip 'also' (the same controller as 'pwm': pwm fe20c000.pwm) is already used by output 'fan' (line 7, column 30)",
         "a channel drives one output"),
    ]

    @Test("mistakes in a PWM chip, and a PWM chip where a GPIO chip goes, are refused at their place",
          arguments: 0..<refusedChips.count)
    func chipRefusal(_ index: Int) {
        let (yaml, line, column, message, hint) = Self.refusedChips[index]
        let text = yaml.contains("inputs:") ? yaml : yaml + "inputs:\n  level: { command: true }\n"
        ConfigFixture.expectRefused(text, at: line, column, message, hint: hint)
    }

    @Test("every mistake in one PWM output is reported, each where it is written")
    func severalMistakes() {
        let errors = ConfigFixture.errors(Self.base
            + "  fan: { chip: pwm, channel: x, frequency: 1GHz, safe: 101, line: 5, entity: fan }\n")
        #expect(errors.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
            "12:3 output 'fan' needs follows: or command: true",
            "12:30 channel: in output 'fan' must be a whole number, 0 or more, found 'x'",
            "12:44 '1GHz' is not a frequency (frequency: of output 'fan')",
            "12:56 safe: 101 in output 'fan' is outside 0 to 100",
            "12:61 line: does not apply to a PWM output (output 'fan')",
            "12:70 entity: in output 'fan' applies with command: true",
        ])
        let taken = ConfigFixture.errors(Self.base + "  fan: { chip: pwm, channel: 0, frequency: 25khz, follows: level }\n"
            + "  lamp: { chip: pwm, channel: 0, frequency: 1kHz, command: true }\n")
        #expect(taken.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
            "12:44 '25khz' is not a frequency (frequency: of output 'fan')",
            "13:31 channel 0 of PWM chip 'pwm' is already used by output 'fan' (line 12, column 30)",
        ], "a channel is claimed by an output with other mistakes too")
    }

    @Test("a PWM output with command: true owns its /set topic under mqtt:")
    func commandTopic() {
        ConfigFixture.expectRefused("""
            chips:
              pwm: { pwm: fe20c000.pwm }
            inputs:
              other: { topic: gpioagg/pi/fan/set }
            outputs:
              fan: { chip: pwm, channel: 0, frequency: 1kHz, command: true }
            mqtt: { broker: "mqtt://localhost", node: pi }

            """, at: 4, 19, "topic: 'gpioagg/pi/fan/set' of input 'other' is the command topic of this node's PWM output 'fan' (command: true)",
            hint: "")
    }

    @Test("check --board: a channel the board's controller does not have, another Pi's controller; an expander's is left alone")
    func board() throws {
        let text = Self.issueExample.replacingOccurrences(of: "channel: 0,", with: "channel: 5,")
        #expect(try BoardResolutionTests.errors(text, on: "pi5") == [
            "9:32 output 'strip': channel 5 is not on 1f00098000.pwm of the Raspberry Pi 5, whose channels are 0, 1, 2 and 3 | "
                + "channel 0 on GPIO12 (pin 32), channel 1 on GPIO13 (pin 33), channel 2 on GPIO18 (pin 12), channel 3 on GPIO19 (pin 35)",
        ])
        #expect(try BoardResolutionTests.errors(Self.issueExample, on: "pi5") == [])
        #expect(try BoardResolutionTests.errors(Self.issueExample, on: "pi4") == [
            "2:3 chip 'pwm': pwm 1f00098000.pwm is the Raspberry Pi 5's, not on the Raspberry Pi 4 Model B | "
                + "the Raspberry Pi 4 Model B's PWM controller: pwm fe20c000.pwm",
        ])
        let expander = Self.issueExample.replacingOccurrences(of: "1f00098000.pwm", with: "1-0040")
        #expect(try BoardResolutionTests.errors(expander, on: "pi4") == [], "a PCA9685 on I2C, say: checked on the hardware")
        let numbered = Self.issueExample.replacingOccurrences(of: "1f00098000.pwm", with: "pwmchip0")
        #expect(try BoardResolutionTests.errors(numbered, on: "pi4") == [], "pwmchipN numbers are not in the profiles")
    }
}
