import Config
import Foundation
import Engine
import GPIO
import GPIOSimulated
import Testing

/// `Engine.start(replacing:)`: what a SIGHUP reload does to the lines.
@Suite("Reloading: one engine taking over from another")
struct ReloadTests {
    static let base = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          a: { chip: main, line: GPIO17, debounce: 10ms }
          b: { chip: main, line: GPIO27 }
        signals:
          both: { all: [a, b] }
        outputs:
          led: { chip: main, line: GPIO5, follows: both }
          lamp: { chip: main, line: GPIO6, follows: a }
        """

    static func parse(_ text: String) throws -> Configuration {
        try ConfigLoader.parse(text, file: "gpioagg.yaml")
    }

    /// A harness on `base` with both inputs on (both outputs lit), writes cleared.
    static func running() throws -> EngineHarness {
        let harness = EngineHarness(try parse(base))
        try harness.start()
        harness.set("GPIO17", true)
        harness.set("GPIO27", true)
        harness.advance(by: .milliseconds(10))
        #expect(harness.snapshot.outputs == ["led": true, "lamp": true])
        harness.chip.clearWrites()
        return harness
    }

    /// A second engine on the harness's chips and host.
    static func next(_ text: String, after harness: EngineHarness) throws -> Engine {
        Engine(configuration: try parse(text), backend: harness.simulated, loop: harness.loop)
    }

    @Test("the same configuration again: nothing is written, released or re-read")
    func sameConfiguration() throws {
        let harness = try Self.running()
        let next = try Self.next(Self.base, after: harness)
        try next.start(replacing: harness.engine)
        harness.loop.run()
        #expect(!harness.engine.isRunning)
        #expect(next.snapshot().outputs == ["led": true, "lamp": true])
        #expect(next.snapshot().inputs == ["a": true, "b": true])
        #expect(harness.chip.writes.isEmpty, "writes: \(harness.chip.writes)")
        #expect(harness.chip.consumer(of: .name("GPIO5")) == "gpioagg")
        // The new graph follows the inputs.
        harness.set("GPIO27", false)
        #expect(next.snapshot().outputs == ["led": false, "lamp": true])
        #expect(harness.writes("GPIO5") == [false])
        next.stop()
    }

    @Test("a new output and a changed graph: outputs that stay are not rewritten unless their value changes")
    func addedOutput() throws {
        let harness = try Self.running()
        let next = try Self.next(Self.base.replacingOccurrences(
            of: "lamp: { chip: main, line: GPIO6, follows: a }",
            with: "lamp: { chip: main, line: GPIO6, follows: both }\n  siren: { chip: main, line: GPIO13, follows: b }"),
            after: harness)
        try next.start(replacing: harness.engine)
        harness.loop.run()
        #expect(next.snapshot().outputs == ["led": true, "lamp": true, "siren": true])
        #expect(harness.writes("GPIO5").isEmpty)
        #expect(harness.writes("GPIO6").isEmpty)
        #expect(harness.writes("GPIO13") == [false, true])  // initial, then what the graph says
        next.stop()
    }

    @Test("a removed output gets its safe value; its request's other line is requested again at its level")
    func removedOutput() throws {
        let harness = try Self.running()
        let next = try Self.next(Self.base.replacingOccurrences(
            of: "\n  lamp: { chip: main, line: GPIO6, follows: a }", with: ""), after: harness)
        try next.start(replacing: harness.engine)
        harness.loop.run()
        #expect(next.snapshot().outputs == ["led": true])
        #expect(harness.writes("GPIO6") == [false])  // safe
        #expect(harness.writes("GPIO5").allSatisfy { $0 }, "led never went off: \(harness.writes("GPIO5"))")
        #expect(harness.level("GPIO5") == true)
        #expect(harness.chip.consumer(of: .name("GPIO6")) == nil)
        next.stop()
    }

    @Test("an input request whose lines keep their settings comes over with its debounce state")
    func inputKeepsDebounceState() throws {
        let harness = try Self.running()
        // A release of `a` is being debounced (10 ms) when the reload comes.
        harness.set("GPIO17", false)
        let next = try Self.next(Self.base.replacingOccurrences(of: "follows: a", with: "follows: b"), after: harness)
        try next.start(replacing: harness.engine)
        harness.loop.run()
        #expect(next.snapshot().inputs["a"] == true)
        harness.advance(by: .milliseconds(9))
        #expect(next.snapshot().inputs["a"] == true)
        harness.advance(by: .milliseconds(1))
        #expect(next.snapshot().inputs["a"] == false, "the debounce deadline came over with the request")
        next.stop()
    }

    @Test("an input request with a line whose settings change is requested anew: its lines are read again")
    func inputRequestedAnew() throws {
        let harness = try Self.running()
        harness.set("GPIO17", false)  // being debounced
        let next = try Self.next(Self.base.replacingOccurrences(
            of: "b: { chip: main, line: GPIO27 }", with: "b: { chip: main, line: GPIO27, active: low }"),
            after: harness)
        try next.start(replacing: harness.engine)
        harness.loop.run()
        // b is now active-low (on while low), a is read as it is: low.
        #expect(next.snapshot().inputs == ["a": false, "b": false])
        #expect(harness.chip.consumer(of: .name("GPIO27")) == "gpioagg")
        next.stop()
    }

    @Test("a line held by another program: refused before anything changes, the old engine keeps running")
    func busyLine() throws {
        let harness = try Self.running()
        let other = try harness.simulated.openChip(.label("pinctrl-bcm2711"))
        let held = try other.requestInputs([InputLineConfig(offset: 13)], consumer: "doorbell")
        defer { held.release() }
        let next = try Self.next(Self.base + "\n  siren: { chip: main, line: GPIO13, follows: b }", after: harness)
        let error = try #require(throws: EngineError.self) { try next.start(replacing: harness.engine) }
        #expect(error.description.hasPrefix("gpioagg.yaml:11:3: error: output 'siren': line 13 'GPIO13'"))
        #expect(error.description.contains("held by 'doorbell'"))
        #expect(harness.engine.isRunning)
        #expect(!next.isRunning)
        #expect(harness.chip.writes.isEmpty)
        harness.set("GPIO27", false)
        #expect(harness.output("led") == false)
        harness.engine.stop()
    }

    @Test("an unknown line name: refused, the old engine keeps running")
    func unknownLine() throws {
        let harness = try Self.running()
        let next = try Self.next(Self.base.replacingOccurrences(of: "GPIO27", with: "GPIO72"), after: harness)
        #expect(throws: EngineError.self) { try next.start(replacing: harness.engine) }
        #expect(harness.engine.isRunning)
        #expect(harness.chip.writes.isEmpty)
        harness.engine.stop()
    }
}
