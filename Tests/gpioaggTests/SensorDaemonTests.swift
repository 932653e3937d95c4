import Foundation
import Testing

/// Sensor inputs through the daemon: set by hand under `--simulate` and in `gpioagg test`.
@Suite("gpioagg with sensor inputs", .tags(.binary))
struct SensorDaemonTests {
    static let config = """
        inputs:
          cpu: { thermal: cpu-thermal, interval: 10s }
          pressure: { iio: bme280, channel: pressure, unit: hPa, precision: 1, initial: 1000 }
        signals:
          hot: { threshold: cpu, above: 70, fallback: on }

        """

    @Test("under --simulate, sim set NAME 27.5 and unavailable set a sensor input; it starts unavailable")
    func simSet() throws {
        let run = try KeptValuesTests.start(config: try DaemonTests.write(Self.config), stateDirectory: temporaryDirectory())
        defer { kill(run.daemon.process.processIdentifier, SIGTERM); _ = run.daemon.finish() }
        var status = try NumberCommandTests.statusJSON(run.socket)
        #expect((status["inputs"] as? [String: Any])?["cpu"] is NSNull)
        #expect((status["inputs"] as? [String: Any])?["pressure"] as? Double == 1000)
        #expect((status["signals"] as? [String: Any])?["hot"] as? Bool == true)
        let reading = try NumberCommandTests.gpioagg(["sim", "set", "cpu", "27.5"], run.socket)
        #expect(reading.status == 0, "\(reading.errors)")
        #expect(reading.lines == ["cpu 27.50 °C"])
        status = try NumberCommandTests.statusJSON(run.socket)
        #expect((status["inputs"] as? [String: Any])?["cpu"] as? Double == 27.5)
        #expect((status["signals"] as? [String: Any])?["hot"] as? Bool == false)
        let gone = try NumberCommandTests.gpioagg(["sim", "set", "cpu", "unavailable"], run.socket)
        #expect(gone.lines == ["cpu unavailable"], "\(gone.errors)")
        #expect((try NumberCommandTests.inputs(run.socket))["cpu"] is NSNull)
        let set = try NumberCommandTests.gpioagg(["set", "cpu", "27.5"], run.socket)
        #expect(set.status == 1, "a sensor reading is not a command")
        #expect(set.errors.hasPrefix("error: 'cpu' reads a sensor: only command inputs (command: true) can be set; "
            + "under --simulate, set its reading with gpioagg sim set cpu NUMBER"), "\(set.errors)")
    }

    @Test("gpioagg test sets a sensor input with set: and checks what follows")
    func testCommand() throws {
        let config = try DaemonTests.write(Self.config)
        let folder = URL(fileURLWithPath: config).deletingLastPathComponent()
        let test = folder.appendingPathComponent("pi.test.yaml").path
        try """
            config: gpioagg.yaml
            steps:
              - expect: { cpu: unavailable, hot: on }
              - set: { cpu: 45 }
              - expect: { cpu: 45, hot: off }

            """.write(toFile: test, atomically: true, encoding: .utf8)
        let result = try runProduct("gpioagg", ["test", test])
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(result.lines.first?.hasPrefix("\(test): 4 passed, 0 failed") == true, "\(result.lines)")
    }
}
