import Foundation
import TestSupport
import Testing

/// `gpioagg safe`, run as the unit's ExecStopPost= runs it: each PWM output's safe value
/// written to its channel in a fake sysfs tree (`--sysfs-root`).
@Suite("gpioagg safe", .tags(.binary))
struct SafeCommandTests {
    @Test("a config without PWM outputs: nothing to write, exit 0")
    func nothingToWrite() throws {
        let directory = try TemporaryDirectory(prefix: "gpioagg-safe")
        try directory.write("""
            chips: { main: { name: gpiochip0 } }
            inputs: { door: { chip: main, line: 17 } }
            outputs: { lamp: { chip: main, line: 27, follows: door } }
            """, to: "gpioagg.yaml")
        let result = try runProduct("gpioagg", ["safe", "--config", directory.file("gpioagg.yaml")])
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(result.lines == ["\(directory.file("gpioagg.yaml")) has no PWM output: nothing to write"])
    }

    @Test("an invalid config: its errors at FILE:LINE:COL, nothing written, exit 1")
    func invalidConfig() throws {
        let directory = try TemporaryDirectory(prefix: "gpioagg-safe")
        try directory.write("""
            chips: { main: { name: gpiochip0 } }
            inputs: { door: { chip: main, line: 17 } }
            outputs: { lamp: { chip: main, line: 27, follows: nowhere } }
            """, to: "gpioagg.yaml")
        let file = directory.file("gpioagg.yaml")
        let result = try runProduct("gpioagg", ["safe", "--config", file])
        #expect(result.status == 1)
        #expect(result.errors.contains("\(file):3:"), "\(result.errors)")
        #expect(result.errors.contains("gpioagg: 1 error in \(file); no safe value was written"), "\(result.errors)")
    }

    @Test("--sysfs-root that is not a folder is a usage error")
    func missingRoot() throws {
        let result = try runProduct("gpioagg", ["safe", "--config", "/nonexistent.yaml", "--sysfs-root", "/nonexistent"])
        #expect(result.status != 0)
        #expect(result.errors.contains("--sysfs-root /nonexistent: no such folder"), "\(result.errors)")
    }

    @Test("gpioagg's help lists it")
    func listed() throws {
        let result = try runProduct("gpioagg", ["--help"])
        #expect(result.lines.contains { $0.contains("safe") && $0.contains("Write every PWM output's safe value") },
                "\(result.lines)")
    }
}
