import Foundation
import TestSupport
import Testing

/// One bad device never takes the other sensors down, through the real binary on fake
/// sysfs trees: a read that hangs (a `w1_slave` that is a FIFO nobody writes) costs only
/// its own sensor, in the daemon and in `gpioagg detect`; hundreds of sensors get their
/// values at the start and keep them through reloads, and a reload storm leaves the
/// daemon's threads where they were.
@Suite("gpioagg: one bad sensor never takes the others down", .serialized, .tags(.binary))
struct SensorIsolationDaemonTests {
    /// The six healthy sensors of `hungReadCostsOnlyItsSensor`: one input line each, and
    /// the file (with its kernel text for a value in °C) the test changes.
    struct Healthy {
        let name: String
        let line: String
        let file: String
    }

    static func sixHealthy(_ tree: FakeSysfs) throws -> [Healthy] {
        [
            Healthy(name: "cpu", line: "{ thermal: cpu-thermal, interval: 200ms }",
                    file: try tree.thermal(0, type: "cpu-thermal", temp: "40000\n") + "/temp"),
            Healthy(name: "gpu", line: "{ thermal: gpu-thermal, interval: 200ms }",
                    file: try tree.thermal(1, type: "gpu-thermal", temp: "40000\n") + "/temp"),
            Healthy(name: "case", line: "{ hwmon: lm75, channel: temp1, interval: 200ms }",
                    file: try tree.hwmon(0, name: "lm75", files: ["temp1_input": "40000\n"]) + "/temp1_input"),
            Healthy(name: "board", line: "{ hwmon: sht3x, channel: temp1, interval: 200ms }",
                    file: try tree.hwmon(1, name: "sht3x", at: "1-0044", files: ["temp1_input": "40000\n"]) + "/temp1_input"),
            Healthy(name: "air", line: "{ iio: bme280, channel: temp, interval: 200ms }",
                    file: try tree.iio(0, name: "bme280", files: ["in_temp_input": "40000\n"]) + "/in_temp_input"),
            Healthy(name: "tank", line: "{ w1: 28-00000a1b2c3d, interval: 200ms }",
                    file: try tree.w1("28-00000a1b2c3d", master: "w1_bus_master2",
                                      files: ["temperature": "40000\n"]) + "/temperature"),
        ]
    }

