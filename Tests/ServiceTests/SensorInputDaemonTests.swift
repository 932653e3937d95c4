#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
import Service
import Testing

/// Sensor inputs and the kernel's chips: nothing reads sensors there yet, so a daemon
/// on them refuses a config with one, at start and on a reload.
@Suite("The daemon with sensor inputs, in virtual time")
struct SensorInputDaemonTests {
    static let plain = """
        inputs:
          limit: { command: true, type: number, unit: "°C", initial: 70 }

        """
    static let withSensor = plain + "  cpu: { thermal: cpu-thermal }\n"

    @Test("on the kernel's chips a reload that adds a sensor input is refused, naming it; the previous config runs on")
    func reloadRefused() throws {
        let rig = try DaemonTests.Rig(Self.plain, kernel: true)
        try rig.daemon.start()
        try rig.rewrite(Self.withSensor)
        rig.daemon.handle(signal: SIGHUP)
        #expect(rig.daemon.state == .running)
        let last = try #require(rig.notifications.all.last)
        #expect(last.last == "STATUS=reload refused: \(rig.path):3:3: input 'cpu' reads thermal cpu-thermal channel temp, "
            + "and gpioagg reads sensors only under --simulate so far; running the previous configuration", "\(last)")
        #expect(rig.daemon.engine.snapshot().inputs["cpu"] == nil)
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
