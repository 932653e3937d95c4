import HomeAssistant
import Testing

@Suite("Entity names people read")
struct EntityNameTests {
    @Test("an identifier made readable: separators as single spaces, the first letter upper-cased", arguments: [
        ("front_door", "Front door"), ("gate-2", "Gate 2"), ("porch", "Porch"), ("a__b", "A b"),
        ("_leading_", "Leading"), ("Already", "Already"), ("t_north", "T north"), ("2nd_floor", "2nd floor"),
        ("ß_room", "ß room"),
    ])
    func readable(identifier: String, name: String) {
        #expect(HomeAssistantEntityName.readable(identifier) == name)
    }

    @Test("the config's name wins over the identifier")
    func configured() {
        #expect(HomeAssistantEntityName.name("Open the gate", for: "gate_open") == "Open the gate")
        #expect(HomeAssistantEntityName.name(nil, for: "gate_open") == "Gate open")
    }
}
