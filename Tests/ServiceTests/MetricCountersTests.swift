#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Engine
@testable import Service
import SystemCore
import TestSupport
import Testing

/// The counters `/metrics` shows, read where each is counted (the engines, the state
/// writer, the sensor inputs), on the whole daemon in virtual time: each moves when its
/// event happens and not otherwise, and a reload carries them on.
@Suite("The daemon's counters for /metrics")
struct MetricCountersTests {
    static let config = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          button: { chip: main, line: GPIO17 }
          enable: { command: true, persist: true }
        signals:
          lit: { all: [button, enable] }
        outputs:
          lamp: { chip: main, line: GPIO5, follows: lit }

        """

    static func value(_ name: String, input: String? = nil, of rig: DaemonTests.Rig) -> Int64? {
        rig.daemon.metricCounters().first { counter in
            counter.name == name && (input.map { counter.labels.elementsEqual([("input", $0)], by: ==) } ?? true)
        }?.value
    }

    /// Runs the loop until `condition` holds, for up to 30 s of real time: the state
    /// file and the sensors are written and read on threads of their own.
    static func eventually(_ rig: DaemonTests.Rig, _ condition: () -> Bool) -> Bool {
        let deadline = MonotonicClock.now() &+ 30_000_000_000
        while MonotonicClock.now() < deadline {
            rig.loop.run()
            if condition() { return true }
            usleep(1_000)
        }
        return false
    }

    @Test("an edge moves the edges and transactions, a command the transactions and the state file's writes; a reload keeps them")
    func edgesCommandsWrites() throws {
        let rig = try DaemonTests.Rig(Self.config)
        try rig.daemon.start()
        let names = ["gpioagg_edges_total", "gpioagg_transactions_total", "gpioagg_state_writes_total",
                     "gpioagg_reloads_total"]
        func counts() -> [Int64?] { names.map { Self.value($0, of: rig) } }
        #expect(counts() == [0, 0, 0, 0])

        rig.chip.setActive(.name("GPIO17"), true)
        rig.loop.run()
        #expect(counts() == [1, 1, 0, 0], "an edge: nothing kept changed")

        _ = rig.daemon.engine.set("enable", .on)
        #expect(Self.eventually(rig) { Self.value("gpioagg_state_writes_total", of: rig) == 1 })
        #expect(counts() == [1, 2, 1, 0])
        #expect(rig.daemon.engine.snapshot().outputs["lamp"] == .level(true))

        _ = rig.daemon.engine.snapshot()
        rig.loop.advance(by: .seconds(5))
        #expect(counts() == [1, 2, 1, 0], "time alone, and looking, count nothing")

        rig.daemon.handle(signal: SIGHUP)
        #expect(rig.daemon.state == .running)
        #expect(rig.daemon.engine.statistics.transactions == 0, "the new engine counts from its own start")
        #expect(counts() == [1, 2, 1, 1], "the daemon's counts go on over the reload")
        rig.chip.setActive(.name("GPIO17"), false)
        rig.loop.run()
        #expect(counts() == [2, 3, 1, 1])
        rig.daemon.handle(signal: SIGTERM)
    }

    @Test("a sensor read that fails counts for its input, and not for the one read well")
    func sensorReadFailures() throws {
        let tree = try FakeSysfs()
        _ = try tree.thermal(0, type: "cpu-thermal", temp: "41000\n")
        // A reading whose CRC is wrong: the driver's own way of saying it failed.
        _ = try tree.w1("28-0316a2793cff", files: ["w1_slave": FakeSysfs.w1Slave(milliCelsius: 21_500, crc: false)])
        let rig = try DaemonTests.Rig("""
            inputs:
              cpu: { thermal: cpu-thermal, interval: 600s }
              pond: { w1: 28-0316a2793cff, interval: 600s, timeout: 1200s }

            """, kernel: true, sysfsRoot: tree.root)
        #expect(Self.value("gpioagg_sensor_read_failures_total", input: "pond", of: rig) == nil, "not started")
        try rig.daemon.start()
        #expect(Self.eventually(rig) { Self.value("gpioagg_sensor_read_failures_total", input: "pond", of: rig) == 1 },
                "the first read at the start fails")
        #expect(Self.eventually(rig) { rig.daemon.engine.snapshot().inputs["cpu"]?.number == 41 })
        #expect(Self.value("gpioagg_sensor_read_failures_total", input: "cpu", of: rig) == 0)

        rig.loop.advance(by: .seconds(600))
        #expect(Self.eventually(rig) { Self.value("gpioagg_sensor_read_failures_total", input: "pond", of: rig) == 2 },
                "the second read, at its interval, fails too")
        #expect(Self.value("gpioagg_sensor_read_failures_total", input: "cpu", of: rig) == 0)
        rig.daemon.handle(signal: SIGTERM)
    }

    @Test("without web: the engine measures no lag: nothing is allocated for it")
    func noLagWithoutWeb() throws {
        let rig = try DaemonTests.Rig(Self.config)
        try rig.daemon.start()
        #expect(rig.daemon.engine.recordLag == nil)
        #expect(rig.daemon.running.recordLag == nil)
        rig.daemon.handle(signal: SIGHUP)
        #expect(rig.daemon.engine.recordLag == nil)
        rig.daemon.handle(signal: SIGTERM)
    }
}
