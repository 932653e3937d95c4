import Foundation
import MosquittoTesting
import TestSupport
import Testing

/// Two boards on a real mosquitto: the garage never acts on the shed's stale value, and
/// rides out short losses of the broker or of the shed for its remote input's `hold`.
@Suite("Remote inputs on a real broker", .serialized,
       .enabled(if: Tools.haveBroker, Comment(rawValue: Tools.noBroker)), .tags(.binary, .broker))
struct RemoteInputTrustTests {
    static let shed = """
        inputs:
          door_open: { chip: main, line: GPIO17 }
        """

    static func garage(hold: String? = nil) -> String { MQTTConfigs.shedFollower(hold: hold) }

    static func start(_ broker: TestBroker, node: String, _ body: String) throws -> MQTTDaemonTests.Node {
        try MQTTDaemonTests.start(MQTTDaemonTests.config(broker: broker, node: node, body: body))
    }

    /// A shed whose door is open, seen by the broker.
    static func openShed(_ broker: TestBroker) throws -> MQTTDaemonTests.Node {
        let shed = try start(broker, node: "shed", Self.shed)
        #expect(try MQTTDaemonTests.waitForRetained(broker, "gpioagg/shed/status", "online"))
        #expect(try DaemonTests.sim(shed.socket, ["set", "door_open", "on"]).status == 0)
        #expect(try MQTTDaemonTests.waitForRetained(broker, "gpioagg/shed/door_open", "ON"))
        return shed
    }

    static func why(_ node: MQTTDaemonTests.Node, _ name: String) throws -> [String] {
        try runProduct("gpioagg", ["why", name, "--control", node.socket]).lines
    }

    @Test("a garage started while the shed is away never takes the door the shed left retained: no false alarm")
    func staleValueAtStart() throws {
        let broker = try TestBroker()
        let shed = try Self.openShed(broker)
        // Killed: its will says offline, its last door_open ON stays retained.
        kill(shed.daemon.process.processIdentifier, SIGKILL)
        _ = shed.daemon.finish()
        #expect(try MQTTDaemonTests.waitForRetained(broker, "gpioagg/shed/status", "offline"))
        #expect(try Tools.retainedValue(port: broker.port, topic: "gpioagg/shed/door_open") == "ON")

        let garage = try Self.start(broker, node: "garage", Self.garage())
        #expect(try MQTTDaemonTests.waitForRetained(broker, "gpioagg/garage/status", "online"))
        // Both retained messages have come once why names the shed's status.
        let deadline = Date().addingTimeInterval(10)
        var why: [String] = []
        while Date() < deadline {
            why = try Self.why(garage, "shed_door")
            if why.first?.contains("node shed is offline") == true { break }
            usleep(50_000)
        }
        #expect(why.first?.hasPrefix("shed_door off: remote input on gpioagg/shed/door_open;") == true, "\(why)")
        #expect(why.first?.contains("; at its fallback: node shed is offline (for ") == true, "\(why)")
        #expect(try MQTTDaemonTests.waitForRetained(broker, "gpioagg/garage/siren", "OFF"))

        kill(garage.daemon.process.processIdentifier, SIGTERM)
        let result = garage.daemon.finish()
        #expect(!result.lines.contains("input shed_door on"), "\(result.lines)")
        #expect(!result.lines.contains("output siren on"), "\(result.lines)")
    }

