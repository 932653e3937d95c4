#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import TestSupport
import Testing

/// The built `gpioagg` with PWM outputs on a fake sysfs tree (`--sysfs-root`): the daemon
/// on the kernel's side writing the channels' files, and `gpioagg safe` after it.
@Suite("gpioagg run and safe: PWM outputs", .tags(.binary))
struct PWMDaemonCommandTests {
    static let config = """
        chips:
          pwm: { pwm: fe20c000.pwm }
        inputs:
          cpu: { command: true, type: number, unit: °C, initial: 40, min: 0, max: 120 }
        signals:
          fan_speed: { scale: cpu, from: [50, 70], to: [30, 100] }
        outputs:
          fan: { chip: pwm, channel: 0, frequency: 25kHz, follows: fan_speed, initial: 100, safe: 100 }
          lamp: { chip: pwm, channel: 1, frequency: 1kHz, command: true, safe: 0 }
        """

    /// A Pi 4's PWM0; the fan's channel left exported by a run that died, at 47.5 %.
    static func tree(exportLamp: Bool = true) throws -> (FakeSysfs, chip: String) {
        let tree = try FakeSysfs()
        let chip = try tree.pwmChip(0, device: "fe20c000.pwm", channels: 2)
        try tree.pwmChannel(0, of: chip, period: 40_000, dutyCycle: 19_000, enabled: true)
        if exportLamp { try tree.pwmChannel(1, of: chip, period: 1_000_000, dutyCycle: 800_000, enabled: true) }
        return (tree, chip)
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The file's text once it is `expected`, or as it is after 20 s: the daemon writes
    /// PWM channels on a thread of its own, a moment after it logs the change.
    static func read(_ path: String, once expected: String) throws -> String {
        let deadline = Date().addingTimeInterval(20)
        var text = try read(path)
        while text != expected, Date() < deadline {
            usleep(10_000)
            text = try read(path)
        }
        return text
    }

    @Test("gpioagg safe writes each output's safe value, saying what each channel ran before")
    func safe() throws {
        let (tree, chip) = try Self.tree()
        let directory = try TemporaryDirectory(prefix: "gpioagg-pwm")
        try directory.write(Self.config, to: "fan.yaml")
        let result = try runProduct("gpioagg", ["safe", "--config", directory.file("fan.yaml"), "--sysfs-root", tree.root])
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(result.lines == [
            "fan: 100.0 % (safe) on channel 0 of pwmchip0 [fe20c000.pwm] (2 channels): period 40000 ns, duty cycle "
                + "40000 ns, normal, enabled (it ran period 40000 ns, duty cycle 19000 ns, normal, enabled)",
            "lamp: 0.0 % (safe) on channel 1 of pwmchip0 [fe20c000.pwm] (2 channels): period 1000000 ns, duty cycle "
                + "0 ns, normal, enabled (it ran period 1000000 ns, duty cycle 800000 ns, normal, enabled)",
        ])
        #expect(try Self.read(chip + "/pwm0/duty_cycle") == "40000")
        #expect(try Self.read(chip + "/pwm1/duty_cycle") == "0")
    }

    @Test("a channel that never appears after export: given up within about 2 s, the error names the output, the others written")
    func givesUp() throws {
        let (tree, chip) = try Self.tree(exportLamp: false)
        let directory = try TemporaryDirectory(prefix: "gpioagg-pwm")
        try directory.write(Self.config, to: "fan.yaml")
        let started = Date()
        let result = try runProduct("gpioagg", ["safe", "--config", directory.file("fan.yaml"), "--sysfs-root", tree.root])
        let took = Date().timeIntervalSince(started)
        #expect(result.status == 1)
        #expect(took < 4, "took \(took) s")
        #expect(try Self.read(chip + "/export") == "1")
        #expect(try Self.read(chip + "/pwm0/duty_cycle") == "40000")
        #expect(result.lines.count == 1 && result.lines[0].hasPrefix("fan: 100.0 % (safe)"), "\(result.lines)")
        #expect(result.errors.contains("error: lamp: "), "\(result.errors)")
        #expect(result.errors.contains("gpioagg: 1 of 2 PWM outputs could not be written: it runs as before"),
                "\(result.errors)")
    }

    @Test("the daemon on the kernel's side takes the channels over, follows the curve, and writes safe on SIGTERM")
    func daemon() throws {
        let (tree, chip) = try Self.tree()
        let directory = try TemporaryDirectory(prefix: "gpioagg-pwm", parent: "/tmp/")
        try directory.write(Self.config, to: "fan.yaml")
        let socket = directory.file("s.sock")
        let daemon = try RunningProduct("gpioagg", ["run", "--config", directory.file("fan.yaml"), "--control", socket,
                                                   "--sysfs-root", tree.root, "--state-dir", directory.path])
        defer { _ = daemon.finish(limit: 0) }
        #expect(daemon.waitForLine("ready"), "\(daemon.printedLines)")
        #expect(daemon.printedLines.first?.contains(
            "1 input (1 command), 1 signal, 2 outputs (2 PWM); ") == true, "\(daemon.printedLines)")
        #expect(daemon.printedLines.first?.hasSuffix(
            "; PWM: fan on fe20c000.pwm channel 0 (25 kHz), lamp on fe20c000.pwm channel 1 (1 kHz); under \(tree.root)")
            == true, "\(daemon.printedLines)")
        // Both channels ran already: the start says what each ran, not initial, which was not written.
        #expect(daemon.waitForLine("output fan 47.5 % (taken over as it ran)"), "\(daemon.printedLines)")
        #expect(daemon.waitForLine("output lamp 80.0 % (taken over as it ran)"), "\(daemon.printedLines)")
        #expect(!daemon.printedLines.contains { $0.hasPrefix("output ") && $0.hasSuffix("(initial)") },
                "\(daemon.printedLines)")
        #expect(daemon.waitForLine("output fan 30.0 %"))
        #expect(try Self.read(chip + "/pwm0/duty_cycle", once: "12000") == "12000")
        // The lamp, taken over at 80 %, goes to its initial 0 % (it follows nothing).
        #expect(try Self.read(chip + "/pwm1/duty_cycle", once: "0") == "0")

        let set = try runProduct("gpioagg", ["set", "cpu", "60", "--control", socket])
        #expect(set.status == 0, "\(set.errors)")
        #expect(daemon.waitForLine("output fan 65.0 %"))
        #expect(try Self.read(chip + "/pwm0/duty_cycle", once: "26000") == "26000")

        kill(daemon.process.processIdentifier, SIGTERM)
        let result = daemon.finish()
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.lines.contains("output fan 100.0 % (safe state)"), "\(result.lines)")
        #expect(try Self.read(chip + "/pwm0/duty_cycle") == "40000")
        #expect(try Self.read(chip + "/pwm1/duty_cycle") == "0")
    }
}
