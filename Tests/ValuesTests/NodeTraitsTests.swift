import Testing
import Values

@Suite("Node traits")
struct NodeTraitsTests {
    @Test("a duty cycle is a number in % from 0 to 100 at one place; a level, a click and a cover are not numbers")
    func numberOfAForm() {
        #expect(NodeForm.duty.number == NumberForm(unit: "%", precision: 1, minimum: 0, maximum: 100))
        #expect(NodeForm.duty.isNumeric)
        #expect(NodeForm.number(NumberForm(unit: "°C")).number?.unit == "°C")
        for form in [NodeForm.level, .momentary(presses: 2), .cover(positioned: true)] {
            #expect(form.number == nil)
            #expect(!form.isNumeric)
        }
    }

    @Test("a range is open where a bound is not given")
    func range() {
        let setpoint = NumberForm(unit: "°C", minimum: 5, maximum: 30)
        #expect(setpoint.range == 5...30)
        #expect(!NumberForm(minimum: 0).range.contains(-1))
        #expect(NumberForm(minimum: 0).range.contains(1e300))
        #expect(NumberForm().range.contains(-1e300))
    }

    @Test("only a node set not at all is not settable", arguments: [
        (NodeSetting.none, false), (.command, true), (.press, true), (.number, true),
        (.total(reset: false), true), (.cover, true), (.duty(.fan), true),
    ])
    func settable(setting: NodeSetting, settable: Bool) {
        #expect(setting.isSettable == settable)
        #expect(NodeTraits(.input("x"), form: .level, setting: setting).isSettable == settable)
    }

    @Test("the words of entity: and mode: are the raw values")
    func words() {
        #expect(PWMControl.allCases.map(\.rawValue) == ["light", "fan", "number"])
        #expect(NumberMode.allCases.map(\.rawValue) == ["box", "slider"])
        #expect(SensorStateClass(rawValue: "total_increasing") == .totalIncreasing)
    }

    @Test("traits name their node and carry what is shown")
    func identity() {
        let door = NodeTraits(.input("door"), form: .level, displayName: "Front door", deviceClass: "door")
        #expect(door.name == "door")
        #expect(door.id.kind == .input)
        #expect(door.displayName == "Front door")
        #expect(door.topic == nil)
        #expect(door != NodeTraits(.input("door"), form: .level))
    }
}
