import Foundation
import MosquittoTesting
import TestSupport
import Testing

extension MQTTDaemonTests {
    /// A garage door on one relay and blinds on two motors (a short travel, so that the
    /// moves end within the test).
    static let covers = """
        inputs:
          door_closed: { chip: main, line: GPIO17 }
          door_open:   { chip: main, line: GPIO27 }
        outputs:
          door_relay:  { chip: main, line: GPIO8, pulse: 300ms }
          blinds_up:   { chip: main, line: GPIO9 }
          blinds_down: { chip: main, line: GPIO10 }
        covers:
          garage_door: { relay: door_relay, closed: door_closed, open: door_open, travel: 15s, device_class: garage }
          blinds:      { up: blinds_up, down: blinds_down, travel: 4s, device_class: blind }
        interlocks:
          blinds_motor: { outputs: [blinds_up, blinds_down], wait: 200ms }
        """

    /// The outputs' levels, as `gpioagg status --json` gives them (its covers' section
    /// holds objects, so the whole reply is not levels only).
    static func outputs(_ socket: String) throws -> [String: Bool] {
        let result = try runProduct("gpioagg", ["status", "--json", "--control", socket])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let object = try JSONSerialization.jsonObject(with: Data(result.lines.joined().utf8)) as? [String: Any]
        return try #require(object?["outputs"] as? [String: Bool])
    }

    /// Asks for the outputs until `condition` holds, up to 10 s.
    static func waitForOutputs(_ socket: String, _ condition: ([String: Bool]) -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if condition(try outputs(socket)) { return true }
            usleep(20_000)
        }
        return false
    }

    static func simSet(_ node: Node, _ name: String, _ level: String) throws {
        let set = try runProduct("gpioagg", ["sim", "set", name, level, "--control", node.socket])
        #expect(set.status == 0, "\(set.errors)")
    }

    @Test("covers: Home Assistant's OPEN, CLOSE, STOP and a position move the lines; the state and position topics follow")
    func covers() throws {
        let broker = try TestBroker()
        let node = try Self.start(Self.config(broker: broker, node: "garage", body: Self.covers))
        defer { kill(node.daemon.process.processIdentifier, SIGTERM); _ = node.daemon.finish() }
        let port = broker.port
        try Self.simSet(node, "door_closed", "on")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/garage_door", "closed"))
        let door = try #require(try Tools.retainedValue(port: port, topic: "homeassistant/cover/garage/garage_door/config"))
        #expect(door.contains(#""command_topic":"gpioagg/garage/garage_door/set","state_topic":"gpioagg/garage/garage_door""#),
                "\(door)")
        let blinds = try #require(try Tools.retainedValue(port: port, topic: "homeassistant/cover/garage/blinds/config"))
        #expect(blinds.contains(
            #""position_topic":"gpioagg/garage/blinds/position","set_position_topic":"gpioagg/garage/blinds/position/set""#),
                "\(blinds)")

        // The garage door: each command as Home Assistant sends it, the end switches
        // moved as the door would move them, each press of the opener's button over
        // before the next (as a door takes seconds to move).
        let released: ([String: Bool]) -> Bool = { $0["door_relay"] == false }
        try Tools.publish(port: port, topic: "gpioagg/garage/garage_door/set", payload: "OPEN")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/garage_door", "opening"))
        #expect(try Self.waitForOutputs(node.socket, released))
        try Self.simSet(node, "door_closed", "off")
        try Self.simSet(node, "door_open", "on")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/garage_door", "open"))
        try Tools.publish(port: port, topic: "gpioagg/garage/garage_door/set", payload: "CLOSE")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/garage_door", "closing"))
        #expect(try Self.waitForOutputs(node.socket, released))
        try Self.simSet(node, "door_open", "off")
        try Tools.publish(port: port, topic: "gpioagg/garage/garage_door/set", payload: "STOP")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/garage_door", "stopped"))
        #expect(try Self.waitForOutputs(node.socket, released))

        // The blinds: closed to the end, to 40 %, then open.
        try Tools.publish(port: port, topic: "gpioagg/garage/blinds/set", payload: "CLOSE")
        #expect(try Self.waitForOutputs(node.socket) { $0["blinds_down"] == true && $0["blinds_up"] == false })
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/blinds", "closed"))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/blinds/position", "0"))
        #expect(try Self.outputs(node.socket)["blinds_down"] == false)
        try Tools.publish(port: port, topic: "gpioagg/garage/blinds/position/set", payload: "40")
        #expect(try Self.waitForOutputs(node.socket) { $0["blinds_up"] == true })
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/blinds/position", "40"))
        #expect(try Tools.retainedValue(port: port, topic: "gpioagg/garage/blinds") == "stopped")
        #expect(try Self.outputs(node.socket)["blinds_up"] == false)
        try Tools.publish(port: port, topic: "gpioagg/garage/blinds/set", payload: "OPEN")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/blinds", "open"))
        #expect(try Tools.retainedValue(port: port, topic: "gpioagg/garage/blinds/position") == "100")

        kill(node.daemon.process.processIdentifier, SIGTERM)
        let result = node.daemon.finish()
        #expect(result.status == 0)
        // The relay pulsed three times: OPEN, CLOSE, STOP.
        let pulses = (result.lines + result.errors.split(separator: "\n").map(String.init))
            .filter { $0.contains("output door_relay on") }
        #expect(pulses.count == 3, "\(result.lines.joined(separator: "\n")) \(result.errors)")
    }
}
