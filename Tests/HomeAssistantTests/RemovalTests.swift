import HomeAssistant
import Testing

@Suite("Home Assistant removals after a reload")
struct RemovalTests {
    let node = Fixtures.node

    func discovery(_ entities: [HomeAssistantEntity], node: HomeAssistantNode = Fixtures.node) -> HomeAssistantDiscovery {
        HomeAssistantDiscovery(node: node, entities: entities)
    }

    @Test("nothing gone, nothing cleared")
    func unchanged() {
        let entities = Fixtures.golden.map(\.entity)
        #expect(discovery(entities).removals(since: discovery(entities)).isEmpty)
        #expect(discovery(entities.reversed()).removals(since: discovery(entities)).isEmpty)
    }

    @Test("what went away: its configs first, then its state topics, empty and retained, in the old order")
    func gone() {
        let before = discovery([Fixtures.door, Fixtures.gate, Fixtures.allClosed, Fixtures.bellDouble])
        let after = discovery([Fixtures.allClosed])
        #expect(after.removals(since: before) == [
            .clearing("homeassistant/binary_sensor/garage/front_door/config"),
            .clearing("homeassistant/switch/garage/gate/config"),
            .clearing("homeassistant/event/garage/bell_double/config"),
            .clearing("gpioagg/garage/front_door"),
            .clearing("gpioagg/garage/gate"),
            .clearing("gpioagg/garage/bell_double"),
        ])
        #expect(HomeAssistantMessage.clearing("x") == HomeAssistantMessage(topic: "x", payload: "", retain: true))
    }

    @Test("a number that went away: its config, its value and its own availability topic, cleared")
    func numberGone() {
        let before = discovery([Fixtures.waterUsed, Fixtures.setpoint, Fixtures.door])
        let after = discovery([Fixtures.door])
        #expect(after.removals(since: before) == [
            .clearing("homeassistant/sensor/garage/water_used/config"),
            .clearing("homeassistant/number/garage/setpoint/config"),
            .clearing("gpioagg/garage/water_used"),
            .clearing("gpioagg/garage/water_used/available"),
            .clearing("gpioagg/garage/setpoint"),
            .clearing("gpioagg/garage/setpoint/available"),
        ])
    }

    @Test("a number that becomes a level keeps its state topic and loses its availability topic; one that stays keeps both")
    func numberBecomesLevel() {
        let before = discovery([HomeAssistantEntity(name: "heat", kind: .sensor), Fixtures.setpoint])
        let after = discovery([HomeAssistantEntity(name: "heat", kind: .signal), Fixtures.setpoint])
        #expect(after.removals(since: before) == [
            .clearing("homeassistant/sensor/garage/heat/config"),
            .clearing("gpioagg/garage/heat/available"),
        ])
    }

    @Test("an entity that changes platform loses its old config but keeps its state topic")
    func changedPlatform() {
        let before = discovery([HomeAssistantEntity(name: "gate", kind: .input)])
        let after = discovery([HomeAssistantEntity(name: "gate", kind: .commandInput)])
        #expect(after.removals(since: before) == [.clearing("homeassistant/binary_sensor/garage/gate/config")])
    }

    @Test("a changed device class or click count is an update, not a removal")
    func updatedInPlace() {
        let before = discovery([HomeAssistantEntity(name: "door", kind: .input, deviceClass: "door"),
                                HomeAssistantEntity(name: "bell", kind: .click(count: 1))])
        let after = discovery([HomeAssistantEntity(name: "door", kind: .input, deviceClass: "window"),
                               HomeAssistantEntity(name: "bell", kind: .click(count: 3))])
        #expect(after.removals(since: before).isEmpty)
    }

    @Test("a renamed node clears every old topic, its old availability topic last")
    func renamedNode() {
        let renamed = HomeAssistantNode(name: "shed", topicPrefix: "gpioagg", softwareVersion: "0.1.0")
        let before = discovery([Fixtures.door])
        let after = discovery([Fixtures.door], node: renamed)
        #expect(after.removals(since: before) == [
            .clearing("homeassistant/binary_sensor/garage/front_door/config"),
            .clearing("gpioagg/garage/front_door"),
            .clearing("gpioagg/garage/status"),
        ])
    }

    @Test("a new discovery prefix clears the old configs only")
    func newDiscoveryPrefix() {
        let moved = HomeAssistantNode(name: "garage", topicPrefix: "gpioagg", discoveryPrefix: "ha",
                                      softwareVersion: "0.1.0")
        #expect(discovery([Fixtures.door], node: moved).removals(since: discovery([Fixtures.door]))
            == [.clearing("homeassistant/binary_sensor/garage/front_door/config")])
    }

    @Test("a name listed twice before is cleared once")
    func repeatedBefore() {
        let before = discovery([Fixtures.door, Fixtures.door])
        #expect(discovery([]).removals(since: before) == [
            .clearing("homeassistant/binary_sensor/garage/front_door/config"),
            .clearing("gpioagg/garage/front_door"),
        ])
    }
}
