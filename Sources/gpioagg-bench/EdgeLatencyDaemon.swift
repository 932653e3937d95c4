#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import GPIO
import GPIOSimulated
import TestSupport

/// One daemon of `sensorBlockingEdge`: an input `button` (GPIO17) that an output `lamp`
/// (GPIO5) follows, on simulated chips, and with `blockingSensor` a 1-Wire thermometer
/// read from a fake sysfs tree whose every read takes 750 ms (`SlowSensorFile`), every
/// 100 ms: a new read starts as soon as the last one has been delivered. Each answer
/// moves its value, so each delivery is a change the loop handles. With `web`, the
/// daemon serves `web:` there (`webAbuseEdge`).
///
/// The bench moves `button` (`edge`), then collects the latency (`collect`): from just
/// before the line moved to the output's write as the simulated chip recorded it, both
/// on `MonotonicClock`.
final class EdgeLatencyDaemon {
    private let tree: FakeSysfs
    let slowFile: SlowSensorFile?
    private let daemon: BenchDaemon
    private let chip: SimulatedChip
    private let lamp: UInt32
    private let button = LineLocator("GPIO17")
    private var on = false
    private var moved: UInt64 = 0
    private var writesBefore = 0
    /// The latencies collected, and when each edge was made.
    private(set) var latencies: [UInt64] = []
    private(set) var edgeTimes: [UInt64] = []

    /// - Parameter web: where the daemon's `web:` listens (`127.0.0.1:8080`); nil: no
    ///   `web:`.
    init(blockingSensor: Bool, web: String? = nil) throws {
        tree = try FakeSysfs()
        var sensorInput = ""
        if blockingSensor {
            let folder = try tree.w1("28-0316a2793cff", files: [:])
            slowFile = try SlowSensorFile(path: folder + "/w1_slave", delay: .milliseconds(750),
                                          answers: [FakeSysfs.w1Slave(milliCelsius: 21500),
                                                    FakeSysfs.w1Slave(milliCelsius: 21562)])
            sensorInput = "\n  probe: { w1: 28-0316a2793cff, interval: 100ms, timeout: 10s }"
        } else {
            slowFile = nil
        }
        daemon = try BenchDaemon(configuration: """
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              button: { chip: main, line: GPIO17 }\(sensorInput)
            outputs:
              lamp: { chip: main, line: GPIO5, follows: button }
            \(web.map { "web:\n  listen: \"\($0)\"" } ?? "")
            """, file: "<sensorBlockingEdge bench>", sensorRoot: blockingSensor ? tree.root : nil)
        guard let chip = daemon.chips.simulatedChip(.label("pinctrl-bcm2711")),
              let lamp = chip.offset(of: LineLocator("GPIO5")) else {
            fatalError("sensorBlockingEdge: no simulated pinctrl-bcm2711 with GPIO5")
        }
        self.chip = chip
        self.lamp = lamp
        if let slowFile {
            // Reads under way before the first edge.
            var waited = 0
            while slowFile.answered == 0 {
                waited += 1
                precondition(waited < 500, "sensorBlockingEdge: the daemon did not read the sensor within 5 s")
                usleep(10_000)
            }
        }
    }

    /// Moves `button` to the opposite of its last level.
    func edge() {
        on.toggle()
        writesBefore = chip.writeCount
        moved = MonotonicClock.now()
        chip.setActive(button, on)
    }

    /// Waits for the output's write that follows the last edge; keeps its latency when
    /// `keep`.
    func collect(keep: Bool) {
        var waited = 0
        while chip.writeCount == writesBefore {
            waited += 1
            precondition(waited < 100_000, "sensorBlockingEdge: the output did not follow an edge within 5 s")
            usleep(50)
        }
        guard let write = chip.writes.last, write.offset == lamp, write.value == on else {
            fatalError("sensorBlockingEdge: the output's write is not the edge's: \(chip.writes.suffix(3))")
        }
        if keep {
            latencies.append(write.timestamp - moved)
            edgeTimes.append(moved)
        }
    }

    /// Stops the daemon, then the slow file (which answers the read under way, if any).
    /// The tree goes with this object.
    func stop() {
        daemon.stop()
        slowFile?.stop()
    }
}
