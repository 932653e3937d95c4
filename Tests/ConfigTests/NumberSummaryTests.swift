import Config
import Testing

@Suite("Config: check's summary of numbers, and a file without chips")
struct NumberSummaryTests {
    @Test("numeric inputs and signals show their unit and, briefly, their filters")
    func summary() throws {
        let configuration = try ConfigFixture.parse("""
            mqtt: { broker: mqtt://h }
            inputs:
              setpoint: { command: true, type: number, initial: 21, min: 5, max: 30, step: 0.5, unit: "°C", persist: true }
              outside: { topic: weather/outside, type: number, unit: "°C", filters: [{ clamp: { min: -40 } }, { timeout: 5m }] }
              count: { command: true, type: number, precision: 0, state_class: total_increasing }
            signals:
              spread: { difference: [setpoint, outside], filters: [{ median: 5 }, { offset: -0.4 }, { calibrate_linear: [[0, 0], [1, 2]] }] }
              frost: { threshold: outside, below: 0.5, hysteresis: 0.5 }
              cold: { threshold: outside, below: setpoint, fallback: on }

            """)
        let lines = ConfigSummary.lines(of: configuration)
        #expect(lines.first == "test.yaml: valid; 0 chips, 3 inputs, 3 signals, 0 outputs")
        #expect(lines.contains("  setpoint   command (MQTT /set, gpioagg set), number, initial 21, min 5, max 30, step 0.5, persist, unit: °C"),
                "\(lines)")
        #expect(lines.contains("  count      command (MQTT /set, gpioagg set), number, initial 0, unit: none, precision: 0, state_class: total_increasing"),
                "\(lines)")
        #expect(lines.contains("  outside    topic weather/outside, number, fallback unavailable, hold 30s, unit: °C, filters: [clamp: -40.., timeout: 5m]"),
                "\(lines)")
        #expect(lines.contains("  spread     difference: [setpoint, outside], unit: °C, filters: [median: 5, offset: -0.4, calibrate_linear: 2 pairs]"),
                "\(lines)")
        #expect(lines.contains("  frost      threshold: outside, below: 0.5, hysteresis: 0.5"), "\(lines)")
        #expect(lines.contains("  cold       threshold: outside, below: setpoint, fallback: on"), "\(lines)")
    }

    @Test("a file of command inputs, signals and no line needs no chips:")
    func noChips() throws {
        let configuration = try ConfigFixture.parse("""
            inputs:
              override: { command: true, initial: on }
              manual: { command: true }
            signals:
              either: { any: [override, manual] }

            """)
        #expect(configuration.chips.isEmpty)
        #expect(configuration.signals.map(\.name) == ["either"])
    }

    @Test("a file with a line input or a line output and no chips: is still refused")
    func linesNeedChips() {
        ConfigFixture.expectRefused("inputs:\n  a: { command: true }\noutputs:\n  led: { chip: main, line: 5, follows: a }\n",
                                    at: 1, 1, "missing chips:", hint: "declare the GPIO chips the lines are on")
    }
}
