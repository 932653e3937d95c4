#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
import Control
import Foundation
import MQTTEmbedded
import Scenario
@testable import Service
import Testing
import Values

/// Every node that takes a value, set through every front-end: the control socket's
/// `set` (`gpioagg set`), a `/set` topic, the line commands and a test file's `set:`.
/// What they answer comes from one place (`Engine.set`), so the same request gets the
/// same words and the same suggestions wherever it is written. The whole daemon, in
/// virtual time, on the MQTT transport's twin.
@Suite("Setting nodes: one answer through every front-end")
struct SetFrontEndTests {
    static let config = """
        chips:
          main: { label: pinctrl-bcm2711 }
          pwm: { pwm: fe20c000.pwm }
        mqtt:
          broker: mqtt://broker.invalid
          node: garage
        inputs:
          door: { chip: main, line: GPIO4 }
          meter: { chip: main, line: GPIO17 }
          override: { command: true }
          gate_open: { command: press }
          setpoint: { command: true, type: number, min: 5, max: 30, initial: 20, unit: "°C" }
          blinds_closed: { chip: main, line: GPIO23 }
        signals:
          water: { count: meter, unit: L }
          frost: { not: door }
        outputs:
          porch_light: { chip: main, line: GPIO5, command: true }
          hall_light: { chip: main, line: GPIO6, follows: door }
          blinds_up: { chip: main, line: GPIO9 }
          blinds_down: { chip: main, line: GPIO10 }
          strip: { chip: pwm, channel: 0, frequency: 1kHz, command: true }
        covers:
          blinds: { up: blinds_up, down: blinds_down, closed: blinds_closed, travel: 20s }
        interlocks:
          blinds_motor: { outputs: [blinds_up, blinds_down], wait: 200ms }
        """

    /// The daemon with its MQTT bridge connected and a pipe of line commands.
    final class Rig {
        final class Made { var transport: EmbeddedMQTTTransport? }

        let daemon: DaemonTests.Rig
        private let made = Made()
        private var ends: [Int32] = [0, 0]

        init() throws {
            try #require(closeOnExecPipe(&ends))
            let made = made
            daemon = try DaemonTests.Rig(SetFrontEndTests.config, interaction: .commands, commands: ends[0],
                                         mqttTransport: { declaration, loop, _ in
                let transport = EmbeddedMQTTTransport(loop: loop, statusTopic: declaration.topics.statusTopic)
                made.transport = transport
                return transport
            })
            try daemon.daemon.start()
            made.transport?.acceptConnection()
            daemon.loop.run()
        }

        deinit {
            close(ends[0])
            close(ends[1])
        }

