import Config
import Scenario
import Testing

@Suite("Reading remote: and broker: steps")
struct ScenarioReaderRemoteTests {
    private func location(_ line: Int, _ column: Int) -> Config.SourceLocation {
        RemoteScenarioFixtures.location(line, column)
    }

    @Test("remote: reads topics and payloads as written, a node's status, and broker: down and up")
    func forms() throws {
        let loaded = try RemoteScenarioFixtures.load([
            "remote: { shed/door: \"ON\", gpioagg/shed/temperature: 12.5, weather/outside/temperature: \"\" }",
            "remote: { node: shed, status: offline }",
            "remote: { status: online, node: shed }",
            "broker: down",
            "broker: up",
        ])
        #expect(loaded.scenario.steps.map(\.action) == [
            .remote(.publish([
                .init("shed/door", "ON", at: location(3, 15)),
                .init("gpioagg/shed/temperature", "12.5", at: location(3, 32)),
                .init("weather/outside/temperature", "", at: location(3, 64)),
            ])),
            .remote(.status(node: "shed", online: false, location: location(4, 21))),
            .remote(.status(node: "shed", online: true, location: location(5, 37))),
            .broker(.down),
            .broker(.up),
        ])
        #expect(loaded.scenario.steps.allSatisfy { $0.acts })
        #expect(loaded.scenario.expectationCount == 0)
    }

    @Test("a shape remote: or broker: does not take is refused at its place, saying what to write")
    func shapes() {
        #expect(RemoteScenarioFixtures.errors([
            "remote: shed/door",
            "remote: {}",
            "remote: { shed/door: }",
            "remote: { shed/door: [ON] }",
            "remote: { node: shed }",
            "remote: { node: shed, status: gone }",
            "remote: { node: shed, status: online, shed/door: ON }",
            "broker: dwn",
            "broker:",
        ]) == [
            "3:13 remote: takes a mapping of topics and payloads, found 'shed/door' | " + Self.remoteHint,
            "4:5 remote: needs at least one topic and its payload | " + Self.remoteHint,
            "5:15 shed/door: in remote: has no payload | write shed/door: \"ON\" (or a number); "
                + "shed/door: \"\" clears its retained value",
            "6:26 the payload of shed/door in remote: must be a single value, found a list | "
                + "write shed/door: \"ON\" (or a number)",
            "7:5 remote: with node: needs status: online or offline | " + Self.statusHint,
            "8:35 a node's status in remote: is online or offline, found 'gone' | " + Self.statusHint,
            "9:43 unknown key 'shed/door' in remote: { node:, status: } | a node's status is its own step: "
                + Self.statusHint,
            "10:13 broker: is down or up, found 'dwn' | did you mean 'down'? "
                + "(write broker: down (the broker unreachable) or broker: up (reachable again))",
            "11:5 broker: has no value | write broker: down (the broker unreachable) or broker: up (reachable again)",
        ])
    }

    static let remoteHint = "write remote: { shed/door: \"ON\" } (a payload, retained on a remote input's topic), "
        + "or remote: { node: shed, status: offline } (another gpioagg node's status)"
    static let statusHint = "write remote: { node: shed, status: offline } (or online), one node a step"

    @Test("a topic no remote input follows, or a node none comes from, is refused with the nearest suggested")
    func unknownTopics() {
        let followed = "followed: gpioagg/shed/door, gpioagg/shed/temperature, gpioagg/shed/temperature/available, "
            + "weather/outside/temperature, gpioagg/shed/status"
        #expect(RemoteScenarioFixtures.errors([
            "remote: { shed/dor: \"ON\", shed/door: \"OFF\" }",
            "remote: { gpioagg/house/door: \"ON\" }",
            "remote: { shed/temperature/available: offline, shed/status: online }",
            "remote: { node: shd, status: online }",
            "remote: { node: garage, status: online }",
        ]) == [
            "3:15 no remote input follows 'shed/dor' | did you mean 'shed/door'? (\(followed))",
            "4:15 no remote input follows 'gpioagg/house/door' | did you mean 'gpioagg/shed/door'? (\(followed))",
            "6:21 no remote input comes from node 'shd' | did you mean 'shed'? (nodes: shed)",
            "7:21 no remote input comes from node 'garage' | nodes: shed",
        ])
    }

    @Test("remote: and broker: with a config without mqtt: or without remote inputs are refused at the step")
    func configWithoutRemoteInputs() throws {
        let noMQTT = try ConfigLoader.parse("""
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              door: { chip: main, line: GPIO17 }

            """, file: "plain.yaml")
        #expect(RemoteScenarioFixtures.errors(["remote: { shed/door: \"ON\" }", "broker: down"], configuration: noMQTT) == [
            "3:5 remote: moves remote inputs on MQTT, and plain.yaml has no mqtt: | add mqtt: { broker: mqtt://HOST } "
                + "and inputs with topic: to the config, or move its inputs with set:",
            "4:5 broker: moves remote inputs on MQTT, and plain.yaml has no mqtt: | add mqtt: { broker: mqtt://HOST } "
                + "and inputs with topic: to the config, or move its inputs with set:",
        ])
        let noRemote = try ConfigLoader.parse("""
            chips:
              main: { label: pinctrl-bcm2711 }
            mqtt: { broker: mqtt://127.0.0.1, node: house }
            inputs:
              armed: { command: true }

            """, file: "armed.yaml")
        #expect(RemoteScenarioFixtures.errors(["broker: up"], configuration: noRemote) == [
            "3:5 broker: moves remote inputs, and armed.yaml has none | declare an input with topic: "
                + "(e.g. shed_door: { topic: gpioagg/shed/door }), or remove the step",
        ])
    }
}
