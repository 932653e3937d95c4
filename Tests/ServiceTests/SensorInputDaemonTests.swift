#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
import Service
import TestSupport
import Testing

/// Sensor inputs added by a reload: read from the kernel's sensors on the kernel's chips,
/// set by hand under --simulate.
@Suite("The daemon with sensor inputs, in virtual time")
struct SensorInputDaemonTests {
    static let plain = """
        inputs:
          limit: { command: true, type: number, unit: "°C", initial: 70 }

        """
    static let withSensor = plain + "  cpu: { thermal: cpu-thermal }\n"

    @Test("on the kernel's chips a reload that adds a sensor input is applied; it is unavailable until read")
    func reloadOnKernelChips() throws {
        let sysfs = try TemporaryDirectory(prefix: "gpioagg-sysfs")
        let rig = try DaemonTests.Rig(Self.plain, kernel: true, sysfsRoot: sysfs.path)
        try rig.daemon.start()
        try rig.rewrite(Self.withSensor)
        rig.daemon.handle(signal: SIGHUP)
        #expect(rig.daemon.state == .running)
        let last = try #require(rig.notifications.all.last)
        #expect(last.first == "READY=1", "\(last)")
        #expect(rig.daemon.engine.snapshot().inputs["cpu"] == .unavailable)
        rig.daemon.handle(signal: SIGTERM)
    }

    @Test("under --simulate the same reload is applied, and the sensor input starts unavailable")
    func reloadUnderSimulate() throws {
        let rig = try DaemonTests.Rig(Self.plain)
        try rig.daemon.start()
        try rig.rewrite(Self.withSensor)
        rig.daemon.handle(signal: SIGHUP)
                #expect(rig.daemon.engine.snapshot().inputs["cpu"] == .unavailable)
        rig.daemon.handle(signal: SIGTERM)
    }
}