        /// `gpioagg set NAME VALUE`: the control socket's reply.
        func control(_ name: String, _ value: String) throws -> ControlReply {
            let reply = daemon.daemon.handle(.set(name: name, value: try #require(SetValue(value))))
            daemon.loop.run()
            return reply
        }

        /// A line command; the errors it logged, without `error: `.
        func line(_ text: String) -> [String] {
            let before = errors.count
            _ = Array((text + "\n").utf8).withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
            daemon.loop.run()
            return errors.dropFirst(before).map { String($0.dropFirst("error: ".count)) }
        }

        /// A payload on `NAME/set`; what the bridge logged ignoring it, after the topic.
        func publish(_ name: String, _ payload: String) -> [String] {
            let topic = "gpioagg/garage/\(name)/set"
            let before = daemon.messages.count
            made.transport?.publishFromAnotherClient(topic, payload, retained: false)
            daemon.loop.run()
            let prefix = "ignoring '\(payload)' on \(topic): "
            return daemon.messages.dropFirst(before).filter { $0.hasPrefix(prefix) }.map {
                String($0.dropFirst(prefix.count)).replacingOccurrences(of: " (more are counted and said once a minute)", with: "")
            }
        }

        private var errors: [String] {
            daemon.entries.withLockedValue { $0.filter { $0.level == .error }.map(\.message) }
        }
    }

    /// A test file's `set:` of one name, run on the same configuration; its failures.
    static func scenario(_ name: String, _ value: String) throws -> [String] {
        let configuration = try ConfigLoader.parse(config, file: "set.yaml")
        let loaded = try ScenarioLoader.parse("config: set.yaml\nsteps:\n  - set: { \(name): \(value) }\n",
                                              file: "set.test.yaml", configuration: configuration)
        let prefix = "set: \(name) refused at "
        return ScenarioRunner.run(loaded).failures.map(\.message).map { message in
            let rest = message.dropFirst(prefix.count)
            guard message.hasPrefix(prefix), let colon = rest.range(of: ": ") else { return message }
            return String(rest[colon.upperBound...])
        }
    }

    @Test("gpioagg set blind open: no settable node named 'blind'; it suggests the cover blinds")
    func blindSuggestsBlinds() throws {
        let rig = try Rig()
        guard case .failure(let message) = try rig.control("blind", "open") else {
            Issue.record("a misspelt cover was taken")
            return
        }
        #expect(message.contains("did you mean 'blinds'?"), "\(message)")
    }

    /// One request, as each front-end writes it: the control socket's value, a line
    /// command, a payload on the node's `/set` (nil: no such topic, or a payload Home
    /// Assistant would not send), a test file's `set:` value (nil: the file's reader
    /// refuses it before the run, as it does an unknown name).
    struct Request: CustomStringConvertible {
        var name: String
        var value: String
        /// nil: the line commands move the input as a simulation does (a numeric input
        /// takes a reading), not as a command.
        var line: String?
        var payload: String?
        var scenario: String?
        /// What every front-end answers: nil when the node takes the value, else the
        /// refusal's words.
        var refusal: String?

        /// The name suggested for an unknown one.
        var near: String? {
            guard let refusal, refusal.hasPrefix("no settable node named"),
                  let start = refusal.range(of: "did you mean '"),
                  let end = refusal[start.upperBound...].firstIndex(of: "'") else { return nil }
            return String(refusal[start.upperBound..<end])
        }

        var description: String { "\(name) \(value)" }
    }

    static let settable = "settable: override, gate_open, setpoint, water, porch_light, strip, blinds"

    /// Every kind that takes a value, a value it takes, a value it refuses and a name a
    /// letter away; and a node of each kind that takes none.
    static let requests: [Request] = [
        Request(name: "override", value: "on", line: "on override", payload: "ON", scenario: "on"),
        Request(name: "overide", value: "on", line: "on overide",
                refusal: "no settable node named 'overide'; did you mean 'override'? (\(settable))"),
        Request(name: "gate_open", value: "press", line: "press gate_open", payload: "PRESS", scenario: "press"),
        Request(name: "gate_opn", value: "press", line: "press gate_opn",
                refusal: "no settable node named 'gate_opn'; did you mean 'gate_open'? (\(settable))"),
        Request(name: "setpoint", value: "21.5", line: "set setpoint 21.5", payload: "21.5", scenario: "21.5"),
        Request(name: "setpoint", value: "toggle", line: nil,
                refusal: "'setpoint' is a number: write a number from 5.00 to 30.00 °C"),
        Request(name: "setpont", value: "21.5", line: "set setpont 21.5",
                refusal: "no settable node named 'setpont'; did you mean 'setpoint'? (\(settable))"),
        Request(name: "water", value: "100", line: "set water 100", payload: "100", scenario: "100"),
        Request(name: "water", value: "-3", line: "set water -3", payload: "-3", scenario: "-3",
                refusal: "-3.00 is below 0, and 'water' is a total: 0 or more"),
        Request(name: "water", value: "on", line: "set water on",
                refusal: "'water' is a counter: write its new total, a number of 0 or more"),
        Request(name: "watr", value: "100", line: "set watr 100",
                refusal: "no settable node named 'watr'; did you mean 'water'? (\(settable))"),
        Request(name: "porch_light", value: "on", line: "on porch_light", payload: "ON", scenario: "on"),
        Request(name: "porch_light", value: "press", line: "press porch_light",
                refusal: "'porch_light' is on or off: write on, off or toggle"),
        Request(name: "porch_ligt", value: "on", line: "on porch_ligt",
                refusal: "no settable node named 'porch_ligt'; did you mean 'porch_light'? (\(settable))"),
        Request(name: "hall_light", value: "on", line: "on hall_light",
                refusal: "'hall_light' is an output that follows door: only outputs with command: true can be set"),
        Request(name: "strip", value: "40", line: "set strip 40", payload: "40", scenario: "40"),
        Request(name: "strip", value: "140", line: "set strip 140", payload: "140", scenario: "140",
                refusal: "'strip' takes 0 to 100 (%), on, off or toggle, not 140.0"),
        Request(name: "strp", value: "40", line: "set strp 40",
                refusal: "no settable node named 'strp'; did you mean 'strip'? (\(settable))"),
        Request(name: "blinds", value: "open", line: "set blinds open", payload: "OPEN", scenario: "open"),
        Request(name: "blinds", value: "on", line: "set blinds on",
                refusal: "'blinds' is a cover: write open, close, stop, or a position from 0 (closed) to 100 (open)"),
        Request(name: "blind", value: "open", line: "set blind open",
                refusal: "no settable node named 'blind'; did you mean 'blinds'? (\(settable))"),
        Request(name: "frost", value: "on", line: "on frost",
                refusal: "'frost' is a signal: it follows what it is made of; "
                    + "only command inputs, counters, outputs with command: true and covers can be set"),
    ]

    @Test("every kind of node, a near name and a refused value: the same answer from gpioagg set, /set, line commands and set:",
          arguments: requests)
    func sameAnswerEverywhere(_ request: Request) throws {
        let rig = try Rig()
        let control: String? = switch try rig.control(request.name, request.value) {
        case .failure(let message): message
        default: nil
        }
        #expect(control == request.refusal, "gpioagg set")
        if let line = request.line {
            let errors = rig.line(line)
            if let near = request.near {
                // The line commands move every input too: a name near an input is answered
                // with the inputs to choose from, the same suggestion among them.
                #expect(errors.count == 1 && errors[0].contains("did you mean '\(near)'?"), "line command \(line): \(errors)")
            } else {
                #expect(errors == (request.refusal.map { [$0] } ?? []), "line command \(line)")
            }
        }
        if let payload = request.payload {
            #expect(rig.publish(request.name, payload) == (request.refusal.map { [$0] } ?? []), "/set \(payload)")
        }
        if let value = request.scenario {
            #expect(try Self.scenario(request.name, value) == (request.refusal.map { [$0] } ?? []), "set: \(value)")
        }
    }
}
