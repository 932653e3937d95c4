import Foundation
import TestSupport
import Testing

/// The daemon reading its sensor inputs from a fake sysfs tree (`--sysfs-root`), under
/// `--simulate` so that its outputs are simulated lines: values reaching `status`, the
/// log and a threshold; a read that hangs never holding up the loop; the kernel's
/// 1-Wire formats and failures.
@Suite("gpioagg reading sensors from a sysfs tree", .tags(.binary))
struct SensorReadingDaemonTests {
    struct Run {
        let daemon: RunningProduct
        let socket: String
    }

    static func start(_ config: String, tree: FakeSysfs, environment: [String: String]? = nil) throws -> Run {
        let socket = temporarySocketPath()
        let daemon = try RunningProduct("gpioagg", ["run", "--simulate", "--config", try DaemonTests.write(config),
                                                    "--control", socket, "--state-dir", temporaryDirectory(),
                                                    "--sysfs-root", tree.root], environment: environment)
        #expect(daemon.waitForLine("ready"))
        return Run(daemon: daemon, socket: socket)
    }

    /// Waits (up to 20 s) until `condition` holds on `status --json`.
    static func waitForStatus(_ socket: String, _ condition: ([String: Any]) -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if condition(try NumberCommandTests.statusJSON(socket)) { return true }
            usleep(50_000)
        }
        return false
    }

    static func value(_ status: [String: Any], _ kind: String, _ name: String) -> Any? {
        (status[kind] as? [String: Any])?[name]
    }

    /// Stops the daemon with SIGTERM; false when it had not ended 5 s later (it is then
    /// killed).
    static func stopsPromptly(_ daemon: RunningProduct) -> Bool {
        kill(daemon.process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(5)
        while daemon.process.isRunning, Date() < deadline { usleep(10_000) }
        let stopped = !daemon.process.isRunning
        if !stopped { kill(daemon.process.processIdentifier, SIGKILL) }
        return stopped
    }

    static func count(_ daemon: RunningProduct, prefix: String) -> Int {
        daemon.printedLines.filter { $0.hasPrefix(prefix) }.count
    }

    /// Waits (up to 20 s) until `gpioagg why NAME` says its last read failed with `text`.
    static func waitForWhy(_ socket: String, _ name: String, containing text: String) throws -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let why = try runProduct("gpioagg", ["why", name, "--control", socket])
            if why.lines.first?.contains("last read failed: ") == true, why.lines.first?.contains(text) == true { return true }
            usleep(50_000)
        }
        return false
    }

    /// A writer's descriptor for the FIFO at `path` once a read has it open (a writer's
    /// non-blocking open fails with ENXIO until then), so that the read hangs on for as
    /// long as it is held; nil when none did within 20 s.
    static func openWhenRead(_ path: String) -> Int32? {
        let deadline = Date().addingTimeInterval(20)
        var descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        while descriptor < 0, Date() < deadline {
            usleep(10_000)
            descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        }
        return descriptor >= 0 ? descriptor : nil
    }

    /// Waits (up to 20 s) until `pings` has counted `more` pings after `mark`: the
    /// daemon's own timer has run that many times.
    static func waitForPings(_ pings: PingCounter, _ more: Int, after mark: Int) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while pings.count - mark < more, Date() < deadline { usleep(20_000) }
        return pings.count - mark >= more
    }

    @Test("values reach status and the log, a changed file moves the value at the next interval, a threshold drives an output; sim set refuses a read input")
    func valuesReachTheEngine() throws {
        let tree = try FakeSysfs()
        let zone = try tree.thermal(0, type: "cpu-thermal", temp: "48500\n")
        try tree.iio(0, name: "bme280", files: ["in_pressure_raw": "100125\n", "in_pressure_scale": "0.001\n"])
        let run = try Self.start("""
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              cpu: { thermal: cpu-thermal, interval: 1s }
              pressure: { iio: bme280, channel: pressure, unit: hPa, interval: 1s }
            signals:
              hot: { threshold: cpu, above: 50, fallback: on }
            outputs:
              fan: { chip: main, line: GPIO5, follows: hot }

            """, tree: tree)
        defer { _ = Self.stopsPromptly(run.daemon); _ = run.daemon.finish() }
        #expect(run.daemon.waitForLine("input cpu 48.50 °C", limit: 10))
        #expect(run.daemon.waitForLine("input pressure 1001.25 hPa", limit: 10), "\(run.daemon.printedLines)")
        var status = try NumberCommandTests.statusJSON(run.socket)
        #expect(Self.value(status, "inputs", "cpu") as? Double == 48.5)
        #expect(Self.value(status, "signals", "hot") as? Bool == false)
        #expect(Self.value(status, "outputs", "fan") as? Bool == false)

        try tree.write("55000\n", to: zone + "/temp")
        #expect(run.daemon.waitForLine("input cpu 55.00 °C", limit: 10))
        #expect(run.daemon.waitForLine("output fan on", limit: 10))
        status = try NumberCommandTests.statusJSON(run.socket)
        #expect(Self.value(status, "inputs", "cpu") as? Double == 55)
        #expect(Self.value(status, "outputs", "fan") as? Bool == true)

        let set = try NumberCommandTests.gpioagg(["sim", "set", "cpu", "20"], run.socket)
        #expect(set.status != 0)
        #expect(set.errors.contains("'cpu' reads thermal cpu-thermal channel temp under \(tree.root) (--sysfs-root)"),
                "\(set.errors)")
        let command = try NumberCommandTests.gpioagg(["set", "cpu", "20"], run.socket)
        #expect(command.errors.hasPrefix("error: 'cpu' reads thermal cpu-thermal channel temp under \(tree.root): "
            + "only command inputs (command: true) can be set"), "\(command.errors)")
    }

    @Test("a reload keeps the value of a sensor input declared the same way and reads the sensors it adds")
    func reload() throws {
        let tree = try FakeSysfs()
        try tree.thermal(0, type: "cpu-thermal", temp: "48500\n")
        try tree.thermal(1, type: "gpu-thermal", temp: "51000\n")
        let config = """
            inputs:
              cpu: { thermal: cpu-thermal, interval: 1s }

            """
        let socket = temporarySocketPath()
        let path = try DaemonTests.write(config)
        let daemon = try RunningProduct("gpioagg", ["run", "--simulate", "--config", path, "--control", socket,
                                                    "--state-dir", temporaryDirectory(), "--sysfs-root", tree.root])
        defer { _ = Self.stopsPromptly(daemon); _ = daemon.finish() }
        #expect(daemon.waitForLine("input cpu 48.50 °C", limit: 10))
        try (config + "  gpu: { thermal: gpu-thermal, interval: 2s }\n").write(toFile: path, atomically: true, encoding: .utf8)
        kill(daemon.process.processIdentifier, SIGHUP)
        #expect(daemon.waitForLine("reloaded \(path): 2 inputs (2 sensor), 0 signals, 0 outputs"), "\(daemon.printedLines)")
        #expect(daemon.waitForLine("input gpu 51.00 °C", limit: 10))
        let afterStart = daemon.printedLines.drop { $0 != "input cpu 48.50 °C" }.dropFirst()
        #expect(!afterStart.contains { $0.hasPrefix("input cpu ") }, "cpu keeps its value: \(afterStart)")
        #expect(Self.value(try NumberCommandTests.statusJSON(socket), "inputs", "cpu") as? Double == 48.5)
    }

    /// A read that blocks on a FIFO nobody writes, on the daemon's watchdog.
    @Test("a value file that is a FIFO nobody writes: status answers, the watchdog is fed, edges reach outputs, the input goes unavailable once, the FIFO brings it back, SIGTERM stops",
          arguments: ["w1", "iio"])
    func hungRead(source: String) throws {
        let tree = try FakeSysfs()
        let file: String
        let sensor: String
        if source == "w1" {
            file = try tree.w1("28-0316a2793cff", files: ["w1_slave": FakeSysfs.w1Slave(milliCelsius: 21500)]) + "/w1_slave"
            sensor = "w1: 28-0316a2793cff"
        } else {
            file = try tree.iio(0, name: "bme280", files: ["in_temp_input": "21500\n"]) + "/in_temp_input"
            sensor = "iio: bme280, channel: temp"
        }
        let notify = try NotifySocket()
        var environment = ProcessInfo.processInfo.environment
        environment["NOTIFY_SOCKET"] = notify.path
        environment["WATCHDOG_USEC"] = "200000"
        environment.removeValue(forKey: "WATCHDOG_PID")
        let run = try Self.start("""
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              button: { chip: main, line: GPIO17 }
              probe: { \(sensor), interval: 1s }
            outputs:
              lamp: { chip: main, line: GPIO6, follows: button }

            """, tree: tree, environment: environment)
        // The notifications are read all along, as systemd reads them.
        let pings = PingCounter(notify)
        defer { if run.daemon.process.isRunning { _ = Self.stopsPromptly(run.daemon) }; _ = run.daemon.finish() }
        #expect(run.daemon.waitForLine("input probe 21.50 °C", limit: 10))

        try tree.fifo(at: file)
        // The timeout (three intervals) passes with the read hung and nothing delivered.
        #expect(run.daemon.waitForLine("input probe unavailable: ", prefix: true, limit: 10), "\(run.daemon.printedLines)")
        let line = run.daemon.printedLines.first { $0.hasPrefix("input probe unavailable: ") } ?? ""
        #expect(line.hasSuffix("no read came back (a read still under way)"), "\(line)")
        #expect(Self.value(try NumberCommandTests.statusJSON(run.socket), "inputs", "probe") is NSNull)

        #expect(Self.waitForPings(pings, 3, after: pings.count), "the watchdog is fed while the read hangs")

        #expect(try DaemonTests.sim(run.socket, ["set", "button", "on"]).status == 0)
        #expect(try Self.waitForStatus(run.socket) { Self.value($0, "outputs", "lamp") as? Bool == true })
        // More intervals pass with the read still hung (two seconds of the daemon's
        // watchdog timer, pinging every 100 ms): it is not logged again.
        #expect(Self.waitForPings(pings, 20, after: pings.count))
        #expect(Self.count(run.daemon, prefix: "input probe unavailable: ") == 1, "\(run.daemon.printedLines)")

        try tree.feed(source == "w1" ? FakeSysfs.w1Slave(milliCelsius: 23000) : "23000\n", to: file)
        #expect(run.daemon.waitForLine("input probe read again after ", prefix: true, limit: 10))
        #expect(run.daemon.waitForLine("input probe 23.00 °C", limit: 10))

        // The next read hangs on the FIFO again: SIGTERM still stops the daemon at once.
        let writer = try #require(Self.openWhenRead(file), "the next read never opened the FIFO")
        defer { close(writer) }
        #expect(Self.stopsPromptly(run.daemon), "SIGTERM while a read hangs")
        let result = run.daemon.finish()
        #expect(result.status == 0)
        #expect(result.lines.last == "stopped (SIGTERM)", "\(result.lines.suffix(3))")
    }

    /// Counts the `WATCHDOG=1` a `NotifySocket` receives, reading it on a thread of its own.
    final class PingCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var received = 0

        init(_ socket: NotifySocket) {
            // Only this thread reads the socket from now on.
            nonisolated(unsafe) let socket = socket
            Thread.detachNewThread { [self] in
                while let message = socket.receive() {
                    if message == "WATCHDOG=1" { lock.withLock { received += 1 } }
                }
            }
        }

        var count: Int { lock.withLock { received } }
    }

    @Test("1-Wire: w1_slave's YES is read, a CRC NO keeps the value until the timeout, then unavailable once with the cause; temperature is read; a folder removed and restored comes back by itself")
    func oneWire() throws {
        let tree = try FakeSysfs()
        let pond = try tree.w1("28-0316a2793cff", files: ["w1_slave": FakeSysfs.w1Slave(milliCelsius: 21500)])
        let tank = try tree.w1("28-00000a1b2c3d", files: ["temperature": "19500\n"])
        let run = try Self.start("""
            inputs:
              pond: { w1: 28-0316a2793cff, interval: 1s }
              tank: { w1: 28-00000a1b2c3d, interval: 1s }

            """, tree: tree)
        defer { _ = Self.stopsPromptly(run.daemon); _ = run.daemon.finish() }
        #expect(run.daemon.waitForLine("input pond 21.50 °C", limit: 10))
        #expect(run.daemon.waitForLine("input tank 19.50 °C", limit: 10))

        try tree.write(FakeSysfs.w1Slave(milliCelsius: 30000, crc: false), to: pond + "/w1_slave")
        #expect(try Self.waitForWhy(run.socket, "pond", containing: "w1_slave says NO"), "the CRC NO was never read")
        #expect(Self.value(try NumberCommandTests.statusJSON(run.socket), "inputs", "pond") as? Double == 21.5,
                "a CRC NO keeps the last good value within the timeout")
        #expect(run.daemon.waitForLine("input pond unavailable: ", prefix: true, limit: 10))
        let line = run.daemon.printedLines.first { $0.hasPrefix("input pond unavailable: ") } ?? ""
        #expect(line.contains("(timeout 3s): w1 28-0316a2793cff: the CRC of ") && line.contains("w1_slave says NO"), "\(line)")
        // Two more reads of the batch (tank's value moves and comes back): pond's is
        // not logged again.
        try tree.write("20000\n", to: tank + "/temperature")
        #expect(try Self.waitForStatus(run.socket) { Self.value($0, "inputs", "tank") as? Double == 20 })
        try tree.write("19500\n", to: tank + "/temperature")
        #expect(try Self.waitForStatus(run.socket) { Self.value($0, "inputs", "tank") as? Double == 19.5 })
        #expect(Self.count(run.daemon, prefix: "input pond unavailable: ") == 1)
        #expect(!run.daemon.printedLines.contains("input pond 30.00 °C"), "never a value the CRC refused")

        try tree.write(FakeSysfs.w1Slave(milliCelsius: 22000), to: pond + "/w1_slave")
        #expect(run.daemon.waitForLine("input pond 22.00 °C", limit: 10))

        try tree.moveAway(pond)
        #expect(try Self.waitForStatus(run.socket) { Self.value($0, "inputs", "pond") is NSNull })
        let gone = run.daemon.printedLines.last { $0.hasPrefix("input pond unavailable: ") } ?? ""
        #expect(gone.contains("w1 28-0316a2793cff: the device is gone"), "\(gone)")
        #expect(Self.value(try NumberCommandTests.statusJSON(run.socket), "inputs", "tank") as? Double == 19.5)
        try tree.restore(pond)
        #expect(try Self.waitForStatus(run.socket) { Self.value($0, "inputs", "pond") as? Double == 22 })
    }

    @Test("1-Wire: 85.000 °C, the power-on value, is taken only when the next read says it again")
    func powerOnValue() throws {
        let tree = try FakeSysfs()
        let file = try tree.w1("28-0316a2793cff", files: [:]) + "/w1_slave"
        try tree.fifo(at: file)
        let run = try Self.start("""
            inputs:
              pond: { w1: 28-0316a2793cff, interval: 1s, timeout: 30s }

            """, tree: tree)
        defer { _ = Self.stopsPromptly(run.daemon); _ = run.daemon.finish() }
        // Each feed is one read: the next one waits until the reader opens the FIFO again.
        try tree.feed(FakeSysfs.w1Slave(milliCelsius: 21500), to: file)
        #expect(run.daemon.waitForLine("input pond 21.50 °C", limit: 10))
        try tree.feed(FakeSysfs.w1Slave(milliCelsius: 85000), to: file)
        try tree.feed(FakeSysfs.w1Slave(milliCelsius: 22000), to: file)
        #expect(run.daemon.waitForLine("input pond 22.00 °C", limit: 10))
        #expect(!run.daemon.printedLines.contains("input pond 85.00 °C"), "an unconfirmed 85.000 is not taken")
        try tree.feed(FakeSysfs.w1Slave(milliCelsius: 85000), to: file)
        try tree.feed(FakeSysfs.w1Slave(milliCelsius: 85000), to: file)
        #expect(run.daemon.waitForLine("input pond 85.00 °C", limit: 10), "confirmed by the next read")
    }
}
