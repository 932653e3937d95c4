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

    @Test("discovery's name is the config's name:, else the identifier made readable; ids and topics keep the identifier")
    func discoveryName() {
        let node = Fixtures.node
        let named = HomeAssistantEntity(name: "gate_open", kind: .commandInput, displayName: "Open the gate")
        let plain = HomeAssistantEntity(name: "gate_open", kind: .commandInput)
        #expect(node.config(for: named)["name"] == .string("Open the gate"))
        #expect(node.config(for: plain)["name"] == .string("Gate open"))
        for entity in [named, plain] {
            let config = node.config(for: entity)
            #expect(config["unique_id"] == .string("garage_gate_open"))
            #expect(config["object_id"] == .string("garage_gate_open"))
            #expect(config["default_entity_id"] == .string("switch.garage_gate_open"))
            #expect(config["command_topic"] == .string("gpioagg/garage/gate_open/set"))
            #expect(node.configTopic(for: entity) == "homeassistant/switch/garage/gate_open/config")
        }
    }
}
