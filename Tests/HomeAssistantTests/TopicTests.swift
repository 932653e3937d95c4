import HomeAssistant
import JSON
import Values
import Testing

@Suite("Home Assistant topics and state messages")
struct TopicTests {
    let node = Fixtures.node

    @Test("platforms: inputs, signals and outputs are binary sensors, command inputs switches, clicks events, numbers sensors and numbers, a counter's reset a button, covers covers, PWM outputs lights, fans, numbers and sensors, an override a select")
    func components() {
        #expect(Fixtures.door.component == .binarySensor)
        #expect(Fixtures.allClosed.component == .binarySensor)
        #expect(Fixtures.porchLight.component == .binarySensor)
        #expect(Fixtures.gate.component == .switch)
        #expect(Fixtures.bellDouble.component == .event)
        #expect(Fixtures.waterUsed.component == .sensor)
        #expect(Fixtures.setpoint.component == .number)
        #expect(HomeAssistantEntity(name: "water", kind: .resetButton).component == .button)
        #expect(HomeAssistantComponent.allCases.map(\.rawValue)
            == ["binary_sensor", "switch", "event", "sensor", "number", "button", "cover", "light", "fan", "select"])
        #expect(Fixtures.pumpMode.component == .select)
        #expect(Fixtures.garageDoor.component == .cover)
        #expect(Fixtures.blinds.component == .cover)
        #expect(Fixtures.strip.component == .light)
        #expect(Fixtures.workshopFan.component == .fan)
        #expect(Fixtures.pumpSpeed.component == .number)
        #expect(Fixtures.cpuFan.component == .sensor)
    }

    @Test("topics: config under the discovery prefix, state and command under the topic prefix")
    func topics() {
        #expect(node.configTopic(for: Fixtures.door) == "homeassistant/binary_sensor/garage/front_door/config")
        #expect(node.configTopic(for: Fixtures.gate) == "homeassistant/switch/garage/gate/config")
        #expect(node.configTopic(for: Fixtures.bellDouble) == "homeassistant/event/garage/bell_double/config")
        #expect(node.stateTopic(for: Fixtures.door) == "gpioagg/garage/front_door")
        #expect(node.commandTopic(for: Fixtures.gate) == "gpioagg/garage/gate/set")
        #expect(node.commandTopic(for: Fixtures.door) == nil)
        #expect(node.commandTopic(for: Fixtures.bellDouble) == nil)
        #expect(node.availabilityTopic == "gpioagg/garage/status")
        #expect(node.uniqueID(for: Fixtures.door) == "garage_front_door")
    }

    @Test("numbers: a sensor's and a number's state, a number's /set, and each one's own availability topic")
    func numberTopics() {
        #expect(node.configTopic(for: Fixtures.waterUsed) == "homeassistant/sensor/garage/water_used/config")
        #expect(node.configTopic(for: Fixtures.setpoint) == "homeassistant/number/garage/setpoint/config")
        #expect(node.stateTopic(for: Fixtures.setpoint) == "gpioagg/garage/setpoint")
        #expect(node.commandTopic(for: Fixtures.setpoint) == "gpioagg/garage/setpoint/set")
        #expect(node.commandTopic(for: Fixtures.waterUsed) == nil)
        #expect(node.availabilityTopic(for: Fixtures.waterUsed) == "gpioagg/garage/water_used/available")
        #expect(node.availabilityTopic(for: Fixtures.setpoint) == "gpioagg/garage/setpoint/available")
        #expect(node.availabilityTopic(for: Fixtures.door) == nil)
        #expect(node.availabilityTopic(for: Fixtures.gate) == nil)
        #expect(node.availabilityMessage(for: Fixtures.waterUsed, available: false)
            == HomeAssistantMessage(topic: "gpioagg/garage/water_used/available", payload: "offline", retain: true))
        #expect(node.availabilityMessage(for: Fixtures.setpoint, available: true)?.payload == "online")
        #expect(node.availabilityMessage(for: Fixtures.door, available: true) == nil)
    }

    @Test("a configured discovery prefix moves the config and birth topics, not the state topics")
    func discoveryPrefix() {
        let custom = HomeAssistantNode(name: "garage", topicPrefix: "home/pi", discoveryPrefix: "ha",
                                       softwareVersion: "1.2.3")
        #expect(custom.configTopic(for: Fixtures.door) == "ha/binary_sensor/garage/front_door/config")
        #expect(custom.birthTopic == "ha/status")
        #expect(custom.stateTopic(for: Fixtures.door) == "home/pi/garage/front_door")
        #expect(custom.availabilityTopic == "home/pi/garage/status")
        #expect(node.birthTopic == "homeassistant/status")
        #expect(HomeAssistantNode.defaultDiscoveryPrefix == "homeassistant")
    }

    @Test("a discovery config topic read back: this node's, a component gpioagg publishes, ending in config",
          arguments: [
              ("homeassistant/binary_sensor/garage/front_door/config", "front_door"),
              ("homeassistant/switch/garage/gate/config", "gate"),
              ("homeassistant/event/garage/bell_double/config", "bell_double"),
              ("homeassistant/sensor/garage/water_used/config", "water_used"),
              ("homeassistant/number/garage/setpoint/config", "setpoint"),
              ("homeassistant/light/garage/strip/config", "strip"),
              ("homeassistant/fan/garage/workshop_fan/config", "workshop_fan"),
              ("homeassistant/climate/garage/front_door/config", nil),
              ("homeassistant/switch/shed/gate/config", nil),
              ("homeassistant/switch/garage/gate/state", nil),
              ("homeassistant/switch/garage//config", nil),
              ("homeassistant/switch/garage/gate/extra/config", nil),
              ("ha/switch/garage/gate/config", nil),
          ] as [(String, String?)])
    func configTopicRead(topic: String, name: String?) {
        #expect(DiscoveryTopics(prefix: "homeassistant").entityName(ofConfigTopic: topic, node: "garage") == name)
    }

    @Test("what configTopic builds is read back")
    func configTopicRoundTrip() {
        for entity in [Fixtures.door, Fixtures.gate, Fixtures.bellDouble, Fixtures.waterUsed, Fixtures.setpoint] {
            #expect(DiscoveryTopics(prefix: node.discoveryPrefix).entityName(ofConfigTopic: node.configTopic(for: entity),
                                                                             node: node.name) == entity.name)
        }
    }

    @Test("states: ON and OFF, retained; none for a click")
    func states() {
        #expect(node.stateMessage(for: Fixtures.door, value: .on)
            == HomeAssistantMessage(topic: "gpioagg/garage/front_door", payload: "ON", retain: true))
        #expect(node.stateMessage(for: Fixtures.gate, value: .off)
            == HomeAssistantMessage(topic: "gpioagg/garage/gate", payload: "OFF", retain: true))
        #expect(node.stateMessage(for: Fixtures.bellDouble, value: .on) == nil)
    }

    @Test("a number's state: the decimal at its precision, retained; no state for unavailable")
    func numberStates() {
        #expect(node.stateMessage(for: Fixtures.door, value: .number(21.456, "°C"), precision: 1)
            == HomeAssistantMessage(topic: "gpioagg/garage/front_door", payload: "21.5", retain: true))
        #expect(node.stateMessage(for: Fixtures.door, value: .number(-0.004, .none))?.payload == "0.00")
        #expect(node.stateMessage(for: Fixtures.door, value: .unavailable) == nil)
    }

    @Test("a click's activation: its event type as JSON, not retained; no event for a level")
    func events() {
        #expect(node.eventMessage(for: Fixtures.bellDouble)
            == HomeAssistantMessage(topic: "gpioagg/garage/bell_double", payload: #"{"event_type":"double"}"#,
                                    retain: false))
        #expect(node.eventMessage(for: Fixtures.door) == nil)
    }

    @Test("event types: press, double, triple, then press_<n>", arguments: [
        (1, "press"), (2, "double"), (3, "triple"), (4, "press_4"), (10, "press_10"),
    ])
    func eventTypes(count: Int, expected: String) {
        #expect(HomeAssistantEntity.eventType(clickCount: count) == expected)
        #expect(HomeAssistantEntity(name: "c", kind: .click(count: count)).eventTypes == [expected])
    }

    @Test("only clicks have event types, and their configs list them")
    func eventTypesInConfig() {
        #expect(Fixtures.door.eventTypes.isEmpty)
        #expect(node.config(for: Fixtures.bellDouble)["event_types"] == .array([.string("double")]))
        #expect(node.config(for: Fixtures.door)["event_types"] == nil)
        #expect(node.config(for: Fixtures.bellDouble)["payload_on"] == nil)
    }

    @Test("availability: online and offline, retained, on the node's status topic")
    func availability() {
        #expect(node.availabilityMessage(online: true)
            == HomeAssistantMessage(topic: "gpioagg/garage/status", payload: "online", retain: true))
        #expect(node.availabilityMessage(online: false)
            == HomeAssistantMessage(topic: "gpioagg/garage/status", payload: "offline", retain: true))
    }

    @Test("no device_class key unless the config gives one")
    func deviceClassPassedThrough() {
        #expect(node.config(for: Fixtures.allClosed)["device_class"] == nil)
        #expect(node.config(for: Fixtures.door)["device_class"] == .string("door"))
    }

    @Test("every entity of a node names the same device, with the node's name and version")
    func oneDevice() {
        let devices = Fixtures.golden.map { node.config(for: $0.entity)["device"] }
        #expect(Set(devices).count == 1)
        #expect(devices.first == .object(JSONObject([
            "identifiers": .array([.string("gpioagg_garage")]), "name": .string("garage"),
            "model": .string("gpioagg"), "sw_version": .string("0.1.0"),
        ])))
    }

    @Test("a discovery's config messages: one per entity, in order")
    func configMessages() {
        let discovery = HomeAssistantDiscovery(node: node, entities: [Fixtures.door, Fixtures.gate])
        #expect(discovery.configMessages.map(\.topic) == [
            "homeassistant/binary_sensor/garage/front_door/config", "homeassistant/switch/garage/gate/config",
        ])
        #expect(discovery.configMessages.allSatisfy { $0.retain })
    }
}
