import Config
@testable import Engine
import Testing
import Values

/// `override: true` on an output: `auto` follows what it follows, `on` and `off` hold
/// whatever it does until someone chooses again; the output's own limits still apply.
@Suite("Outputs with an override")
struct OutputOverrideTests {
    static let text = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          motion: { command: true }
        signals:
          wanted: { any: [motion] }
        outputs:
          lamp: { chip: main, line: GPIO5, follows: wanted, override: true }
          pump: { chip: main, line: GPIO6, follows: wanted, override: true, max_on: 10m }
        """

    static func harness() throws -> EngineHarness {
        let harness = EngineHarness(try ConfigLoader.parse(text, file: "gpioagg.yaml"))
        try harness.start()
        return harness
    }

    @Test("on and off hold whatever it follows does; auto follows it again at once")
    func modesHold() throws {
        let harness = try Self.harness()
        #expect(harness.output("lamp") == false)
        harness.engine.setInput("motion", to: true)
        #expect(harness.output("lamp") == true, "auto follows")
        #expect(harness.engine.set("lamp", .off).applied == .level(false))
        harness.engine.setInput("motion", to: false)
        harness.engine.setInput("motion", to: true)
        #expect(harness.output("lamp") == false, "off holds across what it follows")
        #expect(harness.engine.set("lamp", .on).applied == .level(true))
        harness.engine.setInput("motion", to: false)
        harness.advance(by: .seconds(3600))
        #expect(harness.output("lamp") == true, "on holds, for as long as it takes")
        #expect(harness.engine.set("lamp", .auto).applied == .level(false), "auto: motion is off")
        harness.engine.setInput("motion", to: true)
        #expect(harness.output("lamp") == true)
    }

    @Test("max_on still turns a forced on off, and holds it off until auto or what it follows lets go")
    func maxOnApplies() throws {
        let harness = try Self.harness()
        #expect(harness.engine.set("pump", .on).applied == .level(true))
        harness.advance(by: .seconds(599))
        #expect(harness.output("pump") == true)
        harness.advance(by: .seconds(2))
        #expect(harness.output("pump") == false, "max_on: 10m")
    }

    @Test("toggle and numbers are refused with the words it takes; auto to an output without an override is refused")
    func refusals() throws {
        let harness = try Self.harness()
        #expect(harness.engine.set("lamp", .toggle).refusal?.text == "'lamp' has an override: write auto, on or off")
        #expect(harness.engine.set("lamp", .number(40)).refusal?.reason == .value)
        let plain = EngineHarness(try ConfigLoader.parse(Self.text.replacingOccurrences(of: ", override: true", with: ""),
                                                         file: "gpioagg.yaml"))
        try plain.start()
        #expect(plain.engine.set("lamp", .auto).refusal?.reason == .notSettable)
    }

    @Test("why says the mode and since when; a reload keeps a mode chosen by hand")
    func whyAndReload() throws {
        let harness = try Self.harness()
        harness.engine.set("lamp", .on)
        harness.advance(by: .seconds(90))
        let why = harness.engine.explain("lamp", depth: 0)?.first ?? ""
        #expect(why.contains(", override: true"), "\(why)")
        #expect(why.contains("; forced on by its override since 1m30s ago"), "\(why)")
        let next = Engine(configuration: try ConfigLoader.parse(Self.text + "\n  spare: { chip: main, line: GPIO13, follows: wanted }\n",
                                                                file: "gpioagg.yaml"),
                          backend: harness.simulated, loop: harness.loop)
        try next.start(replacing: harness.engine)
        harness.loop.run()
        #expect(next.snapshot().outputs["lamp"] == true, "the reload keeps on")
        #expect((next.explain("lamp", depth: 0)?.first ?? "").contains("forced on by its override since 1m30s ago"))
        #expect(next.set("lamp", .auto).applied == .level(false))
        #expect((next.explain("lamp", depth: 0)?.first ?? "").contains("its override is auto since 0s ago: it follows wanted"))
        next.stop()
    }

    @Test("check refuses override: beside command: true, and without follows:")
    func configRefusals() {
        func errors(_ output: String) -> [String] {
            do {
                _ = try ConfigLoader.parse("chips:\n  main: { label: pinctrl-bcm2711 }\ninputs:\n  b: { command: true }\n"
                                           + "outputs:\n  \(output)\n", file: "gpioagg.yaml")
                return []
            } catch {
                return error.errors.map { "\($0.location.line):\($0.location.column) \($0.message)" }
            }
        }
        #expect(errors("lamp: { chip: main, line: GPIO5, follows: b, command: true, override: true }")
            == ["6:63 override: and command: true in output 'lamp' are two ways to set it by hand"])
        #expect(errors("lamp: { chip: main, line: GPIO5, override: true }") == ["6:3 output 'lamp' needs follows:"])
        let cover = "up: { chip: main, line: GPIO5, override: true }\n  down: { chip: main, line: GPIO6 }\n"
            + "interlocks:\n  motor: { outputs: [up, down], wait: 500ms }\ncovers:\n  blinds: { up: up, down: down, travel: 20s }"
        #expect(errors(cover).first == "6:3 override: on output 'up', which cover 'blinds' (up:) drives", "\(errors(cover))")
    }
}
