import Config
import Engine
import GPIO
import Testing

@Suite("Simulated input control")
struct SimulationControlTests {
    @Test("set, toggle and pulse move inputs by their logical value, through debounce")
    func setTogglePulse() throws {
        let harness = EngineHarness(Fixtures.example)
        try harness.start()
        try harness.engine.setSimulatedInput("switch1", true)
        #expect(harness.level("GPIO17") == false, "active low: on is a low line")
        try harness.engine.setSimulatedInput("switch2", true)
        try harness.engine.toggleSimulatedInput("switch3")
        harness.advance(by: .milliseconds(10))
        #expect(harness.snapshot.inputs == ["switch1": true, "switch2": true, "switch3": true])
        #expect(harness.output("ready_led") == true)

        try harness.engine.toggleSimulatedInput("switch3")
        harness.advance(by: .milliseconds(10))
        #expect(harness.output("ready_led") == false)

        // A 50 ms pulse on: the LED lights 10 ms (debounce) after it starts, and goes
        // off 10 ms after it ends.
        try harness.engine.pulseSimulatedInput("switch3", for: .milliseconds(50))
        harness.advance(by: .milliseconds(10), step: .milliseconds(1))
        #expect(harness.output("ready_led") == true)
        harness.advance(by: .milliseconds(40), step: .milliseconds(1))
        #expect(harness.output("ready_led") == true)
        #expect(harness.level("22") == true, "the pulse ended: the line is back up")
        harness.advance(by: .milliseconds(10), step: .milliseconds(1))
        #expect(harness.output("ready_led") == false)
        #expect(harness.changes(of: .output, "ready_led") == [false, true, false, true, false])
    }

    @Test("setting an input to the value it has changes nothing")
    func setToSameValue() throws {
        let harness = EngineHarness(Fixtures.signal(.toggle("a")))
        try harness.start()
        try harness.engine.setSimulatedInput("a", true)
        harness.host.pump()
        try harness.engine.setSimulatedInput("a", true)
        harness.host.pump()
        #expect(harness.changes(of: .input, "a") == [true])
        #expect(harness.signal("s") == true)
    }

    @Test("unknown names, signals and outputs are refused, listing the inputs")
    func unknownNames() throws {
        let harness = EngineHarness(Fixtures.example)
        try harness.start()
        for name in ["switch9", "all_on", "ready_led"] {
            let error = try #require(throws: EngineError.self) { try harness.engine.setSimulatedInput(name, true) }
            #expect(error.kind == .unknownName)
            #expect(error.description == """
                error: no input named '\(name)'
                hint: inputs: switch1, switch2, switch3
                """)
        }
    }

    @Test("inputs on a backend that is not simulated are refused")
    func notSimulated() throws {
        let harness = EngineHarness(Fixtures.example, backend: { RecordingBackend($0) }, simulation: false)
        try harness.start()
        let error = try #require(throws: EngineError.self) { try harness.engine.toggleSimulatedInput("switch1") }
        #expect(error.kind == .notSimulated)
        #expect(error.location == Fixtures.at(11))
    }

    @Test("an engine that is not running refuses")
    func notRunning() throws {
        let harness = EngineHarness(Fixtures.example)
        #expect(throws: EngineError.self) { try harness.engine.setSimulatedInput("switch1", true) }
        try harness.start()
        harness.engine.stop()
        let error = try #require(throws: EngineError.self) { try harness.engine.pulseSimulatedInput("switch1", for: .seconds(1)) }
        #expect(error.kind == .notRunning)
    }
}
