import Foundation
import Testing

/// `--board`: `check` against a board's chips, and `--simulate` of a board's chips.
@Suite("gpioagg --board", .tags(.binary))
struct BoardCommandTests {
    static func config(door: String, window: String, bell: String) -> String {
        """
        chips:
          main: { label: pinctrl-bcm2711 }
          expander: { label: mcp23017 }
        inputs:
          door: { chip: main, line: \(door) }
          window: { chip: main, line: \(window) }
          bell: { chip: main, line: \(bell) }
          motion: { chip: expander, line: MOTION }
        outputs:
          lamp: { chip: main, line: PIN13, follows: door }

        """
    }

    @Test("check --board pi4 reports GPIO40, BCM18 and gpio17 at once, each at its place with a suggestion, and exits 1")
    func checkReportsEveryWrongName() throws {
        let path = try DaemonTests.write(Self.config(door: "GPIO40", window: "BCM18", bell: "gpio17"))
        // Without --board the file is valid: names are the hardware's business.
        #expect(try runProduct("gpioagg", ["check", "--config", path]).status == 0)

        let result = try runProduct("gpioagg", ["check", "--config", path, "--board", "pi4"])
        #expect(result.status == 1)
        #expect(result.lines.isEmpty)
        #expect(result.errors == """
            \(path):5:29: error: input 'door': no line named 'GPIO40' on gpiochip0 [pinctrl-bcm2711] of the Raspberry Pi 4 Model B
            hint: GPIO40 is not on the 40-pin header, which carries GPIO0 to GPIO27 (offset 40 of gpiochip0 is the board's 'PWM0_MISO'); did you mean 'GPIO4', 'GPIO10' or 'GPIO20'?
            \(path):6:31: error: input 'window': no line named 'BCM18' on gpiochip0 [pinctrl-bcm2711] of the Raspberry Pi 4 Model B
            hint: BCM numbers are written as the line's name on this board: 'GPIO18' (or PIN12, or offset 18)
            \(path):7:29: error: input 'bell': no line named 'gpio17' on gpiochip0 [pinctrl-bcm2711] of the Raspberry Pi 4 Model B
            hint: did you mean 'GPIO17', 'GPIO7' or 'GPIO10'?
            gpioagg: 3 errors in \(path) on the Raspberry Pi 4 Model B (pi4)

            """)
    }

    @Test("check --board pi4 reports a line the board lacks and a line used twice with the file's other errors, in one run")
    func checkReportsBoardErrorsWithTheRest() throws {
        let path = try DaemonTests.write("""
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              door: { chip: main, line: GPIO45 }
              bell: { chip: main, line: GPIO17 }
              window: { chip: main, line: PIN11 }
            outputs:
              lamp: { chip: main, line: GPIO5, follows: door, colour: red }

            """)
        let plain = try runProduct("gpioagg", ["check", "--config", path])
        #expect(plain.status == 1)
        #expect(plain.errors.hasSuffix("gpioagg: 1 error in \(path)\n"), "without --board only the key: \(plain.errors)")
        let result = try runProduct("gpioagg", ["check", "--config", path, "--board", "pi4"])
        #expect(result.status == 1)
        #expect(result.lines.isEmpty)
        let reported = result.errors.split(separator: "\n").filter { $0.hasPrefix(path) }.map { $0.dropFirst(path.count) }
        #expect(reported.count == 3, "\(result.errors)")
        #expect(reported.first?.hasPrefix(":4:29: error: input 'door': no line named 'GPIO45' on gpiochip0 [pinctrl-bcm2711]") == true)
        #expect(reported.dropFirst().first?.hasPrefix(
            ":6:31: error: line PIN11 (offset 17) of gpiochip0 [pinctrl-bcm2711] is already used by input 'bell'") == true)
        #expect(reported.last?.hasPrefix(":8:51: error: ") == true && reported.last?.contains("colour") == true)
        #expect(result.errors.hasSuffix("gpioagg: 3 errors in \(path) on the Raspberry Pi 4 Model B (pi4)\n"))
    }

    @Test("the fixed config checks clean against a Pi 4, saying so; a header pin shows its GPIO")
    func checkCleanOnPi4() throws {
        let path = try DaemonTests.write(Self.config(door: "GPIO4", window: "GPIO18", bell: "GPIO17"))
        let result = try runProduct("gpioagg", ["check", "--config", path, "--board", "pi4"])
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(result.lines.prefix(2) == [
            "\(path): valid; 2 chips, 4 inputs, 0 signals, 1 output",
            "checked against the Raspberry Pi 4 Model B (pi4): every line of its chips found; 'expander' not on the board (add-on, lines not checked)",
        ])
        #expect(result.lines.contains(
            "  lamp      chip main, line PIN13 (GPIO27), follows door, initial off, safe off, active high, drive push-pull"))
        // The same file on a Pi 5 names the wrong chip.
        let pi5 = try runProduct("gpioagg", ["check", "--config", path, "--board", "pi5"])
        #expect(pi5.status == 1)
        #expect(pi5.errors.hasPrefix("\(path):2:3: error: chip 'main': label pinctrl-bcm2711 is not on the Raspberry Pi 5\n"))
    }

    @Test("a leading zero is refused by check, board or not")
    func leadingZero() throws {
        let path = try DaemonTests.write(Self.config(door: "017", window: "GPIO18", bell: "GPIO17"))
        let result = try runProduct("gpioagg", ["check", "--config", path])
        #expect(result.status == 1)
        #expect(result.errors == """
            \(path):5:29: error: line offset 017 in input 'door' has a leading zero
            hint: YAML 1.1 reads 017 as an octal number; write 17 for offset 17, or the line's name, e.g. GPIO17
            gpioagg: 1 error in \(path)

            """)
    }

    @Test("an unknown board is a usage error with the nearest boards", arguments: [
        ["check", "--board", "pi6"], ["detect", "--simulate", "--board", "pi6"], ["--simulate", "--board", "pi6"],
    ])
    func unknownBoard(arguments: [String]) throws {
        let result = try runProduct("gpioagg", arguments)
        #expect(result.status == 64)
        let lines = result.errors.split(separator: "\n").map(String.init)
        #expect(lines.prefix(2) == [
            "error: unknown board 'pi6'",
            "hint: did you mean 'pi3' or 'pi4'? (boards: pi3, pi3plus, pi4, pi5, zero2)",
        ])
    }

    @Test("--board without --simulate is a usage error outside check")
    func boardNeedsSimulate() throws {
        let result = try runProduct("gpioagg", ["detect", "--board", "pi5"])
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("error: --board chooses the board to simulate: add --simulate\n"))
    }

    @Test("detect and info --simulate --board show the board's chips and names")
    func detectAndInfo() throws {
        let detect = try runProduct("gpioagg", ["detect", "--simulate", "--board", "pi5"])
        #expect(detect.status == 0)
        #expect(detect.lines.prefix(6) == [
            "gpiochip0 [pinctrl-rp1] (54 lines)",
            "gpiochip10 [gpio-brcmstb@107d508500] (32 lines)",
            "gpiochip11 [gpio-brcmstb@107d508520] (4 lines)",
            "gpiochip12 [gpio-brcmstb@107d517c00] (17 lines)",
            "gpiochip13 [gpio-brcmstb@107d517c20] (6 lines)",
            "",
        ])
        let info = try runProduct("gpioagg", ["info", "pinctrl-bcm2835", "--simulate", "--board", "pi3"])
        #expect(info.status == 0)
        #expect(info.lines[3] == "\tline   2: \"SDA1\"           unused           input  active-high")
    }

    @Test("run --simulate --board pi5: a line name the Pi 5 lacks fails at start, as on the board")
    func simulatedBoardRefusesWrongName() throws {
        let path = try DaemonTests.write("""
            chips: { main: { label: pinctrl-rp1 } }
            inputs: { door: { chip: main, line: GPIO40 } }
            """)
        let result = try runProduct("gpioagg", ["run", "--simulate", "--board", "pi5", "--config", path,
                                                "--control", temporarySocketPath()])
        #expect(result.status == 1)
        #expect(result.errors.contains("\(path):2:11: error: input 'door': no line named 'GPIO40' on gpiochip0 [pinctrl-rp1]"))
        #expect(!result.lines.contains("ready"))

        // Without --board the Pi 5's chip is made up to fit the config, and it starts.
        let loose = try runProduct("gpioagg", ["run", "--simulate", "--config", path,
                                               "--control", temporarySocketPath()], stdin: "quit\n")
        #expect(loose.status == 0, "stderr: \(loose.errors)")
    }

    @Test("the embedded demo runs on a simulated board's header")
    func demoOnBoard() throws {
        let result = try runProduct("gpioagg", ["--simulate", "--board", "pi5", "--control", temporarySocketPath()],
                                    stdin: "on switch1\nquit\n")
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(result.lines.first?.hasSuffix("simulated Raspberry Pi 5 (pi5); chips: gpiochip0 [pinctrl-rp1]") == true)
        #expect(result.lines.contains("input switch1 on"))
    }
}
