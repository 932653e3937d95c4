import HomeAssistant
import Testing
import Values

@Suite("A node's entity from its traits")
struct EntityTraitsTests {
    static let celsius = NumberForm(unit: "°C", precision: 1)

    @Test("each kind of node: the entity its traits make is the one built for that kind by hand", arguments: [
        (NodeTraits(.input("door"), form: .level, displayName: "Front door", deviceClass: "door"),
         HomeAssistantEntity(name: "door", kind: .input, deviceClass: "door", displayName: "Front door")),
        (NodeTraits(.input("shed"), form: .level, topic: "shed/door"), HomeAssistantEntity(name: "shed", kind: .input)),
        (NodeTraits(.input("override"), form: .level, setting: .command),
         HomeAssistantEntity(name: "override", kind: .commandInput)),
        (NodeTraits(.input("bell"), form: .momentary(presses: 1), setting: .press),
         HomeAssistantEntity(name: "bell", kind: .pressInput)),
        (NodeTraits(.input("setpoint"), form: .number(NumberForm(unit: "°C", precision: 1, minimum: 5, maximum: 30,
                                                                 step: 0.5, mode: .slider)), setting: .number),
         HomeAssistantEntity(name: "setpoint", kind: .number, measurement: HomeAssistantMeasurement(
             unit: "°C", precision: 1, minimum: 5, maximum: 30, step: 0.5, mode: "slider"))),
        (NodeTraits(.input("cpu"), form: .number(celsius), deviceClass: "temperature"),
         HomeAssistantEntity(name: "cpu", kind: .sensor, deviceClass: "temperature",
                             measurement: HomeAssistantMeasurement(unit: "°C", precision: 1))),
        (NodeTraits(.signal("both"), form: .level), HomeAssistantEntity(name: "both", kind: .signal)),
        (NodeTraits(.signal("double"), form: .momentary(presses: 2)), HomeAssistantEntity(name: "double", kind: .click(count: 2))),
        (NodeTraits(.signal("water"), form: .number(NumberForm(unit: "L", stateClass: .totalIncreasing)),
                    setting: .total(reset: true)),
         HomeAssistantEntity(name: "water", kind: .sensor,
                             measurement: HomeAssistantMeasurement(unit: "L", stateClass: .totalIncreasing))),
        (NodeTraits(.output("lamp"), form: .level, deviceClass: "light"),
         HomeAssistantEntity(name: "lamp", kind: .output, deviceClass: "light")),
        (NodeTraits(.output("heater"), form: .level, setting: .command),
         HomeAssistantEntity(name: "heater", kind: .commandOutput)),
        (NodeTraits(.output("fan"), form: .duty), HomeAssistantEntity.pwmOutput(name: "fan", control: nil, precision: 1)),
        (NodeTraits(.output("strip"), form: .duty, setting: .duty(.number), displayName: "Strip"),
         HomeAssistantEntity.pwmOutput(name: "strip", control: .number, precision: 1, displayName: "Strip")),
        (NodeTraits(.cover("garage"), form: .cover(positioned: false), setting: .cover, deviceClass: "garage"),
         HomeAssistantEntity(name: "garage", kind: .cover(positioned: false), deviceClass: "garage")),
        (NodeTraits(.cover("blinds"), form: .cover(positioned: true), setting: .cover),
         HomeAssistantEntity(name: "blinds", kind: .cover(positioned: true))),
    ])
    func entity(traits: NodeTraits, entity: HomeAssistantEntity) {
        #expect(HomeAssistantEntity(traits: traits) == entity)
        #expect(HomeAssistantEntityKind(traits: traits) == entity.kind)
    }

    @Test("a counter with reset: true has a reset button beside it; any other node none")
    func resetButton() {
        let water = NodeTraits(.signal("water"), form: .number(NumberForm(unit: "L")), setting: .total(reset: true),
                               displayName: "Water")
        #expect(HomeAssistantEntity.resetButton(of: water) == HomeAssistantEntity(name: "water", kind: .resetButton,
                                                                                  displayName: "Water"))
        var plain = water
        plain.setting = .total(reset: false)
        #expect(HomeAssistantEntity.resetButton(of: plain) == nil)
        #expect(HomeAssistantEntity.resetButton(of: NodeTraits(.input("door"), form: .level)) == nil)
    }

    @Test("a PWM output's entity: is its platform")
    func control() {
        #expect(PWMControl.allCases.map(\.component) == [.light, .fan, .number])
    }
}
