import Foundation
import TestSupport
import Testing

/// `gpioagg detect`'s PWM controllers: on fake sysfs trees (`--sysfs-root`) with the
/// kernel's layout, and a simulated board's from its profile.
@Suite("gpioagg detect: PWM", .tags(.binary))
struct DetectPWMCommandTests {
    /// A Pi 4's PWM0 with channel 0 exported and running, and an unknown controller.
    static func tree() throws -> FakeSysfs {
        let tree = try FakeSysfs()
        let chip = try tree.pwmChip(0, device: "fe20c000.pwm", channels: 2)
        try tree.pwmChannel(0, of: chip, period: 40_000, dutyCycle: 16_000, polarity: "inversed", enabled: true)
        let other = try tree.pwmChip(3, device: "pwm-sim", channels: 1)
        try tree.pwmChannel(0, of: other)
        return tree
    }

    @Test("each controller by its device, with the header pins a Pi routes it to, and each exported channel as it runs")
    func text() throws {
        let tree = try Self.tree()
        let result = try runProduct("gpioagg", ["detect", "--simulate", "--sysfs-root", tree.root])
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(result.lines == [
            "gpiochip0 [pinctrl-bcm2711] (58 lines)",
            "",
            "PWM controllers under \(tree.root):",
            "  pwmchip0 [fe20c000.pwm] (2 channels): 0 on GPIO12 (pin 32) or GPIO18 (pin 12), 1 on GPIO13 (pin 33) or GPIO19 (pin 35)",
            "    pwm0  25000 Hz  40 %  inversed  enabled  (period 40000 ns, duty cycle 16000 ns)",
            "  pwmchip3 [pwm-sim] (1 channel)",
            "    pwm0  never set (period 0)",
            "",
            "no sensors found under \(tree.root)",
        ])
    }

    @Test("--json has \"pwm\" beside \"chips\" and \"sensors\", each channel with every key")
    func json() throws {
        let tree = try Self.tree()
        let result = try runProduct("gpioagg", ["detect", "--simulate", "--sysfs-root", tree.root, "--json"])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(result.lines.joined().utf8)) as? [String: Any])
        #expect(Set(parsed.keys) == ["chips", "pwm", "sensors"])
        let controllers = try #require(parsed["pwm"] as? [[String: Any]])
        #expect(controllers.map { $0["name"] as? String } == ["pwmchip0", "pwmchip3"])
        #expect(controllers.map { $0["device"] as? String } == ["fe20c000.pwm", "pwm-sim"])
        #expect(controllers.map { $0["channels"] as? Int } == [2, 1])
        #expect(controllers.allSatisfy { $0["simulated"] as? Bool == false })
        let channel = try #require((controllers[0]["exported"] as? [[String: Any]])?.first)
        #expect(Set(channel.keys) == ["channel", "period", "duty_cycle", "polarity", "enabled", "failure"])
        #expect(channel["channel"] as? Int == 0)
        #expect(channel["period"] as? Int == 40_000)
        #expect(channel["duty_cycle"] as? Int == 16_000)
        #expect(channel["polarity"] as? String == "inversed")
        #expect(channel["enabled"] as? Bool == true)
        #expect(channel["failure"] is NSNull)
    }

    @Test("a channel whose files cannot be read is listed with why")
    func unreadable() throws {
        let tree = try FakeSysfs()
        let chip = try tree.pwmChip(0, device: "fe20c000.pwm", channels: 2)
        let folder = try tree.pwmChannel(1, of: chip)
        try FileManager.default.removeItem(atPath: folder + "/period")
        let result = try runProduct("gpioagg", ["detect", "--simulate", "--sysfs-root", tree.root])
        #expect(result.lines.contains("    pwm1  unreadable: reading \(tree.root)/class/pwm/pwmchip0/pwm1/period: No such file or directory"))
        let json = try runProduct("gpioagg", ["detect", "--simulate", "--sysfs-root", tree.root, "--json"])
        let parsed = try JSONSerialization.jsonObject(with: Data(json.lines.joined().utf8)) as? [String: Any]
        let channel = try #require(((parsed?["pwm"] as? [[String: Any]])?.first?["exported"] as? [[String: Any]])?.first)
        #expect(channel["period"] is NSNull)
        #expect((channel["failure"] as? String)?.hasSuffix("No such file or directory") == true)
    }

    @Test("--simulate --board lists the board's PWM controllers from its profile, not read")
    func simulatedBoard() throws {
        let result = try runProduct("gpioagg", ["detect", "--simulate", "--board", "pi5"])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let section = Array(result.lines.drop { !$0.hasPrefix("PWM controllers") }.prefix(3))
        #expect(section.count == 3)
        #expect(section[0] == "PWM controllers of the simulated Raspberry Pi 5 (as gpioagg run --simulate simulates them):")
        #expect(section[1] == "  1f00098000.pwm (4 channels): 0 on GPIO12 (pin 32), 1 on GPIO13 (pin 33), 2 on GPIO18 (pin 12), "
            + "3 on GPIO19 (pin 35)")
        #expect(section[2].hasPrefix("    appears with the RP1's PWM0: dtoverlay=pwm-2chan"))
        let json = try runProduct("gpioagg", ["detect", "--simulate", "--board", "pi5", "--json"])
        let parsed = try JSONSerialization.jsonObject(with: Data(json.lines.joined().utf8)) as? [String: Any]
        let controller = try #require((parsed?["pwm"] as? [[String: Any]])?.first)
        #expect(controller["name"] is NSNull)
        #expect(controller["device"] as? String == "1f00098000.pwm")
        #expect(controller["simulated"] as? Bool == true)
        // A board without a profiled PWM controller shows no section.
        let pi3 = try runProduct("gpioagg", ["detect", "--simulate", "--board", "pi3"])
        #expect(!pi3.lines.contains { $0.hasPrefix("PWM controllers") })
    }
}
