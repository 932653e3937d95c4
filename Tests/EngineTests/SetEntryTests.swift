import Config
import Foundation
import Engine
import Testing
import Values

/// `Engine.set`, the one way in for whatever sets a node: by name or by `NodeID`, what it
/// answers (applied with the value, applied with a note, refused) and the names it
/// suggests for an unknown one, of every kind that takes a value.
@Suite("Setting a node through Engine.set")
struct SetEntryTests {
    static func harness() throws -> EngineHarness {
        let text = CoverGraphTests.text.replacingOccurrences(of: "inputs:\n", with: """
            inputs:
              override: { command: true }
              setpoint: { command: true, type: number, min: 5, max: 30, initial: 20, unit: "°C" }

            """)
        let harness = EngineHarness(try ConfigLoader.parse(text, file: "covers.yaml"))
        try harness.start()
        return harness
    }

    @Test("a door asked to open twice: applied with its value, then applied with the note saying why nothing was sent")
    func appliedAndNoted() throws {
        let harness = try Self.harness()
        harness.set("GPIO23", true)
        #expect(harness.engine.set(.cover("garage_door"), .cover(.open)) == .applied(.cover(.opening, position: nil), precision: 0))
        #expect(harness.engine.set("garage_door", .cover(.open))
            == .noted(.cover(.opening, position: nil), precision: 0, note: "the door is opening already: no pulse sent"))
        #expect(harness.engine.set("setpoint", .number(21.5)) == .applied(.number(21.5, "°C"), precision: 2))
    }

    @Test("a NodeID of another kind than the name's is unknown; a misspelt name gets the settable names close to it, of any kind")
    func refusals() throws {
        let harness = try Self.harness()
        let wrongKind = harness.engine.set(.input("blinds"), .number(40)).refusal
        #expect(wrongKind?.reason == .unknownName && wrongKind?.suggestions == ["blinds"], "\(String(describing: wrongKind))")
        let typo = harness.engine.set("blind", .cover(.open)).refusal
        #expect(typo?.suggestions == ["blinds"])
        #expect(typo?.text == "no settable node named 'blind'; did you mean 'blinds'? "
            + "(settable: override, setpoint, garage_door, blinds)")
        #expect(harness.engine.settableNames == ["override", "setpoint", "garage_door", "blinds"],
                "door_relay and the motors follow their cover: no command")
        #expect(harness.engine.set("blinds_open", .on).refusal?.reason == .notSettable)
        #expect(harness.engine.set("top", .on).refusal?.reason == .notSettable)
        #expect(harness.engine.set("setpoint", .number(31)).refusal?.reason == .value)
        harness.engine.stop()
        #expect(harness.engine.set("override", .on).refusal == SetRefusal(.notRunning, "the engine is not running"))
    }
}
