#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import MQTTEmbedded
@testable import Service
import Testing

/// Line commands under `--simulate` with numbers: `set NAME 27.5` and `set NAME
/// unavailable` set a numeric input, a command or a remote one, as a reading.
@Suite("Line commands with numbers")
struct NumberLineCommandTests {
    static let config = """
        chips:
          main: { label: pinctrl-bcm2711 }
        mqtt:
          broker: mqtt://broker.invalid
          node: greenhouse
        inputs:
          door: { chip: main, line: GPIO17 }
          override: { command: true }
          setpoint: { command: true, type: number, initial: 21, min: 5, max: 30, unit: "°C" }
          outside: { topic: weather/outside/temperature, type: number, unit: "°C", precision: 1 }
        signals:
          frost: { threshold: outside, below: 0.5 }
        outputs:
          heater: { chip: main, line: GPIO5, follows: frost }
        """

    @Test("set NAME NUMBER and set NAME unavailable move numeric command and remote inputs; levels and numbers refuse each other")
    func numbers() throws {
        var ends: [Int32] = [0, 0]
        try #require(closeOnExecPipe(&ends))
        defer { close(ends[0]) }
        let rig = try DaemonTests.Rig(Self.config, interaction: .commands, commands: ends[0],
                                      mqttTransport: { declaration, loop, _ in
                                          EmbeddedMQTTTransport(loop: loop, statusTopic: declaration.topics.statusTopic)
                                      })
        try rig.daemon.start()
        let commands = "set setpoint 27.5\nset setpoint 45\nset outside -3\nset outside unavailable\n"
            + "set 2 4.25\nset door 2\nset outside on\nset door 1\nset override 21.5\nset override 1\n"
        _ = Array(commands.utf8).withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        rig.loop.advance(by: .seconds(1))
        let errors = rig.entries.withLockedValue { $0.filter { $0.level == .error }.map(\.message) }
        #expect(errors == [
            "error: 'door' is on or off, not a number; write on or off",
            "error: 'outside' is a number, not on or off; set it to a number, or unavailable",
            "error: 'override' is on or off, not a number; write on or off",
        ])
        #expect(rig.changes("setpoint").map(\.message) == [
            "input setpoint 21.00 °C (initial)", "input setpoint 27.50 °C", "input setpoint 45.00 °C",
        ], "a reading, past max: too")
        #expect(rig.changes("outside").map(\.message) == [
            "input outside unavailable (initial)", "input outside -3.0 °C", "input outside unavailable",
            "input outside 4.3 °C",
        ], "input 2 as status lists them: door, outside, override, setpoint")
        #expect(rig.changes("frost").map(\.message) == [
            "signal frost at its fallback (off): 'outside' is unavailable", "signal frost off (initial)", "signal frost on",
            "signal frost at its fallback (off): 'outside' is unavailable", "signal frost off",
        ])
        #expect(rig.changes("door").map(\.message) == ["input door off (initial)", "input door on"], "1 is on to a level")
        #expect(rig.changes("override").map(\.message) == ["input override off (initial)", "input override on"])
        #expect(rig.daemon.exitStatus == 1)
    }

    @Test("set NAME NUMBER and set NAME unavailable give a sensor input a reading, as a remote one")
    func sensorInput() throws {
        var ends: [Int32] = [0, 0]
        try #require(closeOnExecPipe(&ends))
        defer { close(ends[0]) }
        let rig = try DaemonTests.Rig("""
            inputs:
              cpu: { thermal: cpu-thermal }
            signals:
              hot: { threshold: cpu, above: 70, fallback: on }
            """, interaction: .commands, commands: ends[0])
        try rig.daemon.start()
        let commands = "set cpu 48.25\nset cpu 81\nset cpu unavailable\nset cpu on\n"
        _ = Array(commands.utf8).withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        rig.loop.advance(by: .seconds(1))
        let errors = rig.entries.withLockedValue { $0.filter { $0.level == .error }.map(\.message) }
        #expect(errors == ["error: 'cpu' is a number, not on or off; set it to a number, or unavailable"])
        #expect(rig.changes("cpu").map(\.message) == [
            "input cpu unavailable (initial)", "input cpu 48.25 °C", "input cpu 81.00 °C", "input cpu unavailable",
        ])
    }

    @Test("set NAME NUMBER sets a counter's total, as gpioagg set does: refused below 0 and for a word, counted on from")
    func counterTotal() throws {
        var ends: [Int32] = [0, 0]
        try #require(closeOnExecPipe(&ends))
        defer { close(ends[0]) }
        let rig = try DaemonTests.Rig("""
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              meter: { chip: main, line: GPIO17 }
            signals:
              water: { count: meter, unit: L, precision: 1 }
            """, interaction: .commands, commands: ends[0])
        try rig.daemon.start()
        let commands = "set water 12345.6\nset water -2\nset water lots\non meter\noff meter\nset water 0\n"
        _ = Array(commands.utf8).withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        rig.loop.advance(by: .seconds(1))
        let errors = rig.entries.withLockedValue { $0.filter { $0.level == .error }.map(\.message) }
        #expect(errors == [
            "error: -2.0 is below 0, and 'water' is a total: 0 or more",
            "error: 'water' is a counter: write its new total, a number of 0 or more",
        ])
        #expect(rig.changes("water").map(\.message) == [
            "signal water 0.0 L (initial)", "signal water 12345.6 L", "signal water 12346.6 L", "signal water 0.0 L",
        ])
    }
}