    @Test("a broker restart with the door open all along: the garage keeps it, the siren never goes off, and the loss is logged once")
    func brokerOutageWithinHold() throws {
        let broker = try TestBroker()
        let shed = try Self.openShed(broker)
        defer { _ = shed.daemon.finish(limit: 0) }
        let garage = try Self.start(broker, node: "garage", Self.garage())
        #expect(try MQTTDaemonTests.waitForRetained(broker, "gpioagg/garage/siren", "ON"))

        broker.stop()
        // Down until both nodes have lost it and the garage holds the shed's door.
        #expect(garage.daemon.waitForLine("input shed_door keeps its last value (on) for up to 30s: ", prefix: true, limit: 20))
        #expect(garage.daemon.waitForOutput(containing: "disconnected from ", limit: 20))
        #expect(shed.daemon.waitForOutput(containing: "disconnected from ", limit: 20))
        try broker.start()  // no persistence: the nodes publish everything again
        #expect(try MQTTDaemonTests.waitForRetained(broker, "gpioagg/shed/status", "online"))
        #expect(try MQTTDaemonTests.waitForRetained(broker, "gpioagg/garage/status", "online"))
        #expect(garage.daemon.waitForLine("input shed_door follows its topic again, after", prefix: true, limit: 10))
        #expect(try MQTTDaemonTests.waitForRetained(broker, "gpioagg/garage/siren", "ON"))

        kill(garage.daemon.process.processIdentifier, SIGTERM)
        let result = garage.daemon.finish()
        let running = result.lines.drop { $0 != "ready" }
        let remote = running.filter { $0.hasPrefix("input shed_door") }
        #expect(remote.count == 3, "on, the loss, its end: \(remote)")
        // Which loss comes first depends on the broker: mosquitto sends the shed's will
        // as it shuts down, before the garage's connection drops.
        #expect(remote.contains { $0.hasPrefix("input shed_door keeps its last value (on) for up to 30s: ") }, "\(remote)")
        #expect(!remote.contains { $0.contains("at its fallback") }, "\(remote)")
        #expect(running.filter { $0.hasPrefix("output siren") } == ["output siren on", "output siren off (safe state)"],
                "\(result.lines)")
        kill(shed.daemon.process.processIdentifier, SIGTERM)
    }

    @Test("a shed killed outright: the garage holds its door for hold:, then takes the fallback")
    func publisherKilled() throws {
        let broker = try TestBroker()
        let shed = try Self.openShed(broker)
        let garage = try Self.start(broker, node: "garage", Self.garage(hold: "1s"))
        #expect(try MQTTDaemonTests.waitForRetained(broker, "gpioagg/garage/siren", "ON"))

        kill(shed.daemon.process.processIdentifier, SIGKILL)
        _ = shed.daemon.finish()
        #expect(garage.daemon.waitForLine("input shed_door keeps its last value (on) for up to 1s: node shed is offline",
                                          limit: 20))
        #expect(try MQTTDaemonTests.waitForRetained(broker, "gpioagg/garage/siren", "OFF"))

        kill(garage.daemon.process.processIdentifier, SIGTERM)
        let result = garage.daemon.finish()
        #expect(result.lines.contains("input shed_door at its fallback (off): node shed is offline for 1s"), "\(result.lines)")
    }

    @Test("a reload of an unchanged config, ten times, with the shed's door open: the siren stays on, nothing is logged or published off")
    func reloadKeepsRemoteValue() throws {
        let broker = try TestBroker()
        let shed = try Self.openShed(broker)
        defer { _ = shed.daemon.finish(limit: 0) }
        // A command input of its own to mark the end: the garage publishes its values in order.
        let garage = try Self.start(broker, node: "garage", Self.garage().replacingOccurrences(
            of: "inputs:\n", with: "inputs:\n  marker: { command: true }\n"))
        #expect(try MQTTDaemonTests.waitForRetained(broker, "gpioagg/garage/siren", "ON"))
        // A subscriber that sees every value the garage publishes for the siren.
        let watcher = try Observer(port: broker.port, topics: ["gpioagg/garage/siren", "gpioagg/garage/marker"])

        // Each reload is sent only after the one before it has been reported, so the
        // daemon sees ten SIGHUPs and not fewer merged ones.
        for round in 1...10 {
            let before = garage.daemon.printedLines.filter { $0.hasPrefix("reloaded") }.count
            #expect(before == round - 1)
            kill(garage.daemon.process.processIdentifier, SIGHUP)
            let deadline = Date().addingTimeInterval(10)
            while garage.daemon.printedLines.filter({ $0.hasPrefix("reloaded") }).count < round, Date() < deadline {
                usleep(20_000)
            }
            #expect(garage.daemon.printedLines.filter { $0.hasPrefix("reloaded") }.count == round)
        }
        #expect(try DaemonTests.status(garage.socket)["outputs"]?["siren"] == true)
        // Whatever the reloads published for the siren came before the marker.
        #expect(try NumberCommandTests.gpioagg(["set", "marker", "on"], garage.socket).status == 0)
        #expect(watcher.wait(timeout: 20) { $0.contains { $0.hasSuffix(" gpioagg/garage/marker ON") } }, "\(watcher.lines)")
        let published = watcher.lines(of: "gpioagg/garage/siren")
        #expect(published.contains { $0.hasSuffix(" ON") }, "the watcher saw the siren: \(published)")
        #expect(!published.contains { $0.hasSuffix(" OFF") }, "\(published)")

        kill(garage.daemon.process.processIdentifier, SIGTERM)
        let result = garage.daemon.finish()
        let running = result.lines.drop { $0 != "ready" }
        #expect(running.filter { $0.hasPrefix("reloaded") }.count == 10)
        #expect(running.filter { $0.hasPrefix("output siren") } == ["output siren on", "output siren off (safe state)"],
                "\(result.lines)")
        #expect(!running.contains { $0.hasPrefix("input shed_door") && $0 != "input shed_door on" }, "\(result.lines)")
    }
}
