import HomeAssistant
import JSON
import Testing
import Values

/// Covers as Home Assistant sees them: a garage door on one relay (no position) and
/// blinds on two motors (a position Home Assistant reads and sets).
@Suite("Home Assistant covers")
struct CoverTests {
    let node = Fixtures.node

    @Test("topics: commands on /set, the state on the state topic, a position and its /set only with two motors")
    func topics() {
        #expect(node.configTopic(for: Fixtures.garageDoor) == "homeassistant/cover/garage/garage_door/config")
        #expect(node.commandTopic(for: Fixtures.garageDoor) == "gpioagg/garage/garage_door/set")
        #expect(node.stateTopic(for: Fixtures.garageDoor) == "gpioagg/garage/garage_door")
        #expect(node.positionTopic(for: Fixtures.garageDoor) == nil)
        #expect(node.positionCommandTopic(for: Fixtures.garageDoor) == nil)
        #expect(node.positionTopic(for: Fixtures.blinds) == "gpioagg/garage/blinds/position")
        #expect(node.positionCommandTopic(for: Fixtures.blinds) == "gpioagg/garage/blinds/position/set")
        #expect(node.positionTopic(for: Fixtures.setpoint) == nil)
        #expect(node.availabilityTopic(for: Fixtures.blinds) == nil, "a cover always has a state while the node is online")
        #expect(node.retainedTopics(for: Fixtures.blinds) == ["gpioagg/garage/blinds", "gpioagg/garage/blinds/position"])
        #expect(node.retainedTopics(for: Fixtures.garageDoor) == ["gpioagg/garage/garage_door"])
    }

