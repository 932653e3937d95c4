#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import TestSupport
import Testing

/// The built `gpioagg` keeps serving its control socket where the work could hold its
/// loop: `why` over a signal of 20,000 operands, and a PWM driver that never finishes a
/// write (a FIFO nobody reads stands in for a hung bus).
@Suite("The daemon's loop keeps serving", .tags(.binary))
struct LoopServingDaemonTests {
    @Test("gpioagg why led over an any of 20,000 command inputs: a short answer, at once")
    func whyOverAWideSignal() throws {
        let count = 20_000
        let names = (0..<count).map { "cmd\($0)" }
        var config = "chips:\n  main: { label: pinctrl-bcm2711 }\ninputs:\n"
        for name in names { config += "  \(name): { command: true }\n" }
        config += "signals:\n  any_on: { any: [\(names.joined(separator: ", "))] }\n"
        config += "outputs:\n  led: { chip: main, line: GPIO5, follows: any_on }\n"
        let directory = try TemporaryDirectory(prefix: "gpioagg-why", parent: "/tmp/")
        try directory.write(config, to: "wide.yaml")
        let socket = directory.file("s.sock")
        let daemon = try RunningProduct("gpioagg", ["run", "--simulate", "--config", directory.file("wide.yaml"),
                                                   "--control", socket, "--state-dir", directory.path])
        defer { _ = daemon.finish(limit: 0) }
        #expect(daemon.waitForLine("ready", limit: 300), "\(daemon.printedLines.suffix(5))")
        for name in ["led", "any_on"] {
            let why = try runProduct("gpioagg", ["why", name, "--control", socket])
            #expect(why.status == 0, "\(why.errors)")
            #expect(why.lines.count <= 64, "\(why.lines.count) lines")
            #expect(why.lines.joined(separator: "\n").utf8.count <= 16 * 1024)
            #expect(why.lines.contains { $0.contains("and 19992 more") }, "\(why.lines.prefix(12))")
        }
    }

    @Test("a PWM write that never ends: set and status are answered meanwhile; SIGTERM still stops, saying safe could not be written")
    func hungPWMWrite() throws {
        let tree = try FakeSysfs()
        let chip = try tree.pwmChip(0, device: "fe20c000.pwm", channels: 2)
        try tree.pwmChannel(0, of: chip)
        let directory = try TemporaryDirectory(prefix: "gpioagg-pwm-hung", parent: "/tmp/")
        try directory.write("""
            chips:
              pwm: { pwm: fe20c000.pwm }
            inputs:
              level: { command: true, type: number, unit: "%", initial: 0, min: 0, max: 100 }
            outputs:
              fan: { chip: pwm, channel: 0, frequency: 25kHz, follows: level, initial: 0, safe: 100 }
            """, to: "fan.yaml")
        let socket = directory.file("s.sock")
        let daemon = try RunningProduct("gpioagg", ["run", "--config", directory.file("fan.yaml"), "--control", socket,
                                                   "--sysfs-root", tree.root, "--state-dir", directory.path])
        defer { _ = daemon.finish(limit: 0) }
        #expect(daemon.waitForLine("ready"), "\(daemon.printedLines)")
        // The start's writes are made (the engine waits for them); from here on a write of
        // the duty cycle waits for a reader that never comes.
        try tree.fifo(at: chip + "/pwm0/duty_cycle")

        let set = try runProduct("gpioagg", ["set", "level", "50", "--control", socket])
        #expect(set.status == 0, "\(set.errors)")
        let again = try runProduct("gpioagg", ["set", "level", "60", "--control", socket])
        #expect(again.status == 0, "the loop answers while the driver holds the write: \(again.errors)")
        let status = try runProduct("gpioagg", ["status", "--control", socket])
        #expect(status.status == 0, "\(status.errors)")
        #expect(status.lines.contains { $0.contains("fan") && $0.contains("60.0 %") }, "\(status.lines)")

        kill(daemon.process.processIdentifier, SIGTERM)
        // A loop held by the write would never read SIGTERM: give up on it after a minute.
        let deadline = Date().addingTimeInterval(60)
        while daemon.process.isRunning, Date() < deadline { usleep(10_000) }
        #expect(!daemon.process.isRunning, "SIGTERM stops the daemon while the driver holds a write")
        if daemon.process.isRunning { kill(daemon.process.processIdentifier, SIGKILL) }
        let result = daemon.finish(limit: 60)
        let said = result.lines.joined(separator: "\n") + result.errors
        #expect(said.contains("could not drive output 'fan' to its safe value"), "\(said.suffix(2000))")
        #expect(said.contains("has not finished a write"), "\(said.suffix(2000))")
    }
}
