import HomeAssistant
import HomeAssistantClasses
import JSON
import Testing

@Suite("Home Assistant: a counter's reset button")
struct ResetButtonTests {
    @Test("a button beside the counter's sensor: its own id, no state, and a press that sends 0 to the counter's /set")
    func button() throws {
        let node = Fixtures.node
        let button = HomeAssistantEntity(name: "water", kind: .resetButton)
        let sensor = HomeAssistantEntity(name: "water", kind: .sensor,
                                         measurement: HomeAssistantMeasurement(unit: "L", stateClass: .totalIncreasing))
        #expect(node.configTopic(for: button) == "homeassistant/button/garage/water/config")
        #expect(node.uniqueID(for: button) == "garage_water_reset" && node.uniqueID(for: sensor) == "garage_water")
        #expect(node.commandTopic(for: button) == "gpioagg/garage/water/set")
        #expect(node.commandTopic(for: sensor) == nil)
        #expect(node.availabilityTopic(for: button) == nil, "a button is there while the node is online")
        let config = node.config(for: button)
        #expect(config["name"] == .string("Water reset"))
        #expect(config["default_entity_id"] == .string("button.garage_water_reset"))
        #expect(config["payload_press"] == .string("0"))
        #expect(config["state_topic"] == nil)
        #expect(config["availability_topic"] == .string("gpioagg/garage/status"))
        #expect(node.config(for: sensor)["state_class"] == .string("total_increasing"))
    }

    @Test("a counter's sensor and its button are no clash; a sensor named like the button's id is")
    func clash() {
        let node = Fixtures.node
        let sensor = HomeAssistantEntity(name: "water", kind: .sensor)
        let button = HomeAssistantEntity(name: "water", kind: .resetButton)
        #expect(HomeAssistantDiscovery(node: node, entities: [sensor, button]).problems == [])
        let other = HomeAssistantEntity(name: "water_reset", kind: .sensor)
        #expect(HomeAssistantDiscovery(node: node, entities: [sensor, button, other]).problems.map(\.message)
            == ["'water_reset' is published twice: its unique_id 'garage_water_reset' would clash"])
    }
}