    @Test("keys: identity, topics, the command and state payloads, the ends of a position, availability, device, origin")
    func keys() {
        #expect(node.config(for: Fixtures.garageDoor).keys == [
            "name", "unique_id", "object_id", "default_entity_id", "device_class", "command_topic", "state_topic",
            "payload_open", "payload_close", "payload_stop", "state_open", "state_opening", "state_closed",
            "state_closing", "state_stopped", "availability_topic", "payload_available", "payload_not_available",
            "device", "origin",
        ])
        #expect(node.config(for: Fixtures.blinds).keys == [
            "name", "unique_id", "object_id", "default_entity_id", "device_class", "command_topic", "state_topic",
            "position_topic", "set_position_topic", "payload_open", "payload_close", "payload_stop", "state_open",
            "state_opening", "state_closed", "state_closing", "state_stopped", "position_open", "position_closed",
            "availability_topic", "payload_available", "payload_not_available", "device", "origin",
        ])
    }

    @Test("the config's state payloads are CoverState's words, its ends 100 and 0, its name readable")
    func values() {
        let config = node.config(for: Fixtures.blinds)
        #expect(config["state_open"] == .string(CoverState.open.rawValue))
        #expect(config["state_opening"] == .string("opening"))
        #expect(config["state_closed"] == .string("closed"))
        #expect(config["state_closing"] == .string("closing"))
        #expect(config["state_stopped"] == .string("stopped"))
        #expect(config["position_open"] == .number(100))
        #expect(config["position_closed"] == .number(0))
        #expect(config["name"] == .string("Blinds"))
        #expect(node.config(for: Fixtures.garageDoor)["name"] == .string("Garage door"))
        let named = HomeAssistantEntity(name: "garage_door", kind: .cover(positioned: false), displayName: "Big door")
        #expect(node.config(for: named)["name"] == .string("Big door"))
        #expect(node.config(for: named)["default_entity_id"] == .string("cover.garage_garage_door"))
    }

    @Test("state messages: the state retained, then the position as a whole percentage when the cover has one and it is known")
    func stateMessages() {
        #expect(node.coverMessages(for: Fixtures.garageDoor, state: .opening, position: nil) == [
            HomeAssistantMessage(topic: "gpioagg/garage/garage_door", payload: "opening", retain: true),
        ])
        #expect(node.coverMessages(for: Fixtures.garageDoor, state: .open, position: 100)
            == [HomeAssistantMessage(topic: "gpioagg/garage/garage_door", payload: "open", retain: true)])
        #expect(node.coverMessages(for: Fixtures.blinds, state: .closing, position: 42.5) == [
            HomeAssistantMessage(topic: "gpioagg/garage/blinds", payload: "closing", retain: true),
            HomeAssistantMessage(topic: "gpioagg/garage/blinds/position", payload: "43", retain: true),
        ])
        #expect(node.coverMessages(for: Fixtures.blinds, state: .stopped, position: nil)
            == [HomeAssistantMessage(topic: "gpioagg/garage/blinds", payload: "stopped", retain: true)])
        #expect(node.coverMessages(for: Fixtures.door, state: .open, position: nil).isEmpty)
        for state in CoverState.allCases {
            #expect(node.coverMessages(for: Fixtures.garageDoor, state: state, position: nil).first?.payload == state.rawValue)
        }
    }

    @Test("a position is published as the whole percentage Home Assistant reads, within 0 to 100",
          arguments: [(0.0, 0), (0.4, 0), (0.5, 1), (39.6, 40), (99.5, 100), (100, 100), (-3, 0), (104, 100)])
    func percent(position: Double, percent: Int) {
        #expect(HomeAssistantCover.percent(position) == percent)
    }

    @Test("/set: OPEN, CLOSE and STOP in any case, spaces and a line end around them ignored",
          arguments: [("OPEN", CoverCommand.open), ("CLOSE", .close), ("STOP", .stop), ("open", .open),
                      ("Close", .close), (" stop\r\n", .stop), ("\tOPEN\n", .open)])
    func commandPayloads(payload: String, command: CoverCommand) {
        #expect(CoverCommand(commandPayload: payload) == command)
    }

    @Test("/set: anything else is junk, a position included (positions come on the position topic)",
          arguments: ["40", "0", "ON", "TOGGLE", "up", "opened", "", "OPEN CLOSE", "{\"state\":\"OPEN\"}"])
    func commandJunk(payload: String) {
        #expect(CoverCommand(commandPayload: payload) == nil)
    }

    @Test("position/set: a decimal from 0 to 100, as Home Assistant sends it",
          arguments: [("40", 40.0), ("0", 0), ("100", 100), ("12.5", 12.5), (" 7\n", 7)])
    func positionPayloads(payload: String, position: Double) {
        #expect(CoverCommand(positionPayload: payload) == .position(position))
    }

    @Test("position/set: out of range, a word, or not a decimal is junk",
          arguments: ["101", "-1", "100.01", "OPEN", "stop", "", "4O", "nan", "inf", "0x10", "40%"])
    func positionJunk(payload: String) {
        #expect(CoverCommand(positionPayload: payload) == nil)
    }

    @Test("what Home Assistant sends for each command reads back as that command on its topic")
    func homeAssistantPayloadsRoundTrip() {
        #expect([CoverCommand.open, .close, .stop].map(HomeAssistantCover.payload(for:)) == ["OPEN", "CLOSE", "STOP"])
        for command in [CoverCommand.open, .close, .stop] {
            #expect(CoverCommand(commandPayload: HomeAssistantCover.payload(for: command)) == command)
        }
        for position in [0.0, 40, 100] {
            #expect(HomeAssistantCover.payload(for: .position(position)) == String(Int(position)))
            #expect(CoverCommand(positionPayload: HomeAssistantCover.payload(for: .position(position))) == .position(position))
        }
    }

    @Test("removal: a cover gone loses its config, its state and its position; blinds that lose their motors lose the position only")
    func removal() {
        let before = HomeAssistantDiscovery(node: node, entities: [Fixtures.garageDoor, Fixtures.blinds])
        #expect(HomeAssistantDiscovery(node: node, entities: []).removals(since: before) == [
            .clearing("homeassistant/cover/garage/garage_door/config"),
            .clearing("homeassistant/cover/garage/blinds/config"),
            .clearing("gpioagg/garage/garage_door"),
            .clearing("gpioagg/garage/blinds"),
            .clearing("gpioagg/garage/blinds/position"),
        ])
        let relayBlinds = HomeAssistantEntity(name: "blinds", kind: .cover(positioned: false), deviceClass: "blind")
        #expect(HomeAssistantDiscovery(node: node, entities: [Fixtures.garageDoor, relayBlinds]).removals(since: before)
            == [.clearing("gpioagg/garage/blinds/position")])
        let door = HomeAssistantEntity(name: "garage_door", kind: .input, deviceClass: "garage_door")
        #expect(HomeAssistantDiscovery(node: node, entities: [door, Fixtures.blinds]).removals(since: before)
            == [.clearing("homeassistant/cover/garage/garage_door/config")])
    }

    @Test("device classes: a cover's, not a binary sensor's")
    func deviceClasses() {
        #expect(HomeAssistantComponent.cover.deviceClasses == [
            "awning", "blind", "curtain", "damper", "door", "garage", "gate", "shade", "shutter", "window",
        ])
        let wrong = HomeAssistantEntity(name: "garage_door", kind: .cover(positioned: false), deviceClass: "garage_door")
        let found = HomeAssistantDiscovery(node: node, entities: [wrong]).problems
        #expect(found.map(\.subject) == [.entity("garage_door")])
        #expect(found.first?.message.hasPrefix(
            "device_class 'garage_door' of 'garage_door' is not one Home Assistant accepts for a cover: awning, blind") == true)
    }
}
