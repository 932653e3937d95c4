import Config
import PWM
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

    @Test("a reload keeps an output's channel while its controller, channel, period and polarity stay")
    func reload() throws {
        let before = try ConfigFixture.parse(Self.issueExample)
        let moved = try ConfigFixture.parse("# a line above\n" + Self.issueExample.replacingOccurrences(
            of: "  pwm: { pwm: 1f00098000.pwm }", with: "  rp1: { pwm: 1f00098000.pwm }").replacingOccurrences(
            of: "chip: pwm", with: "chip: rp1").replacingOccurrences(of: "safe: 0 }", with: "safe: 5 }"))
        let fanBefore = try #require(before.pwmOutput(named: "fan"))
        let fanMoved = try #require(moved.pwmOutput(named: "fan"))
        #expect(!fanMoved.isUnchanged(from: fanBefore), "its chip's name changed")
        #expect(moved.keepsPWMChannel(of: fanMoved, from: before), "the same controller, channel, period and polarity")
        let stripMoved = try #require(moved.pwmOutput(named: "strip"))
        #expect(moved.keepsPWMChannel(of: stripMoved, from: before), "a new safe value keeps the channel")
        let shifted = try ConfigFixture.parse("\n\n" + Self.issueExample)
        let fanShifted = try #require(shifted.pwmOutput(named: "fan"))
        #expect(fanShifted.isUnchanged(from: fanBefore), "only where it is written changed")
        let faster = try ConfigFixture.parse(Self.issueExample.replacingOccurrences(of: "25kHz", with: "20kHz"))
        let fanFaster = try #require(faster.pwmOutput(named: "fan"))
        #expect(!fanFaster.keepsChannel(from: fanBefore))
        #expect(!faster.keepsPWMChannel(of: fanFaster, from: before))
        let inverted = try ConfigFixture.parse(Self.issueExample.replacingOccurrences(of: "safe: 100 }", with: "safe: 100, active: low }"))
        #expect(!inverted.keepsPWMChannel(of: try #require(inverted.pwmOutput(named: "fan")), from: before))
        let elsewhere = try ConfigFixture.parse(Self.issueExample.replacingOccurrences(of: "1f00098000.pwm }", with: "pwmchip0 }"))
        #expect(!elsewhere.keepsPWMChannel(of: try #require(elsewhere.pwmOutput(named: "fan")), from: before))
    }
}
