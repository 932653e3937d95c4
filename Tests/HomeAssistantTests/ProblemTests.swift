import HomeAssistant
import Testing

@Suite("Home Assistant discovery problems")
struct ProblemTests {
    func problems(_ entities: [HomeAssistantEntity], node: HomeAssistantNode = Fixtures.node) -> [DiscoveryProblem] {
        HomeAssistantDiscovery(node: node, entities: entities).problems
    }

    @Test("the golden entities have none")
    func goldenEntitiesAreFine() {
        #expect(problems(Fixtures.golden.map(\.entity)).isEmpty)
    }

    @Test("names: letters, digits, '_' and '-' only, as Home Assistant's discovery topic pattern",
          arguments: ["front door", "tür", "a.b", "a/b", "a+", ""])
    func badEntityName(name: String) {
        let found = problems([HomeAssistantEntity(name: name, kind: .input)])
        #expect(found.map(\.subject) == [.entity(name)])
        #expect(found.first?.message.contains("letters, digits, '_' and '-'") == true)
    }

    @Test("a node name Home Assistant would ignore")
    func badNodeName() {
        let node = HomeAssistantNode(name: "my garage", topicPrefix: "gpioagg", softwareVersion: "0.1.0")
        #expect(problems([Fixtures.door], node: node) == [DiscoveryProblem(
            subject: .node,
            message: "node name 'my garage' can only hold letters, digits, '_' and '-' "
                + "(Home Assistant ignores other discovery topics)")])
    }

    @Test("prefixes: not empty, no wildcard, no control character, no empty level", arguments: [
        ("", "is empty"), ("a/+/b", "holds an MQTT wildcard ('+' or '#')"), ("home#", "holds an MQTT wildcard ('+' or '#')"),
        ("a\u{1}", "holds a control character"), ("/gpioagg", "has an empty level (a leading, trailing or double '/')"),
        ("gpioagg/", "has an empty level (a leading, trailing or double '/')"),
        ("a//b", "has an empty level (a leading, trailing or double '/')"),
    ])
    func badPrefixes(prefix: String, reason: String) {
        let node = HomeAssistantNode(name: "garage", topicPrefix: prefix, discoveryPrefix: prefix, softwareVersion: "1")
        let found = problems([], node: node)
        #expect(found.map(\.subject) == [.topicPrefix, .discoveryPrefix])
        #expect(found.map(\.message) == ["topic prefix \(prefix.singleQuotedForTest) \(reason)",
                                         "discovery prefix \(prefix.singleQuotedForTest) \(reason)"])
    }

    @Test("prefixes with several levels are fine")
    func goodPrefixes() {
        let node = HomeAssistantNode(name: "garage-2", topicPrefix: "home/pi-4/gpio", discoveryPrefix: "ha_test",
                                     softwareVersion: "1")
        #expect(problems([Fixtures.door], node: node).isEmpty)
    }

    @Test("a device class outside Home Assistant's list for the platform, with the list")
    func unknownDeviceClass() {
        let found = problems([HomeAssistantEntity(name: "door", kind: .input, deviceClass: "dor"),
                              HomeAssistantEntity(name: "gate", kind: .commandInput, deviceClass: "door"),
                              HomeAssistantEntity(name: "bell", kind: .click(count: 1), deviceClass: "doorbell"),
                              HomeAssistantEntity(name: "light", kind: .output, deviceClass: "Light")])
        #expect(found.map(\.subject) == [.entity("door"), .entity("gate"), .entity("light")])
        #expect(found[1].message
            == "device_class 'door' of 'gate' is not one Home Assistant accepts for a switch: outlet, switch")
        #expect(found[0].message.hasPrefix("device_class 'dor' of 'door' is not one Home Assistant accepts for "
            + "a binary_sensor: battery, battery_charging,"))
    }

    @Test("a name twice would clash in unique_id; 'status' would take the availability topic")
    func clashes() {
        let found = problems([Fixtures.door, HomeAssistantEntity(name: "front_door", kind: .signal),
                              HomeAssistantEntity(name: "status", kind: .signal)])
        #expect(found.map(\.message) == [
            "'front_door' is published twice: its unique_id 'garage_front_door' would clash",
            "'status' would publish on the node's availability topic 'gpioagg/garage/status'; rename it",
        ])
    }

    @Test("a click of no presses")
    func clickCount() {
        #expect(problems([HomeAssistantEntity(name: "c", kind: .click(count: 0))]).map(\.message)
            == ["click 'c' has a count of 0; a click has at least 1 press"])
    }

    @Test("the device class lists, as the config layer checks them")
    func deviceClassLists() {
        #expect(HomeAssistantComponent.binarySensor.deviceClasses.count == 28)
        #expect(HomeAssistantComponent.binarySensor.deviceClasses.contains("garage_door"))
        #expect(HomeAssistantComponent.switch.deviceClasses == ["outlet", "switch"])
        #expect(HomeAssistantComponent.event.deviceClasses == ["doorbell", "button", "motion"])
        for component in HomeAssistantComponent.allCases {
            #expect(Set(component.deviceClasses).count == component.deviceClasses.count)
        }
    }
}

extension String {
    var singleQuotedForTest: String {
        "'" + unicodeScalars.map { $0.escaped(asASCII: false) }.joined() + "'"
    }
}
