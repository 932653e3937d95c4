#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Service
import SystemCore
import TestSupport
import Testing

/// The sensor inputs' schedule follows the loop's clock: the daemon in virtual time reads a
/// sensor when the clock reaches its time, whatever the real time. The reads themselves
/// run on the reader's threads, so the test waits for their delivery, polled.
@Suite("The sensor schedule on the loop's clock, in virtual time")
struct SensorScheduleClockTests {
    /// Ten minutes: far longer than any wait of the test, so that only the virtual clock
    /// can bring the second read.
    static let config = """
        inputs:
          cpu: { thermal: cpu-thermal, interval: 600s }

        """

    /// Runs the loop until `cpu` shows `expected`, for up to 30 s of real time.
    static func waitFor(_ expected: Double, on rig: DaemonTests.Rig) -> Bool {
        let deadline = MonotonicClock.now() &+ 30_000_000_000
        while MonotonicClock.now() < deadline {
            rig.loop.run()
            if rig.daemon.engine.snapshot().inputs["cpu"]?.number == expected { return true }
            usleep(1_000)
        }
        return false
    }

    @Test("an input read every 600 s is read at the start, not at 599.9 s, again at 600 s")
    func readsFollowTheLoopsClock() throws {
        let tree = try FakeSysfs()
        let zone = try tree.thermal(0, type: "cpu-thermal", temp: "41000\n")
        let rig = try DaemonTests.Rig(Self.config, kernel: true, sysfsRoot: tree.root)
        try rig.daemon.start()
        #expect(Self.waitFor(41, on: rig), "the first read at the start")

        try tree.write("42000\n", to: zone + "/temp")
        rig.loop.advance(by: .milliseconds(599_900))
        #expect(rig.loop.nextDeadline != nil)
        #expect(rig.daemon.engine.snapshot().inputs["cpu"]?.number == 41, "read again before its interval")

        rig.loop.advance(by: .milliseconds(100))
        #expect(Self.waitFor(42, on: rig), "not read again once the virtual clock reached the interval")

        try tree.write("43000\n", to: zone + "/temp")
        rig.loop.advance(by: .seconds(600))
        #expect(Self.waitFor(43, on: rig), "not read at the third time")
        rig.daemon.handle(signal: SIGTERM)
    }

    @Test("a reload of the same file reads nothing sooner: the interval keeps its time on the loop's clock")
    func reloadKeepsTheTime() throws {
        let tree = try FakeSysfs()
        let zone = try tree.thermal(0, type: "cpu-thermal", temp: "41000\n")
        let rig = try DaemonTests.Rig(Self.config, kernel: true, sysfsRoot: tree.root)
        try rig.daemon.start()
        #expect(Self.waitFor(41, on: rig))

        try tree.write("42000\n", to: zone + "/temp")
        rig.loop.advance(by: .seconds(300))
        rig.daemon.handle(signal: SIGHUP)
        rig.loop.advance(by: .milliseconds(299_900))
        #expect(rig.daemon.engine.snapshot().inputs["cpu"]?.number == 41, "the reload read the unchanged input again")
        rig.loop.advance(by: .milliseconds(100))
        #expect(Self.waitFor(42, on: rig))
        rig.daemon.handle(signal: SIGTERM)
    }
}
