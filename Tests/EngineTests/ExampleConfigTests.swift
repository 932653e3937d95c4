import Config
import Engine
import GPIO
import Testing
import Values

@Suite("The example configuration on simulated lines")
struct ExampleConfigTests {
    @Test("ready_led is on only while all three switches are on")
    func ledFollowsAllThreeSwitches() throws {
        let harness = EngineHarness(Fixtures.example)
        try harness.start()
        #expect(harness.snapshot.inputs == ["switch1": false, "switch2": false, "switch3": false])
        #expect(harness.output("ready_led") == false)

        // Switches close to ground: logical on. Each is debounced for 10 ms.
        for (index, name) in ["switch1", "switch2", "switch3"].enumerated() {
            harness.set(["GPIO17", "GPIO27", "22"][index], true)
            harness.advance(by: .milliseconds(10))
            #expect(harness.input(name) == true)
            #expect(harness.output("ready_led") == .level(index == 2))
        }
        #expect(harness.level("GPIO5") == true)

        harness.set("GPIO27", false)
        harness.advance(by: .milliseconds(10))
        #expect(harness.signal("all_on") == false)
        #expect(harness.level("GPIO5") == false)

        harness.set("GPIO27", true)
        harness.advance(by: .milliseconds(10))
        #expect(harness.level("GPIO5") == true)
        #expect(harness.writes("GPIO5") == [false, true, false, true])

        harness.engine.stop()
        #expect(harness.level("GPIO5") == false)
        #expect(harness.writes("GPIO5") == [false, true, false, true, false])
    }

    @Test("observers hear inputs, then the signal, then the output, with the edges' timestamps")
    func observersHearCauseBeforeEffect() throws {
        let harness = EngineHarness(Fixtures.example)
        try harness.start()
        harness.set("GPIO17", true)
        harness.set("GPIO27", true)
        harness.set("22", true)
        harness.advance(by: .milliseconds(10))
        #expect(harness.changes.map(\.description) == [
            "output ready_led off",           // the initial value
            "input switch1 on", "input switch2 on", "input switch3 on",
            "signal all_on on", "output ready_led on",
        ])
        // Debounced changes are stamped with the deadline that revealed them.
        #expect(harness.changes.dropFirst().allSatisfy { $0.timestamp == 10_000_000 })
    }

    @Test("the lines are requested under the consumer name, with the configured settings")
    func linesAreRequested() throws {
        let harness = EngineHarness(Fixtures.example)
        try harness.start()
        let chip = try harness.simulated.openChip(.label("pinctrl-bcm2711"))
        let switch1 = try chip.lineInfo(17)
        #expect(switch1.consumer == "gpioagg")
        #expect(switch1.direction == .input)
        #expect(switch1.activeLow)
        #expect(switch1.bias == .pullUp)
        #expect(try chip.lineInfo(5).direction == .output)
        harness.engine.stop()
        #expect(try chip.lineInfo(17).used == false)
        #expect(try chip.lineInfo(5).used == false)
    }
}