    @Test("a w1_slave that never answers costs only its sensor: six others on its interval keep updating, the hang is logged once")
    func hungReadCostsOnlyItsSensor() throws {
        let tree = try FakeSysfs()
        let probe = try tree.w1("28-0316a2793cff", files: [:]) + "/w1_slave"
        try tree.fifo(at: probe)
        let healthy = try Self.sixHealthy(tree)
        let run = try SensorReadingDaemonTests.start(
            "inputs:\n  probe: { w1: 28-0316a2793cff, interval: 200ms }\n"
                + healthy.map { "  \($0.name): \($0.line)\n" }.joined(), tree: tree)
        defer { _ = SensorReadingDaemonTests.stopsPromptly(run.daemon); _ = run.daemon.finish() }

        // Each round writes a new value to every healthy sensor's file: all six show it
        // while the probe's read hangs on.
        for round in 1...3 {
            let milliCelsius = 40000 + round * 1000
            for sensor in healthy { try tree.write("\(milliCelsius)\n", to: sensor.file) }
            let updated = try SensorReadingDaemonTests.waitForStatus(run.socket) { status in
                healthy.allSatisfy { SensorReadingDaemonTests.value(status, "inputs", $0.name) as? Double == Double(milliCelsius) / 1000 }
            }
            #expect(updated, "round \(round): \(run.daemon.printedLines.suffix(20))")
            guard updated else { return }
        }
        #expect(SensorReadingDaemonTests.value(try NumberCommandTests.statusJSON(run.socket), "inputs", "probe") is NSNull)

        // The hang is a warning, on standard error: once.
        func hangReports() -> [Substring] {
            run.daemon.printedErrors.split(separator: "\n").filter { $0.hasPrefix("input probe: ") }
        }
        let deadline = Date().addingTimeInterval(20)
        while hangReports().isEmpty, Date() < deadline { usleep(50_000) }
        #expect(hangReports().first?.contains("w1 28-0316a2793cff channel temperature has not answered for ") == true,
                "\(run.daemon.printedErrors)")
        // Three more rounds of the six read beside the hung read: it is not reported again.
        for round in 4...6 {
            let milliCelsius = 40000 + round * 1000
            for sensor in healthy { try tree.write("\(milliCelsius)\n", to: sensor.file) }
            #expect(try SensorReadingDaemonTests.waitForStatus(run.socket) { status in
                healthy.allSatisfy { SensorReadingDaemonTests.value(status, "inputs", $0.name) as? Double == Double(milliCelsius) / 1000 }
            }, "round \(round)")
        }
        #expect(hangReports().count == 1, "\(run.daemon.printedErrors)")
        // None of the six went unavailable on the way.
        for sensor in healthy {
            #expect(SensorReadingDaemonTests.count(run.daemon, prefix: "input \(sensor.name) unavailable: ") == 0)
        }

        // The probe answers: its value arrives, and the six go on.
        try tree.feed(FakeSysfs.w1Slave(milliCelsius: 23000), to: probe)
        #expect(run.daemon.waitForLine("input probe 23.00 °C", limit: 20), "\(run.daemon.printedLines.suffix(20))")
        for sensor in healthy { try tree.write("45000\n", to: sensor.file) }
        #expect(try SensorReadingDaemonTests.waitForStatus(run.socket) { status in
            healthy.allSatisfy { SensorReadingDaemonTests.value(status, "inputs", $0.name) as? Double == 45 }
        })
    }

    @Test("gpioagg detect answers within a bounded time on a w1_slave that never answers, listing it as not answering")
    func detectAnswersOnAHungSensor() throws {
        let tree = try FakeSysfs()
        try tree.thermal(0, type: "cpu-thermal", temp: "48312\n")
        let probe = try tree.w1("28-0316a2793cff", files: [:]) + "/w1_slave"
        try tree.fifo(at: probe)
        let started = Date()
        let detect = try RunningProduct("gpioagg", ["detect", "--simulate", "--sysfs-root", tree.root])
        // A command held in its read does not end on SIGTERM: never left behind.
        let deadline = Date().addingTimeInterval(40)
        while detect.process.isRunning, Date() < deadline { usleep(20_000) }
        if detect.process.isRunning { kill(detect.process.processIdentifier, SIGKILL) }
        let result = detect.finish()
        let took = Date().timeIntervalSince(started)
        #expect(result.status == 0, "\(took) s; stderr: \(result.errors); \(result.lines)")
        #expect(result.lines.contains("  thermal cpu-thermal  temp         48.31 °C  cpu: { thermal: cpu-thermal }"),
                "\(result.lines)")
        #expect(result.lines.contains("  w1 28-0316a2793cff   temperature  no value  ds18b20_0316a2793cff: { w1: 28-0316a2793cff }"),
                "\(result.lines)")
        #expect(result.lines.contains("      w1 28-0316a2793cff: no answer within 5s (a read still under way: "
            + "a bus or device that hangs)"), "\(result.lines)")
    }

    /// A tree of `count` hwmon devices, each with a name of its own and `temp1_input`,
    /// and a config reading each every 100 ms (timeout 2 s).
    static func manySensors(_ count: Int) throws -> (tree: FakeSysfs, config: String) {
        let tree = try FakeSysfs()
        var config = "inputs:\n"
        for index in 0..<count {
            try tree.hwmon(index, name: "s\(index)", at: "1-\(String(0x1000 + index, radix: 16))",
                           files: ["temp1_input": "\(20000 + index)\n"])
            config += "  s\(index): { hwmon: s\(index), channel: temp1, interval: 100ms, timeout: 2s }\n"
        }
        return (tree, config)
    }

    static func everySensorHasAValue(_ status: [String: Any], _ count: Int) -> Bool {
        (0..<count).allSatisfy { SensorReadingDaemonTests.value(status, "inputs", "s\($0)") is Double }
    }

    /// The daemon's threads: the entries of /proc/PID/task.
    static func threads(_ daemon: RunningProduct) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(daemon.process.processIdentifier)/task").count) ?? -1
    }

    @Test("224 sensors at 100 ms: each gets its value, and a reload of the unchanged file keeps every one available throughout")
    func reloadKeepsValues() throws {
        let count = 224
        let (tree, config) = try Self.manySensors(count)
        let path = try DaemonTests.write(config)
        let socket = temporarySocketPath()
        let daemon = try RunningProduct("gpioagg", ["run", "--simulate", "--config", path, "--control", socket,
                                                    "--state-dir", temporaryDirectory(), "--sysfs-root", tree.root])
        defer { _ = SensorReadingDaemonTests.stopsPromptly(daemon); _ = daemon.finish() }
        #expect(daemon.waitForLine("ready"))
        #expect(try SensorReadingDaemonTests.waitForStatus(socket) { Self.everySensorHasAValue($0, count) })

        kill(daemon.process.processIdentifier, SIGHUP)
        // Four seconds of status after the reload, the timeout twice over: never a
        // sensor without its value.
        let until = Date().addingTimeInterval(4)
        var polls = 0
        while Date() < until {
            let status = try NumberCommandTests.statusJSON(socket)
            let missing = (0..<count).filter { !(SensorReadingDaemonTests.value(status, "inputs", "s\($0)") is Double) }
            #expect(missing.isEmpty, "poll \(polls): no value for \(missing.count) sensors, s\(missing.first ?? -1) first")
            guard missing.isEmpty else { break }
            polls += 1
        }
        #expect(daemon.waitForLine("reloaded \(path): \(count) inputs (\(count) sensor), 0 signals, 0 outputs"))
        #expect(!daemon.printedLines.contains { $0.contains(" unavailable: ") }, "\(daemon.printedLines.suffix(10))")
    }

    @Test("21 SIGHUPs in 2 s leave the daemon's threads where they were, and every sensor with its value")
    func reloadStormKeepsThreads() throws {
        let count = 224
        let (tree, config) = try Self.manySensors(count)
        let path = try DaemonTests.write(config)
        let socket = temporarySocketPath()
        let daemon = try RunningProduct("gpioagg", ["run", "--simulate", "--config", path, "--control", socket,
                                                    "--state-dir", temporaryDirectory(), "--sysfs-root", tree.root])
        defer { _ = SensorReadingDaemonTests.stopsPromptly(daemon); _ = daemon.finish() }
        #expect(daemon.waitForLine("ready"))
        #expect(try SensorReadingDaemonTests.waitForStatus(socket) { Self.everySensorHasAValue($0, count) })
        let before = Self.threads(daemon)

        // The storm is paced by the clock, one signal every 95 ms, whatever the daemon does.
        let stormStart = Date()
        for index in 0..<21 {
            kill(daemon.process.processIdentifier, SIGHUP)
            let next = stormStart.addingTimeInterval(Double(index + 1) * 0.095)
            while Date() < next { usleep(5_000) }
        }
        // The storm is over once a second passes without a reload (signals that came
        // while one was pending are one reload).
        let reloaded = "reloaded \(path): \(count) inputs (\(count) sensor), 0 signals, 0 outputs"
        var reloads = 0
        let deadline = Date().addingTimeInterval(60)
        repeat {
            reloads = daemon.printedLines.filter { $0 == reloaded }.count
            sleep(1)
        } while (reloads == 0 || reloads != daemon.printedLines.filter({ $0 == reloaded }).count) && Date() < deadline
        #expect(reloads > 0)
        // Anything the storm started ends.
        let settled = Date().addingTimeInterval(20)
        while Self.threads(daemon) > before, Date() < settled { usleep(50_000) }
        let after = Self.threads(daemon)
        #expect(after <= before, "threads: \(before) before the storm, \(after) after \(reloads) reloads")
        #expect(Self.everySensorHasAValue(try NumberCommandTests.statusJSON(socket), count))
    }
}
