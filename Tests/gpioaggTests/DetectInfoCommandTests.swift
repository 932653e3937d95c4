import Foundation
import Testing

@Suite("gpioagg detect and info", .tags(.binary))
struct DetectInfoCommandTests {
    @Test("detect lists the simulated chip like gpiodetect, then the simulated Pi 4's PWM controller and thermal zone")
    func detectSimulated() throws {
        let result = try runProduct("gpioagg", ["detect", "--simulate"])
        #expect(result.status == 0)
        #expect(result.lines == [
            "gpiochip0 [pinctrl-bcm2711] (58 lines)",
            "",
            "PWM controllers of the simulated Raspberry Pi 4 Model B (as gpioagg run --simulate simulates them):",
            "  fe20c000.pwm (2 channels): 0 on GPIO12 (pin 32) or GPIO18 (pin 12), 1 on GPIO13 (pin 33) or GPIO19 (pin 35)",
            "    appears with dtoverlay=pwm-2chan in /boot/firmware/config.txt (channel 0 on GPIO18, 1 on GPIO19; its pin= "
                + "and func= parameters move them to GPIO12 and GPIO13; dtoverlay=pwm for channel 0 alone), then a reboot; "
                + "analogue audio must not hold the pins",
            "",
            "sensors of the simulated Raspberry Pi 4 Model B (not read: a simulated sensor input takes its value from gpioagg sim set):",
            "  thermal cpu-thermal  temp  simulated  cpu: { thermal: cpu-thermal }",
        ])
    }

    @Test("detect --json is machine-readable")
    func detectJSON() throws {
        let result = try runProduct("gpioagg", ["detect", "--simulate", "--json"])
        #expect(result.status == 0)
        let parsed = try JSONSerialization.jsonObject(with: Data(result.lines.joined().utf8)) as? [String: Any]
        let chips = parsed?["chips"] as? [[String: Any]]
        #expect(chips?.count == 1)
        #expect(chips?.first?["label"] as? String == "pinctrl-bcm2711")
        #expect(chips?.first?["lines"] as? Int == 58)
        #expect((parsed?["sensors"] as? [[String: Any]])?.count == 1)
        #expect((parsed?["pwm"] as? [[String: Any]])?.first?["device"] as? String == "fe20c000.pwm")
    }

    @Test("info lists every line with its name, consumer and direction", arguments: [
        "pinctrl-bcm2711", "gpiochip0", "/dev/gpiochip0",
    ])
    func infoSimulated(chip: String) throws {
        let result = try runProduct("gpioagg", ["info", chip, "--simulate"])
        #expect(result.status == 0)
        #expect(result.lines.count == 1 + 58)
        #expect(result.lines.first == "gpiochip0 [pinctrl-bcm2711] - 58 lines:")
        #expect(result.lines[1] == "\tline   0: \"ID_SDA\"         unused           input  active-high")
        #expect(result.lines[18] == "\tline  17: \"GPIO17\"         unused           input  active-high")
        // The Pi 4's own lines past the header, named as its device tree names them.
        #expect(result.lines[31] == "\tline  30: \"CTS0\"           unused           input  active-high")
    }

    @Test("info with no chip lists every chip")
    func infoAllChips() throws {
        let result = try runProduct("gpioagg", ["info", "--simulate", "--json"])
        #expect(result.status == 0)
        let parsed = try JSONSerialization.jsonObject(with: Data(result.lines.joined().utf8)) as? [[String: Any]]
        let lines = parsed?.first?["lines"] as? [[String: Any]]
        #expect(lines?.count == 58)
        #expect(lines?[27]["name"] as? String == "GPIO27")
        #expect(lines?[27]["used"] as? Bool == false)
    }

    @Test("an unknown chip names the chips that exist")
    func unknownChip() throws {
        let result = try runProduct("gpioagg", ["info", "pinctrl-rp1", "--simulate"])
        #expect(result.status == 1)
        #expect(result.lines.isEmpty)
        #expect(result.errors == """
            error: GPIO chip label 'pinctrl-rp1' not found
            hint: chips on this system: gpiochip0 [pinctrl-bcm2711] (58 lines)

            """)
    }
}
