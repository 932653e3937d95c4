import Foundation
import TestSupport
import Testing

/// Numbers past what a double holds, through the daemon: `gpioagg set` of two inputs
/// whose sum overflows, `status` and `why` saying the same of it, and a sensor whose
/// files give no finite number logging it once, not once per read.
@Suite("gpioagg with numbers that overflow", .tags(.binary))
struct NumberOverflowCommandTests {
    static let config = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          a: { command: true, type: number, initial: 1 }
          b: { command: true, type: number, initial: 2 }
        signals:
          total: { sum: [a, b] }
          too_big: { threshold: total, above: 100 }
        outputs:
          alarm: { chip: main, line: GPIO5, follows: too_big }
        """

    static func line(_ lines: [String], _ name: String) -> String? {
        lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(name + " ") }
    }

    @Test("status shows what why shows: a sum of 1.7e308 and 1.7e308 is unavailable in both, and why says the overflow")
    func statusAndWhyAgree() throws {
        let run = try NumberCommandTests.start(try DaemonTests.write(Self.config), state: temporaryDirectory())
        defer { kill(run.daemon.process.processIdentifier, SIGTERM); _ = run.daemon.finish() }
        for name in ["a", "b"] {
            let set = try NumberCommandTests.gpioagg(["set", name, "1.7e308"], run.socket)
            #expect(set.status == 0, "\(set.errors)")
        }
        let status = try NumberCommandTests.gpioagg(["status"], run.socket)
        let shown = try #require(Self.line(status.lines, "total"), "\(status.lines)")
        #expect(shown.hasSuffix(" unavailable"), "\(shown)")
        #expect(Self.line(status.lines, "alarm")?.hasSuffix(" off") == true, "the threshold's fallback: \(status.lines)")
        let why = try NumberCommandTests.gpioagg(["why", "total"], run.socket)
        #expect(why.status == 0, "\(why.errors)")
        let first = try #require(why.lines.first)
        #expect(first.hasPrefix("total unavailable: "), "\(why.lines)")
        #expect(first.contains("overflow: 1.7e308 + 1.7e308 is not a finite number"), "\(why.lines)")
        let json = try NumberCommandTests.statusJSON(run.socket)
        #expect((json["signals"] as? [String: Any])?["total"] is NSNull)
        #expect(!run.daemon.printedLines.contains { $0.contains(" inf") || $0.contains(" nan") },
                "\(run.daemon.printedLines)")
    }

    @Test("a sensor whose (raw + offset) × scale is no number logs it once, not a change per read; status and why agree")
    func sensorNotANumberLogsOnce() throws {
        let tree = try FakeSysfs()
        let zone = try tree.thermal(0, type: "cpu-thermal", temp: "40000\n")
        // (1e308 + 1e308) × 0: inf times 0 is nan, a value unequal to itself.
        try tree.iio(0, name: "bmp280", files: ["in_pressure_raw": "1e308\n", "in_pressure_offset": "1e308\n",
                                                "in_pressure_scale": "0\n"])
        let run = try SensorReadingDaemonTests.start("""
            inputs:
              cpu: { thermal: cpu-thermal, interval: 100ms }
              pressure: { iio: bmp280, channel: pressure, interval: 100ms, timeout: 300ms }

            """, tree: tree)
        defer { _ = SensorReadingDaemonTests.stopsPromptly(run.daemon); _ = run.daemon.finish() }
        // Each new temperature logged is a round of reads after the one before.
        for temperature in 41...46 {
            try tree.write("\(temperature)000\n", to: zone + "/temp")
            #expect(run.daemon.waitForLine("input cpu \(temperature).00 °C", limit: 20), "\(run.daemon.printedLines)")
        }
        // From ready on: the start lists each input's first value (unavailable).
        let lines = run.daemon.printedLines.drop { $0 != "ready" }.filter { $0.hasPrefix("input pressure") }
        #expect(lines.count <= 1, "\(lines)")
        #expect(lines.allSatisfy { $0.hasPrefix("input pressure unavailable: ") && $0.contains("overflow: (1e308 + 1e308) × 0") },
                "\(lines)")
        let status = try NumberCommandTests.gpioagg(["status"], run.socket)
        #expect(Self.line(status.lines, "pressure")?.hasSuffix(" unavailable") == true, "\(status.lines)")
        let why = try NumberCommandTests.gpioagg(["why", "pressure"], run.socket)
        #expect(why.lines.first?.hasPrefix("pressure unavailable: ") == true, "\(why.lines)")
        #expect(why.lines.first?.contains("; last read failed: iio bmp280: overflow: (1e308 + 1e308) × 0 from ") == true,
                "\(why.lines)")
    }
}
