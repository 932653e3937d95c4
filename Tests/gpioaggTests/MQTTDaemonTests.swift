import Foundation
import MosquittoTesting
import TestSupport
import Testing

/// The daemon on a real mosquitto started by each test: its status and values, commands,
/// Home Assistant's discovery, two boards sharing a value, and what a broker restart and
/// a killed daemon leave behind.
@Suite("gpioagg on MQTT", .serialized,
       .enabled(if: Tools.haveBroker, Comment(rawValue: Tools.noBroker)), .tags(.binary, .broker))
struct MQTTDaemonTests {
    static func config(broker: TestBroker, node: String, body: String) -> String {
        """
        chips:
          main: { label: pinctrl-bcm2711 }
        mqtt:
          broker: \(broker.url)
          node: \(node)
        \(body)
        """
    }

    static let garage = MQTTConfigs.garage

    struct Node {
        let daemon: RunningProduct
        let socket: String
    }

    static func start(_ text: String) throws -> Node {
        let folder = temporaryDirectory()
        let path = folder + "/gpioagg.yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let socket = folder + "/control.sock"
        let daemon = try RunningProduct("gpioagg", ["run", "--simulate", "--config", path, "--control", socket,
                                                    "--state-dir", folder + "/state"])
        #expect(daemon.waitForLine("ready"))
        return Node(daemon: daemon, socket: socket)
    }

    /// Whether a line the daemon printed, on standard output or error, holds `text`.
    static func printed(_ result: (status: Int32, lines: [String], errors: String), _ text: String) -> Bool {
        (result.lines + result.errors.split(separator: "\n").map(String.init)).contains { $0.contains(text) }
    }

    /// Polls the retained value of `topic` until it is `value` (nil: none), up to 10 s.
    static func waitForRetained(_ broker: TestBroker, _ topic: String, _ value: String?,
                                extra: [String] = []) throws -> Bool {
        try Tools.waitForRetained(port: broker.port, topic: topic, value, extra: extra)
    }

