import Config
@testable import Engine
import GPIO
import Testing
import Values

/// Covers in the graph, on virtual time: commands through `Engine.set`, the relay's
/// pulse and the motors through their outputs, end inputs, kept and carried positions.
@Suite("Covers in the engine")
struct CoverGraphTests {
    static let text = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          door_closed: { chip: main, line: GPIO23 }
          top: { chip: main, line: GPIO24 }
        signals:
          blinds_open: { all: [top] }
        outputs:
          door_relay: { chip: main, line: GPIO8, pulse: 500ms }
          blinds_up: { chip: main, line: GPIO9 }
          blinds_down: { chip: main, line: GPIO10 }
        covers:
          garage_door: { relay: door_relay, closed: door_closed, travel: 15s }
          blinds: { up: blinds_up, down: blinds_down, open: blinds_open, travel: 20s }
        interlocks:
          blinds_motor: { outputs: [blinds_up, blinds_down], wait: 500ms }
        """

    static func harness(kept: [String: Double] = [:]) throws -> EngineHarness {
        let harness = EngineHarness(try ConfigLoader.parse(text, file: "covers.yaml"))
        for (name, position) in kept { harness.engine.keptValues.values[.cover(name)] = .number(position, .none) }
        try harness.start()
        harness.chip.clearWrites()   // the outputs requested off
        return harness
    }

    @Test("open on a closed door: one press through the relay's pulse:; open again sends nothing and says why")
    func relayPressOnce() throws {
        let harness = try Self.harness()
        #expect(harness.snapshot.covers["garage_door"] == .cover(.open, position: nil), "not closed, no open input: open")
        harness.set("GPIO23", true)
        #expect(harness.snapshot.covers["garage_door"] == .cover(.closed, position: nil))
        #expect(try harness.engine.setCover("garage_door", .open) == nil)
        #expect(harness.writes("GPIO8") == [true])
        harness.advance(by: .milliseconds(500))
        #expect(harness.writes("GPIO8") == [true, false])
        let note = try harness.engine.setCover("garage_door", .open)
        #expect(note == "the door is opening already: no pulse sent")
        harness.advance(by: .seconds(1))
        #expect(harness.writes("GPIO8") == [true, false])
        #expect(harness.changes(of: .cover, "garage_door") == [.cover(.closed, position: nil), .cover(.opening, position: nil)])
        // Leaving closed: opening for the travel, then open.
        harness.set("GPIO23", false)
        harness.advance(by: .seconds(15))
        #expect(harness.snapshot.covers["garage_door"] == .cover(.open, position: nil))
    }

    @Test("open, then stop 250 ms later with pulse: 500ms: two presses on the relay line, released 500 ms between; stopped when the second is made")
    func twoCommandsWithinThePulse() throws {
        let harness = try Self.harness()
        harness.set("GPIO23", true)
        harness.clearChanges()
        try harness.engine.setCover("garage_door", .open)
        harness.advance(by: .milliseconds(250))
        #expect(try harness.engine.setCover("garage_door", .stop) == nil)
        #expect(harness.writes("GPIO8") == [true], "the stop does not lengthen the first press")
        #expect(harness.snapshot.covers["garage_door"] == .cover(.opening, position: nil))
        harness.advance(by: .milliseconds(250))
        #expect(harness.writes("GPIO8") == [true, false], "the first press ends after its 500 ms")
        harness.advance(by: .milliseconds(499))
        #expect(harness.writes("GPIO8") == [true, false])
        #expect(harness.snapshot.covers["garage_door"] == .cover(.opening, position: nil))
        harness.advance(by: .milliseconds(1))
        #expect(harness.writes("GPIO8") == [true, false, true], "the second press, 500 ms after the release")
        #expect(harness.snapshot.covers["garage_door"] == .cover(.stopped, position: nil))
        harness.advance(by: .milliseconds(500))
        #expect(harness.writes("GPIO8") == [true, false, true, false])
        #expect(harness.changes(of: .cover, "garage_door") == [.cover(.opening, position: nil), .cover(.stopped, position: nil)])
        let why = try #require(harness.engine.explain("garage_door"))
        #expect(why.first?.contains("stopped") == true, "\(why)")
    }

    @Test("a door pressed that never leaves closed is closed again after 16.5 s, the fault in the log, and nothing pending")
    func doorThatDoesNotMove() throws {
        let harness = try Self.harness()
        harness.set("GPIO23", true)
        try harness.engine.setCover("garage_door", .open)
        harness.advance(by: .milliseconds(16_499))
        #expect(harness.snapshot.covers["garage_door"]?.coverState == .opening)
        harness.advance(by: .milliseconds(1))
        #expect(harness.snapshot.covers["garage_door"]?.coverState == .closed)
        #expect(harness.log.contains { $0.contains("cover 'garage_door': the door was pulsed to open and did not leave closed") },
                "\(harness.log)")
        let why = try #require(harness.engine.explain("garage_door"))
        #expect(why.first?.contains("last fault: the door was pulsed to open") == true, "\(why)")
        harness.clearChanges()
        harness.advance(by: .seconds(600))
        #expect(harness.changes.isEmpty)
    }

    @Test("blinds to 40 % and back: the motors through their outputs, the position reported at each stop")
    func blindsToFortyAndBack() throws {
        let harness = try Self.harness(kept: ["blinds": 0])
        #expect(harness.snapshot.covers["blinds"] == .cover(.closed, position: 0))
        try harness.engine.setCover("blinds", .position(40))
        #expect(harness.writes("GPIO9") == [true])
        harness.advance(by: .seconds(4))
        #expect(harness.snapshot.covers["blinds"] == .cover(.opening, position: 20), "the position as reckoned now")
        let why = try #require(harness.engine.explain("blinds"))
        #expect(why.first == "blinds opening 20 %: cover on motors blinds_up and blinds_down, open: blinds_open, travel 20s; "
            + "driving up towards 40 % for 4s; stops in 4s", "\(why)")
        harness.advance(by: .seconds(4))
        #expect(harness.writes("GPIO9") == [true, false])
        #expect(harness.snapshot.covers["blinds"] == .cover(.stopped, position: 40))
        try harness.engine.setCover("blinds", .close)
        // Up was released this instant: down starts after the interlock's 500 ms.
        harness.advance(by: .milliseconds(499))
        #expect(harness.writes("GPIO10") == [])
        harness.advance(by: .milliseconds(10_001))
        #expect(harness.writes("GPIO10") == [true, false])
        #expect(harness.changes(of: .cover, "blinds") == [
            .cover(.opening, position: 0), .cover(.stopped, position: 40), .cover(.closing, position: 40),
            .cover(.closed, position: 0),
        ])
    }

    @Test("an open: signal turning on ends the move up there, at 100")
    func endSignal() throws {
        let harness = try Self.harness(kept: ["blinds": 50])
        try harness.engine.setCover("blinds", .open)
        harness.advance(by: .seconds(3))
        harness.set("GPIO24", true)
        #expect(harness.snapshot.covers["blinds"] == .cover(.open, position: 100))
        #expect(harness.writes("GPIO9") == [true, false])
    }

    @Test("stop releases the motors where they are, and says where, for the kept position")
    func stopReleasesMotors() throws {
        let harness = try Self.harness(kept: ["blinds": 0])
        try harness.engine.setCover("blinds", .open)
        harness.advance(by: .seconds(6))
        harness.engine.stop()
        #expect(harness.writes("GPIO9") == [true, false])
        let last = try #require(harness.changes.last { $0.kind == .cover && $0.name == "blinds" })
        #expect(last.value == .cover(.stopped, position: 30))
        #expect(last.cause == .safeState)
    }

    @Test("a reload carries the blinds' position into the new engine")
    func reloadCarriesPosition() throws {
        let harness = try Self.harness(kept: ["blinds": 0])
        try harness.engine.setCover("blinds", .position(40))
        harness.advance(by: .seconds(8))
        let next = Engine(configuration: try ConfigLoader.parse(Self.text, file: "covers.yaml"),
                          backend: harness.simulated, loop: harness.loop)
        try next.start(replacing: harness.engine)
        harness.loop.run()
        #expect(next.snapshot().covers["blinds"] == .cover(.stopped, position: 40))
        next.stop()
    }

    @Test("refusals: no such cover (with a suggestion), a position for a door on one relay, positions before one is known")
    func refusals() throws {
        let harness = try Self.harness()
        #expect(harness.engine.set("blind", .cover(.open)).refusal?.text
            == "no settable node named 'blind'; did you mean 'blinds'? (settable: garage_door, blinds)")
        #expect(throws: SetRefusal(.value, "cover 'garage_door': a door on one relay has no position: write open, close or stop")) {
            try harness.engine.setCover("garage_door", .position(40))
        }
        #expect(throws: SetRefusal(.value, "cover 'blinds': the position is not known yet: open or close it fully first")) {
            try harness.engine.setCover("blinds", .position(40))
        }
        #expect(harness.writes("GPIO8").isEmpty && harness.writes("GPIO9").isEmpty && harness.writes("GPIO10").isEmpty)
    }

    @Test("a door's two end inputs change in one transaction, closed on and open off: the door is closed, never closing, and no fault follows")
    func endInputsSettledTogether() throws {
        let text = """
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              at_bottom: { command: true }
              at_top: { command: true, initial: on }
            outputs:
              door_relay: { chip: main, line: GPIO8, pulse: 500ms }
            covers:
              garage_door: { relay: door_relay, closed: at_bottom, open: at_top, travel: 15s }
            """
        let harness = EngineHarness(try ConfigLoader.parse(text, file: "door.yaml"))
        try harness.start()
        #expect(harness.snapshot.covers["garage_door"] == .cover(.open, position: nil))
        harness.engine.transaction {
            _ = harness.engine.set("at_bottom", .command(.on))
            _ = harness.engine.set("at_top", .command(.off))
        }
        #expect(harness.snapshot.covers["garage_door"] == .cover(.closed, position: nil))
        #expect(harness.changes(of: .cover, "garage_door") == [.cover(.closed, position: nil)])
        harness.advance(by: .seconds(30))
        #expect(harness.snapshot.covers["garage_door"] == .cover(.closed, position: nil))
        #expect(!harness.log.contains { $0.contains("garage_door") }, "\(harness.log)")
    }
}
