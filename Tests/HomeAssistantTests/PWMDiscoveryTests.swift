import HomeAssistant
import JSON
import Testing
import Values

/// PWM outputs in Home Assistant: a light with a brightness, a fan with a percentage, a
/// number and a sensor, each on the output's own topics.
@Suite("PWM outputs in Home Assistant's discovery")
struct PWMDiscoveryTests {
    let node = Fixtures.node

    @Test("a light: ON/OFF on its own topic, the brightness on the state topic at a scale of 100, sent alone to /set")
    func light() {
        let config = node.config(for: Fixtures.strip)
        #expect(config.keys == [
            "name", "unique_id", "object_id", "default_entity_id", "command_topic", "state_topic", "payload_on",
            "payload_off", "brightness_command_topic", "brightness_state_topic", "brightness_scale", "on_command_type",
            "availability_topic", "payload_available", "payload_not_available", "device", "origin",
        ])
        #expect(config["name"] == .string("LED strip"))
        #expect(config["default_entity_id"] == .string("light.garage_strip"))
        #expect(config["command_topic"] == .string("gpioagg/garage/strip/set"))
        #expect(config["state_topic"] == .string("gpioagg/garage/strip/state"))
        #expect(config["brightness_command_topic"] == .string("gpioagg/garage/strip/set"))
        #expect(config["brightness_state_topic"] == .string("gpioagg/garage/strip"))
        #expect(config["brightness_scale"] == .number(100))
        #expect(config["on_command_type"] == .string("brightness"))
        #expect(node.configTopic(for: Fixtures.strip) == "homeassistant/light/garage/strip/config")
    }

    @Test("a fan: ON/OFF on its own topic, the percentage on the state topic rounded to a whole number, a speed range of 1 to 100")
    func fan() {
        let config = node.config(for: Fixtures.workshopFan)
        #expect(config.keys == [
            "name", "unique_id", "object_id", "default_entity_id", "command_topic", "state_topic", "payload_on",
            "payload_off", "percentage_command_topic", "percentage_state_topic", "percentage_value_template",
            "speed_range_min", "speed_range_max", "availability_topic", "payload_available", "payload_not_available",
            "device", "origin",
        ])
        #expect(config["name"] == .string("Workshop fan"))
        #expect(config["command_topic"] == .string("gpioagg/garage/workshop_fan/set"))
        #expect(config["state_topic"] == .string("gpioagg/garage/workshop_fan/state"))
        #expect(config["percentage_command_topic"] == .string("gpioagg/garage/workshop_fan/set"))
        #expect(config["percentage_state_topic"] == .string("gpioagg/garage/workshop_fan"))
        #expect(config["percentage_value_template"] == .string("{{ value | float(0) | round | int }}"))
        #expect(config["speed_range_min"] == .number(1))
        #expect(config["speed_range_max"] == .number(100))
    }

    @Test("a number: 0 to 100 % in steps of 1 on a slider, its value on the state topic, with its own availability")
    func number() {
        let config = node.config(for: Fixtures.pumpSpeed)
        #expect(config["command_topic"] == .string("gpioagg/garage/pump_speed/set"))
        #expect(config["state_topic"] == .string("gpioagg/garage/pump_speed"))
        #expect(config["min"] == .number(0))
        #expect(config["max"] == .number(100))
        #expect(config["step"] == .number(1))
        #expect(config["unit_of_measurement"] == .string("%"))
        #expect(config["mode"] == .string("slider"))
        #expect(config["availability_mode"] == .string("all"))
        #expect(node.configTopic(for: Fixtures.pumpSpeed) == "homeassistant/number/garage/pump_speed/config")
    }

    @Test("without command: true, a sensor in % with state class measurement at the output's precision, and no command topic")
    func sensor() {
        let config = node.config(for: Fixtures.cpuFan)
        #expect(config["command_topic"] == nil)
        #expect(config["state_topic"] == .string("gpioagg/garage/cpu_fan"))
        #expect(config["unit_of_measurement"] == .string("%"))
        #expect(config["state_class"] == .string("measurement"))
        #expect(config["suggested_display_precision"] == .number(1))
        #expect(node.commandTopic(for: Fixtures.cpuFan) == nil)
        #expect(node.configTopic(for: Fixtures.cpuFan) == "homeassistant/sensor/garage/cpu_fan/config")
    }

    @Test("the state: the percentage at the output's precision; a light's and a fan's ON above 0 and OFF at 0, retained")
    func state() {
        for entity in [Fixtures.strip, Fixtures.workshopFan, Fixtures.pumpSpeed, Fixtures.cpuFan] {
            let message = node.stateMessage(for: entity, value: .number(40, "%"), precision: 1)
            #expect(message == HomeAssistantMessage(topic: "gpioagg/garage/\(entity.name)", payload: "40.0", retain: true))
        }
        #expect(node.onOffMessage(for: Fixtures.strip, value: .number(40, "%"))
            == HomeAssistantMessage(topic: "gpioagg/garage/strip/state", payload: "ON", retain: true))
        #expect(node.onOffMessage(for: Fixtures.strip, value: .number(0.1, "%"))?.payload == "ON")
        #expect(node.onOffMessage(for: Fixtures.workshopFan, value: .number(0, "%"))
            == HomeAssistantMessage(topic: "gpioagg/garage/workshop_fan/state", payload: "OFF", retain: true))
        #expect(node.onOffMessage(for: Fixtures.pumpSpeed, value: .number(40, "%")) == nil, "a number has no on/off")
        #expect(node.onOffMessage(for: Fixtures.cpuFan, value: .number(40, "%")) == nil, "a sensor has no on/off")
        #expect(node.onOffMessage(for: Fixtures.strip, value: .unavailable) == nil)
    }

    @Test("a light or a fan that went away clears its on/off topic too; a number its availability topic")
    func removal() {
        let before = HomeAssistantDiscovery(node: node, entities: [Fixtures.strip, Fixtures.workshopFan, Fixtures.pumpSpeed])
        let after = HomeAssistantDiscovery(node: node, entities: [])
        #expect(after.removals(since: before) == [
            .clearing("homeassistant/light/garage/strip/config"),
            .clearing("homeassistant/fan/garage/workshop_fan/config"),
            .clearing("homeassistant/number/garage/pump_speed/config"),
            .clearing("gpioagg/garage/strip"),
            .clearing("gpioagg/garage/strip/state"),
            .clearing("gpioagg/garage/workshop_fan"),
            .clearing("gpioagg/garage/workshop_fan/state"),
            .clearing("gpioagg/garage/pump_speed"),
            .clearing("gpioagg/garage/pump_speed/available"),
        ])
    }

    @Test("a light that becomes a fan: the old config goes, its topics stay; one that becomes a number loses its on/off topic")
    func changedControl() {
        let light = HomeAssistantDiscovery(node: node, entities: [Fixtures.strip])
        let fan = HomeAssistantDiscovery(node: node, entities: [
            HomeAssistantEntity.pwmOutput(name: "strip", control: .fan, precision: 1),
        ])
        #expect(fan.removals(since: light) == [.clearing("homeassistant/light/garage/strip/config")])
        let number = HomeAssistantDiscovery(node: node, entities: [
            HomeAssistantEntity.pwmOutput(name: "strip", control: .number, precision: 1),
        ])
        #expect(number.removals(since: light) == [
            .clearing("homeassistant/light/garage/strip/config"),
            .clearing("gpioagg/garage/strip/state"),
        ])
    }

    @Test("neither a light nor a fan takes a device class; Home Assistant's discovery has no problem with them")
    func noDeviceClasses() {
        #expect(HomeAssistantComponent.light.deviceClasses.isEmpty)
        #expect(HomeAssistantComponent.fan.deviceClasses.isEmpty)
        let strip = HomeAssistantEntity(name: "strip", kind: .pwmCommandOutput(.light), deviceClass: "light")
        #expect(HomeAssistantDiscovery(node: node, entities: [strip]).problems.map(\.message) == [
            "device_class 'light' of 'strip' is not one Home Assistant accepts for a light (it takes none)",
        ])
        let entities = [Fixtures.strip, Fixtures.workshopFan, Fixtures.pumpSpeed, Fixtures.cpuFan]
        #expect(HomeAssistantDiscovery(node: node, entities: entities).problems.isEmpty)
    }
}