    @Test("on connect: online, every value, discovery; /set moves a command input and its output; a retained command is ignored; a stop says offline")
    func connectCommandsAndStop() throws {
        let broker = try TestBroker()
        // A command left retained on the broker (by a client that should not have): an
        // old one, delivered as retained when the daemon subscribes, and ignored.
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/override/set", payload: "ON", retained: true)
        let node = try Self.start(Self.config(broker: broker, node: "garage", body: Self.garage))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/status", "online"))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/fan", "OFF"))
        #expect(try DaemonTests.status(node.socket)["inputs"]?["override"] == false)
        #expect(try Tools.retainedValue(port: broker.port, topic: "gpioagg/garage/override") == "OFF")
        #expect(try Tools.retainedValue(port: broker.port, topic: "gpioagg/garage/fan_on") == "OFF")
        let switchConfig = try #require(try Tools.retainedValue(port: broker.port,
                                                                topic: "homeassistant/switch/garage/override/config"))
        #expect(switchConfig.contains(#""command_topic":"gpioagg/garage/override/set""#), "\(switchConfig)")
        let sensor = try #require(try Tools.retainedValue(port: broker.port,
                                                          topic: "homeassistant/binary_sensor/garage/button/config"))
        #expect(sensor.contains(#""device_class":"motion""#), "\(sensor)")
        let output = try #require(try Tools.retainedValue(port: broker.port,
                                                          topic: "homeassistant/binary_sensor/garage/fan/config"))
        #expect(output.contains(#""device_class":"running""#), "\(output)")
        #expect(try Tools.retainedValue(port: broker.port, topic: "homeassistant/event/garage/click/config") != nil)

        try Tools.publish(port: broker.port, topic: "gpioagg/garage/override/set", payload: "ON")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/fan", "ON"))
        #expect(try DaemonTests.status(node.socket)["inputs"]?["override"] == true)
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/override/set", payload: "toggle")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/fan", "OFF"))
        // The level words of the config file and the command line: 1 is on, false off.
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/override/set", payload: "1")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/fan", "ON"))
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/override/set", payload: "false")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/fan", "OFF"))

        kill(node.daemon.process.processIdentifier, SIGTERM)
        let result = node.daemon.finish()
        #expect(result.status == 0)
        #expect(Self.printed(result, "ignoring a retained command on gpioagg/garage/override/set"),
                "\(result.lines) \(result.errors)")
        #expect(try Tools.retainedValue(port: broker.port, topic: "gpioagg/garage/status") == "offline")
    }

    @Test("a stop with MQTT prints one stopped line, the daemon's, with its reason")
    func oneStoppedLine() throws {
        let broker = try TestBroker()
        let node = try Self.start(Self.config(broker: broker, node: "garage", body: Self.garage))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/status", "online"))
        kill(node.daemon.process.processIdentifier, SIGTERM)
        let result = node.daemon.finish()
        #expect(result.status == 0)
        let printed = result.lines + result.errors.split(separator: "\n").map(String.init)
        #expect(printed.filter { $0.contains("stopped") } == ["stopped (SIGTERM)"], "\(printed)")
        #expect(result.lines.last == "stopped (SIGTERM)")
    }

    @Test("line commands move a command input by name or number, and refuse a remote input with the reason")
    func lineCommandsOnCommandAndRemoteInputs() throws {
        let broker = try TestBroker()
        let body = Self.garage.replacingOccurrences(
            of: "  override: { command: true }\n",
            with: "  override: { command: true }\n  shed_door: { topic: gpioagg/shed/door_open }\n")
        let node = try Self.start(Self.config(broker: broker, node: "garage", body: body))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/status", "online"))
        // status lists button, override, shed_door: override is input 2.
        node.daemon.send("on override")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/fan", "ON"))
        node.daemon.send("toggle 2")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/fan", "OFF"))
        node.daemon.send("toggle shed_door")
        node.daemon.send("on 3")
        node.daemon.send("quit")
        let result = node.daemon.finish()
        #expect(result.status == 1, "the refused commands failed")
        let refusal = "error: input 'shed_door' follows the MQTT topic gpioagg/shed/door_open: it takes its value "
            + "from there; publish to gpioagg/shed/door_open to move it"
        #expect(result.errors.components(separatedBy: refusal).count == 3, "\(result.errors)")
    }

    @Test("SIGKILL: the broker publishes the will, offline")
    func will() throws {
        let broker = try TestBroker()
        let node = try Self.start(Self.config(broker: broker, node: "garage", body: Self.garage))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/status", "online"))
        kill(node.daemon.process.processIdentifier, SIGKILL)
        _ = node.daemon.finish()
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/status", "offline"))
    }

    @Test("numbers: a sensor and a number in discovery, values as decimals, /set with a number, a numeric remote input and its availability")
    func numbers() throws {
        let broker = try TestBroker()
        let node = try Self.start(Self.config(broker: broker, node: "garage", body: """
            inputs:
              setpoint: { command: true, type: number, initial: 21, min: 5, max: 30, step: 0.5, unit: "°C", mode: box }
              outside: { topic: weather/outside, type: number, unit: "°C" }
            signals:
              heat: { threshold: outside, below: setpoint, hysteresis: 0.5 }
              spread: { difference: [setpoint, outside], precision: 1 }
            outputs:
              heater: { chip: main, line: GPIO5, follows: heat }
            """))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/setpoint", "21.00"))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/setpoint/available", "online"))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/outside/available", "offline"))
        #expect(try Tools.retainedValue(port: broker.port, topic: "gpioagg/garage/outside") == nil)
        let number = try #require(try Tools.retainedValue(port: broker.port,
                                                          topic: "homeassistant/number/garage/setpoint/config"))
        #expect(number.contains(#""min":5,"max":30,"step":0.5,"unit_of_measurement":"°C","mode":"box""#), "\(number)")
        let sensor = try #require(try Tools.retainedValue(port: broker.port,
                                                          topic: "homeassistant/sensor/garage/spread/config"))
        #expect(sensor.contains(#""state_class":"measurement","suggested_display_precision":1"#), "\(sensor)")
        #expect(sensor.contains(#""availability_mode":"all""#), "\(sensor)")

        try Tools.publish(port: broker.port, topic: "weather/outside", payload: "20.25", retained: true)
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/outside", "20.25"))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/outside/available", "online"))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/spread", "0.8"))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/heater", "ON"))

        // Home Assistant's number entity sends the value it was set to.
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/setpoint/set", payload: "19.5")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/setpoint", "19.50"))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/heater", "OFF"))
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/setpoint/set", payload: "99")

        try Tools.publish(port: broker.port, topic: "weather/outside", payload: "n/a", retained: true)
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/outside/available", "offline"))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/spread/available", "offline"))
        #expect(try Tools.retainedValue(port: broker.port, topic: "gpioagg/garage/setpoint") == "19.50")

        kill(node.daemon.process.processIdentifier, SIGTERM)
        let result = node.daemon.finish()
        #expect(result.status == 0)
        #expect(Self.printed(result, "ignoring '99' on gpioagg/garage/setpoint/set: 99.00 is outside what 'setpoint' takes"),
                "\(result.lines) \(result.errors)")
        #expect(Self.printed(result, "the last message on weather/outside, 'n/a', is not a decimal number"),
                "\(result.lines) \(result.errors)")
    }

    @Test("two boards, one graph: the garage follows the shed's door, and its fallback while the shed is away")
    func twoNodes() throws {
        let broker = try TestBroker()
        let shed = try Self.start(Self.config(broker: broker, node: "shed", body: """
            inputs:
              door_open: { chip: main, line: GPIO17 }
            """))
        let garage = try Self.start(Self.config(broker: broker, node: "garage", body: """
            inputs:
              shed_door: { topic: gpioagg/shed/door_open, fallback: off, hold: 500ms }
              local: { chip: main, line: GPIO27 }
            signals:
              alarm: { any: [shed_door, local] }
            outputs:
              siren: { chip: main, line: GPIO5, follows: alarm }
            """))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/status", "online"))
        #expect(try Self.waitForRetained(broker, "gpioagg/shed/door_open", "OFF"))
        #expect(try DaemonTests.sim(shed.socket, ["set", "door_open", "on"]).status == 0)
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/siren", "ON"))
        #expect(try DaemonTests.status(garage.socket)["inputs"]?["shed_door"] == true)

        // The shed stops: it says offline, and the garage takes the fallback once its
        // hold runs out.
        kill(shed.daemon.process.processIdentifier, SIGTERM)
        _ = shed.daemon.finish()
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/siren", "OFF"))
        kill(garage.daemon.process.processIdentifier, SIGTERM)
        let result = garage.daemon.finish()
        #expect(result.lines.contains("input shed_door at its fallback (off): node shed is offline for 500ms"),
                "\(result.lines)")
    }

    @Test("a broker restart: the daemon reconnects, resubscribes and publishes every value again")
    func brokerRestart() throws {
        let broker = try TestBroker()
        let node = try Self.start(Self.config(broker: broker, node: "garage", body: Self.garage))
        defer { _ = node.daemon.finish(limit: 0) }
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/fan", "OFF"))
        broker.stop()
        try broker.start()   // no persistence: every retained value is gone
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/status", "online"))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/fan", "OFF"))
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/override/set", payload: "ON")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/fan", "ON"), "resubscribed to the command topic")
    }

    @Test("Home Assistant says online: discovery comes again after 1 to 5 s")
    func homeAssistantBirth() throws {
        let broker = try TestBroker()
        let node = try Self.start(Self.config(broker: broker, node: "garage", body: Self.garage))
        defer { _ = node.daemon.finish(limit: 0) }
        let topic = "homeassistant/binary_sensor/garage/fan/config"
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/status", "online"))
        #expect(try Tools.retainedValue(port: broker.port, topic: topic) != nil)
        // Cleared, as if Home Assistant had lost it.
        _ = try Tools.run(Tools.mosquittoPub!, ["-h", "127.0.0.1", "-p", "\(broker.port)", "-t", topic, "-r", "-n"])
        #expect(try Self.waitForRetained(broker, topic, nil))
        try Tools.publish(port: broker.port, topic: "homeassistant/status", payload: "online")
        let deadline = Date().addingTimeInterval(8)
        var again: String?
        while Date() < deadline, again == nil {
            again = try Tools.retainedValue(port: broker.port, topic: topic)
            usleep(100_000)
        }
        #expect(again?.contains(#""unique_id":"garage_fan""#) == true, "\(again ?? "none")")
    }

    @Test("username and password_file: the password is read from its file, and the broker lets the node in")
    func passwordFile() throws {
        let directory = try TemporaryDirectory()
        try Tools.run(Tools.mosquittoPasswd!, ["-c", "-b", directory.file("passwords"), "garage", "s3cret word"])
        let broker = try TestBroker(settings: ["allow_anonymous false", "password_file \(directory.file("passwords"))"],
                                    directory: directory)
        try directory.write("s3cret word\n", to: "mqtt.password")
        let node = try Self.start("""
            chips:
              main: { label: pinctrl-bcm2711 }
            mqtt:
              broker: \(broker.url)
              node: garage
              username: garage
              password_file: \(directory.file("mqtt.password"))
            \(Self.garage)
            """)
        defer { _ = node.daemon.finish(limit: 0) }
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/status", "online", extra: ["-u", "garage", "-P", "s3cret word"]))
    }

    @Test("mqtts:// with tls.ca_file: the node checks the broker's certificate, goes online and takes /set; with another CA it never connects")
    func tls() throws {
        let directory = try TemporaryDirectory()
        let certificates = Certificates(directory: directory)
        try certificates.makeAuthority("ca")
        try certificates.makeAuthority("other")
        try certificates.makeCertificate("server", signedBy: "ca", subjectAltNames: ["DNS:localhost", "IP:127.0.0.1"])
        let broker = try TestBroker(settings: [
            "cafile \(directory.file("ca.pem"))", "certfile \(directory.file("server.pem"))",
            "keyfile \(directory.file("server.key"))", "allow_anonymous true",
        ], directory: directory)
        let tools = ["--cafile", directory.file("ca.pem")]
        let config = { (node: String, authority: String) in """
            chips:
              main: { label: pinctrl-bcm2711 }
            mqtt:
              broker: mqtts://localhost:\(broker.port)
              node: \(node)
              tls: { ca_file: \(directory.file(authority)) }
            \(Self.garage)
            """
        }
        let node = try Self.start(config("garage", "ca.pem"))
        defer { _ = node.daemon.finish(limit: 0) }
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/status", "online", extra: tools))
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/override/set", payload: "ON", extra: tools)
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/fan", "ON", extra: tools))

        let stranger = try Self.start(config("stranger", "other.pem"))
        // Its first attempt starts at once, and says why it failed.
        #expect(stranger.daemon.waitForOutput(containing: "the broker's certificate was refused", limit: 30))
        kill(stranger.daemon.process.processIdentifier, SIGTERM)
        let result = stranger.daemon.finish()
        #expect(result.status == 0)
        let failure = (result.lines + result.errors.split(separator: "\n").map(String.init))
            .first { $0.contains("certificate") }
        #expect(failure?.contains("the broker's certificate was refused: self-signed certificate in certificate chain") == true,
                "\(result.lines) \(result.errors)")
        #expect(try Tools.retainedValue(port: broker.port, topic: "gpioagg/stranger/status", extra: tools) == nil,
                "a broker it cannot trust never hears from it")
    }

    @Test("a broker that speaks MQTT 3.1.1 only: the node falls back, goes online, takes /set and says offline at a stop")
    func protocolFallback() throws {
        let broker = try TestBroker()
        let gate = try ProtocolGate(target: broker.port)
        defer { gate.stop() }
        let node = try Self.start("""
            chips:
              main: { label: pinctrl-bcm2711 }
            mqtt:
              broker: \(gate.url)
              node: garage
            \(Self.garage)
            """)
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/status", "online"))
        #expect(gate.refusedConnects == 1)
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/override/set", payload: "ON")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/fan", "ON"))
        kill(node.daemon.process.processIdentifier, SIGTERM)
        let result = node.daemon.finish()
        #expect(result.status == 0)
        #expect(Self.printed(result, "refused MQTT 5; using MQTT 3.1.1"), "\(result.lines) \(result.errors)")
        #expect(try Tools.retainedValue(port: broker.port, topic: "gpioagg/garage/status") == "offline")
    }

    @Test("systemctl status shows the broker connection: connecting at ready, connected, lost while the broker is down, connected again")
    func connectionInServiceStatus() throws {
        let broker = try TestBroker()
        let config = try DaemonTests.write(Self.config(broker: broker, node: "garage", body: Self.garage))
        let socket = try NotifySocket()
        var environment = ProcessInfo.processInfo.environment
        environment["NOTIFY_SOCKET"] = socket.path
        let daemon = try RunningProduct("gpioagg", ["run", "--simulate", "--config", config, "--control",
                                                    temporarySocketPath(), "--state-dir", temporaryDirectory()],
                                        environment: environment)
        defer { _ = daemon.finish(limit: 0) }
        let counts = "simulating; 2 inputs (1 command), 2 signals, 1 output; no output on; mqtt: "
        var messages: [String] = []
        func next(_ expected: String) -> Bool {
            while let message = socket.receive() {
                messages.append(message)
                if message.hasSuffix(expected) { return true }
            }
            return false
        }
        #expect(next("READY=1\nSTATUS=" + counts + "connecting to \(broker.url)"), "\(messages)")
        #expect(next("STATUS=" + counts + "connected to \(broker.url)"), "\(messages)")
        broker.stop()
        #expect(next("STATUS=" + counts + "disconnected from \(broker.url) (the connection was lost); reconnecting"),
                "\(messages)")
        try broker.start()
        #expect(next("STATUS=" + counts + "connected to \(broker.url)"), "\(messages)")
    }

    @Test("a reload that drops an output removes it from Home Assistant: an empty retained config and value")
    func reloadRemovesEntities() throws {
        let broker = try TestBroker()
        let folder = temporaryDirectory()
        let path = folder + "/gpioagg.yaml"
        try Self.config(broker: broker, node: "garage", body: Self.garage).write(toFile: path, atomically: true, encoding: .utf8)
        let daemon = try RunningProduct("gpioagg", ["run", "--simulate", "--config", path, "--control",
                                                    folder + "/control.sock", "--state-dir", folder + "/state"])
        defer { _ = daemon.finish(limit: 0) }
        #expect(daemon.waitForLine("ready"))
        let config = "homeassistant/binary_sensor/garage/fan/config"
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/fan", "OFF"))
        #expect(try Tools.retainedValue(port: broker.port, topic: config) != nil)
        let without = Self.garage.replacingOccurrences(of: "outputs:\n  fan: { chip: main, line: GPIO5, follows: fan_on, device_class: running }",
                                                       with: "")
        #expect(without != Self.garage)
        try Self.config(broker: broker, node: "garage", body: without).write(toFile: path, atomically: true, encoding: .utf8)
        kill(daemon.process.processIdentifier, SIGHUP)
        #expect(try Self.waitForRetained(broker, config, nil))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/fan", nil))
        #expect(try Tools.retainedValue(port: broker.port, topic: "homeassistant/switch/garage/override/config") != nil,
                "what stays is not removed")
    }
}
