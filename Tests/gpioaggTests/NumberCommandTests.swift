import Foundation
import Testing

/// Numbers through the daemon as a user sets and reads them: `gpioagg set NAME 21.5`,
/// `gpioagg sim set NAME 27.5` and `unavailable` under `--simulate`, `status` and
/// `status --json` on a numeric config, and a kept number after SIGKILL.
@Suite("gpioagg with numbers", .tags(.binary))
struct NumberCommandTests {
    /// A heater under a set point: the mean of two temperatures against a threshold.
    static let config = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          door: { chip: main, line: GPIO17 }
          override: { command: true }
          setpoint: { command: true, type: number, initial: 21, min: 5, max: 30, step: 0.5, unit: "°C", persist: true }
          t_north: { command: true, type: number, initial: 20, unit: "°C", precision: 1 }
          t_south: { command: true, type: number, initial: 22, unit: "°C", precision: 1 }
          level: { command: true, type: number, min: 0, max: 100 }
        signals:
          inside: { mean: [t_north, t_south], precision: 1 }
          heat: { threshold: inside, below: setpoint, hysteresis: 0.5 }
        outputs:
          heater: { chip: main, line: GPIO5, follows: heat }
        """

    static func start(_ config: String, state: String) throws -> KeptValuesTests.Run {
        try KeptValuesTests.start(config: config, stateDirectory: state)
    }

    static func statusJSON(_ socket: String) throws -> [String: Any] {
        let result = try runProduct("gpioagg", ["status", "--json", "--control", socket])
        #expect(result.status == 0, "stderr: \(result.errors)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.lines.joined().utf8)) as? [String: Any])
    }

    static func inputs(_ socket: String) throws -> [String: Any] {
        try #require(try statusJSON(socket)["inputs"] as? [String: Any])
    }

    static func outputs(_ socket: String) throws -> [String: Any] {
        try #require(try statusJSON(socket)["outputs"] as? [String: Any])
    }

    static func gpioagg(_ arguments: [String], _ socket: String) throws -> (status: Int32, lines: [String], errors: String) {
        try runProduct("gpioagg", arguments + ["--control", socket])
    }

    @Test("gpioagg set NAME 21.5 sets a numeric command input within min and max and says its new value; the input decides what a value means")
    func setNumber() throws {
        let run = try Self.start(try DaemonTests.write(Self.config), state: temporaryDirectory())
        defer { kill(run.daemon.process.processIdentifier, SIGTERM); _ = run.daemon.finish() }
        let set = try Self.gpioagg(["set", "setpoint", "23.5"], run.socket)
        #expect(set.status == 0, "\(set.errors)")
        #expect(set.lines == ["setpoint 23.50 °C"])
        #expect(try Self.inputs(run.socket)["setpoint"] as? Double == 23.5)
        #expect(try Self.outputs(run.socket)["heater"] as? Bool == true, "inside 21.0 is below the set point")

        // 1 and 0 are numbers to a numeric input, and on and off to a level.
        #expect(try Self.gpioagg(["set", "level", "1"], run.socket).lines == ["level 1.00"])
        #expect(try Self.inputs(run.socket)["level"] as? Double == 1)
        #expect(try Self.gpioagg(["set", "override", "1"], run.socket).status == 0)
        #expect(try Self.inputs(run.socket)["override"] as? Bool == true)
        #expect(try Self.gpioagg(["set", "override", "0"], run.socket).status == 0)
        #expect(try Self.inputs(run.socket)["override"] as? Bool == false)

        let high = try Self.gpioagg(["set", "setpoint", "31"], run.socket)
        #expect(high.status == 1)
        #expect(high.errors == "error: 31.00 is outside what 'setpoint' takes: 5.00 to 30.00\n", "\(high.errors)")
        let word = try Self.gpioagg(["set", "setpoint", "on"], run.socket)
        #expect(word.status == 1)
        #expect(word.errors == "error: 'setpoint' is a number: write a number from 5.00 to 30.00 °C\n", "\(word.errors)")
        let number = try Self.gpioagg(["set", "override", "21.5"], run.socket)
        #expect(number.status == 1)
        #expect(number.errors == "error: 'override' is on or off: write on, off or toggle\n", "\(number.errors)")
        #expect(try Self.inputs(run.socket)["setpoint"] as? Double == 23.5, "refusals leave it as it was")
    }

    @Test("sim set NAME 27.5 and unavailable set a numeric input as a reading, past min and max; a level refuses them")
    func simSetNumber() throws {
        let run = try Self.start(try DaemonTests.write(Self.config), state: temporaryDirectory())
        defer { kill(run.daemon.process.processIdentifier, SIGTERM); _ = run.daemon.finish() }
        let reading = try Self.gpioagg(["sim", "set", "t_north", "27.5"], run.socket)
        #expect(reading.status == 0, "\(reading.errors)")
        #expect(reading.lines == ["t_north 27.5 °C"])
        #expect(try Self.gpioagg(["sim", "set", "level", "150"], run.socket).lines == ["level 150.00"],
                "a reading is not a command: min and max do not apply")
        let signals = try #require(try Self.statusJSON(run.socket)["signals"] as? [String: Any])
        #expect(signals["inside"] as? Double == 24.8)
        #expect(try Self.gpioagg(["sim", "set", "t_north", "unavailable"], run.socket).lines == ["t_north unavailable"])
        let status = try Self.statusJSON(run.socket)
        #expect((status["inputs"] as? [String: Any])?["t_north"] is NSNull)
        #expect((status["signals"] as? [String: Any])?["inside"] as? Double == 22, "the mean of what is available")

        let level = try Self.gpioagg(["sim", "set", "door", "27.5"], run.socket)
        #expect(level.status == 1)
        #expect(level.errors.hasPrefix("error: 'door' is on or off, not a number"), "\(level.errors)")
        #expect(try Self.gpioagg(["sim", "set", "door", "1"], run.socket).status == 0, "1 is on to a level")
        #expect(try Self.inputs(run.socket)["door"] as? Bool == true)
        let unknown = try Self.gpioagg(["sim", "set", "t_nort", "27.5"], run.socket)
        #expect(unknown.status == 1 && unknown.errors.hasPrefix("error: no input named 't_nort'"), "\(unknown.errors)")
        let toggle = try Self.gpioagg(["sim", "toggle", "t_north"], run.socket)
        #expect(toggle.status == 1 && toggle.errors.hasPrefix("error: 't_north' is a number, not on or off"), "\(toggle.errors)")
    }

    @Test("status and status --json show numbers at their precision with their units, and unavailable as null")
    func status() throws {
        let run = try Self.start(try DaemonTests.write(Self.config), state: temporaryDirectory())
        defer { kill(run.daemon.process.processIdentifier, SIGTERM); _ = run.daemon.finish() }
        #expect(try Self.gpioagg(["sim", "set", "t_south", "22.46"], run.socket).status == 0)
        #expect(try Self.gpioagg(["sim", "set", "level", "unavailable"], run.socket).status == 0)
        let table = try Self.gpioagg(["status"], run.socket)
        #expect(table.lines == [
            "INPUTS",
            "  door      off",
            "  level     unavailable",
            "  override  off",
            "  setpoint  21.00 °C",
            "  t_north   20.0 °C",
            "  t_south   22.5 °C",
            "SIGNALS",
            "  heat      on",
            "  inside    21.2 °C",
            "OUTPUTS",
            "  heater    on",
        ], "\(table.lines)")
        let json = try Self.gpioagg(["status", "--json"], run.socket)
        #expect(json.lines == [
            #"{"inputs": {"door": false, "level": null, "override": false, "setpoint": 21, "t_north": 20, "t_south": 22.5}, "#
                + #""signals": {"heat": true, "inside": 21.2}, "outputs": {"heater": true}, "#
                + #""units": {"inside": "°C", "setpoint": "°C", "t_north": "°C", "t_south": "°C"}, "#
                + #""precision": {"inside": 1, "t_north": 1, "t_south": 1}}"#,
        ], "\(json.lines)")
    }

    @Test("a kept number survives SIGKILL: after gpioagg set setpoint 23.5, the next start has 23.5")
    func keptNumberSurvivesSigkill() throws {
        let config = try DaemonTests.write(Self.config)
        let state = temporaryDirectory()
        let first = try Self.start(config, state: state)
        #expect(try Self.gpioagg(["set", "setpoint", "23.5"], first.socket).status == 0)
        #expect(try Self.gpioagg(["set", "level", "42"], first.socket).status == 0)
        #expect(KeptValuesTests.waitForStateFile(state, containing: "input setpoint 23.5"))
        let file = try String(contentsOfFile: state + "/kept-state", encoding: .utf8)
        #expect(file.hasPrefix("gpioagg-state 3\n"), "\(file)")
        #expect(!file.contains("level"), "not kept: no persist")
        kill(first.daemon.process.processIdentifier, SIGKILL)
        _ = first.daemon.finish()

        let second = try Self.start(config, state: state)
        defer { kill(second.daemon.process.processIdentifier, SIGTERM); _ = second.daemon.finish() }
        let inputs = try Self.inputs(second.socket)
        #expect(inputs["setpoint"] as? Double == 23.5, "kept")
        #expect(inputs["level"] as? Double == 0, "not kept: back at its initial value")
    }
}
