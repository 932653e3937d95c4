import Config
@testable import Engine
import GPIO
import Testing

@Suite("Configurations read by ConfigLoader")
struct ParsedConfigTests {
    @Test("the embedded demo (config/gpioagg.yaml) lights ready_led only while all three switches are on")
    func embeddedDemo() throws {
        let harness = EngineHarness(Configuration.embeddedDemo)
        try harness.start()
        try harness.setInput("switch1", true)
        try harness.setInput("switch2", true)
        harness.advance(by: .milliseconds(10))
        #expect(harness.output("ready_led") == false)
        try harness.setInput("switch3", true)
        harness.advance(by: .milliseconds(10))
        #expect(harness.output("ready_led") == true)
        try harness.toggleInput("switch1")
        harness.advance(by: .milliseconds(10))
        #expect(harness.output("ready_led") == false)
        harness.engine.stop()
        #expect(harness.writes("GPIO5") == [false, true, false, false])
    }

    @Test("errors point at the declaration in the file as written")
    func errorLocationsComeFromTheFile() throws {
        let configuration = try ConfigLoader.parse(Configuration.embeddedDemoText, file: "gpioagg.yaml")
        let harness = EngineHarness(configuration)
        let other = try harness.simulated.openChip(.label("pinctrl-bcm2711"))
        let held = try other.requestInputs([InputLineConfig(offset: 22)], consumer: "doorbell")
        defer { held.release() }
        let error = try #require(throws: EngineError.self) { try harness.start() }
        #expect(error.location == configuration.inputs.first { $0.name == "switch3" }?.location)
        #expect(error.description.hasPrefix(
            "gpioagg.yaml:12:3: error: input 'switch3': line 22 'GPIO22' on gpiochip0 [pinctrl-bcm2711] is busy: it is held by 'doorbell'"))
    }

    @Test("every signal form, as written in YAML")
    func everyFormFromYAML() throws {
        let text = """
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              a: { chip: main, line: GPIO2, bias: pull-down }
              b: { chip: main, line: GPIO3, bias: pull-down }
            signals:
              both: { all: [a, b] }
              either: { any: [a, b] }
              neither: { none: [a, b] }
              two: { at_least: { count: 2, of: [a, b] } }
              not_a: { not: a }
              flip: { toggle: a }
              held: { sample: { value: b, on: a } }
              rounds: { zip: [a, b] }
            outputs:
              led: { chip: main, line: GPIO5, follows: rounds }
            """
        let harness = EngineHarness(try ConfigLoader.parse(text, file: "forms.yaml"))
        try harness.start()
        #expect(harness.snapshot.signals == ["both": false, "either": false, "neither": true, "two": false,
                                             "not_a": true, "flip": false, "held": false, "rounds": false])
        harness.set("GPIO3", true)
        harness.set("GPIO2", true)
        #expect(harness.snapshot.signals == ["both": true, "either": true, "neither": false, "two": true,
                                             "not_a": false, "flip": true, "held": true, "rounds": true])
        #expect(harness.output("led") == true)
    }
}
