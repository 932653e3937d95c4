import Config
import GPIO
import Testing

@Suite("A configuration resolved against a board's profile")
struct BoardResolutionTests {
    static func board(_ name: String) throws -> BoardProfile {
        try #require(BoardProfile.named(name))
    }

    /// The errors of `text` on `board`, each as `LINE:COL message | hint`.
    static func errors(_ text: String, on board: String) throws -> [String] {
        let configuration = try ConfigFixture.parse(text)
        let profile = try Self.board(board)
        do throws(ConfigErrors) {
            _ = try configuration.resolved(on: profile)
            return []
        } catch {
            return error.errors.map { "\($0.location.line):\($0.location.column) \($0.message) | \($0.hint)" }
        }
    }

    static func lines(_ door: String, _ window: String, _ bell: String) -> String {
        """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          door: { chip: main, line: \(door) }
          window: { chip: main, line: \(window) }
          bell: { chip: main, line: \(bell) }
        outputs:
          lamp: { chip: main, line: PIN13, follows: door }
        """
    }

    @Test("a Pi 4: GPIO40, BCM18 and gpio17 are reported at once, each at its line: with a suggestion")
    func wrongNamesOnPi4() throws {
        #expect(try Self.errors(Self.lines("GPIO40", "BCM18", "gpio17"), on: "pi4") == [
            "4:29 input 'door': no line named 'GPIO40' on gpiochip0 [pinctrl-bcm2711] of the Raspberry Pi 4 Model B | GPIO40 is not on the 40-pin header, which carries GPIO0 to GPIO27 (offset 40 of gpiochip0 is the board's 'PWM0_MISO'); did you mean 'GPIO4', 'GPIO10' or 'GPIO20'?",
            "5:31 input 'window': no line named 'BCM18' on gpiochip0 [pinctrl-bcm2711] of the Raspberry Pi 4 Model B | BCM numbers are written as the line's name on this board: 'GPIO18' (or PIN12, or offset 18)",
            "6:29 input 'bell': no line named 'gpio17' on gpiochip0 [pinctrl-bcm2711] of the Raspberry Pi 4 Model B | did you mean 'GPIO17', 'GPIO7' or 'GPIO10'?",
        ])
    }

    @Test("the same config, fixed, resolves on a Pi 4: each line's offset and name")
    func fixedOnPi4() throws {
        let resolution = try ConfigFixture.parse(Self.lines("GPIO4", "GPIO18", "GPIO17")).resolved(on: try Self.board("pi4"))
        #expect(resolution.board.name == "pi4")
        #expect(resolution.addOnChips.isEmpty)
        #expect(resolution.chips["main"]?.label == "pinctrl-bcm2711")
        #expect(resolution.lines.mapValues { "\($0.offset) \($0.name)" }
            == ["door": "4 GPIO4", "window": "18 GPIO18", "bell": "17 GPIO17", "lamp": "27 GPIO27"])
    }

    @Test("a Pi 3 B names header lines by function: GPIO2 is SDA1 there")
    func pi3Names() throws {
        func text(_ a: String) -> String {
            """
            chips:
              main: { label: pinctrl-bcm2835 }
            inputs:
              a: { chip: main, line: \(a) }
              b: { chip: main, line: SPI_CE1_N }
              c: { chip: main, line: GPIO17 }
            """
        }
        #expect(try Self.errors(text("GPIO2"), on: "pi3") == [
            "4:26 input 'a': no line named 'GPIO2' on gpiochip0 [pinctrl-bcm2835] of the Raspberry Pi 3 Model B | GPIO2 is the line named 'SDA1' on the Raspberry Pi 3 Model B (or PIN3, or offset 2); did you mean 'GPIO5', 'GPIO6' or 'GPIO12'?",
        ])
        #expect(try Self.errors(text("GPIO2"), on: "pi3plus") == [
            "5:26 input 'b': no line named 'SPI_CE1_N' on gpiochip0 [pinctrl-bcm2835] of the Raspberry Pi 3 Model B+ | 'gpioagg info --simulate --board pi3plus gpiochip0' lists its lines",
        ])
        let lines = try ConfigFixture.parse(text("SDA1")).resolved(on: try Self.board("pi3")).lines
        #expect(lines["a"]?.offset == 2)
        #expect(lines["b"]?.offset == 7)
    }

    @Test("a name, an offset and a header pin that are one line on the board are reported")
    func sameLineWrittenThreeWays() throws {
        let text = """
            chips:
              pi: { label: pinctrl-rp1 }
              also: { name: gpiochip0 }
            inputs:
              a: { chip: pi, line: GPIO17 }
              b: { chip: also, line: 17 }
            outputs:
              c: { chip: pi, line: PIN11, follows: a }
            """
        #expect(try Self.errors(text, on: "pi5") == [
            "6:26 line 17 of gpiochip0 [pinctrl-rp1] is already used by input 'a' (line 5, as GPIO17) | a line can be requested once; pick another line",
            "8:24 line PIN11 (offset 17) of gpiochip0 [pinctrl-rp1] is already used by input 'a' (line 5, as GPIO17) | a line can be requested once; pick another line",
        ])
    }

    @Test("chips: add-ons pass unchecked; another Pi's chip, a typo and a former chip name do not")
    func chips() throws {
        let text = """
            chips:
              expander: { label: mcp23017 }
              hat: { name: gpiochip5 }
              old: { name: gpiochip4 }
              pi4: { label: pinctrl-bcm2711 }
              typo: { label: pinctrl-rp2 }
            inputs:
              a: { chip: expander, line: ANYTHING }
              b: { chip: old, line: GPIO17 }
            """
        #expect(try Self.errors(text, on: "pi5") == [
            "4:3 chip 'old': name gpiochip4 is not on the Raspberry Pi 5 | gpiochip4 is where kernels before 6.6.47 put the header controller; declare it as label: pinctrl-rp1; the Raspberry Pi 5's chips: gpiochip0 [pinctrl-rp1], gpiochip10 [gpio-brcmstb@107d508500], gpiochip11 [gpio-brcmstb@107d508520], gpiochip12 [gpio-brcmstb@107d517c00], gpiochip13 [gpio-brcmstb@107d517c20]",
            "5:3 chip 'pi4': label pinctrl-bcm2711 is not on the Raspberry Pi 5 | pinctrl-bcm2711 is a chip of the Raspberry Pi 4 Model B, not of the Raspberry Pi 5; the Raspberry Pi 5's chips: gpiochip0 [pinctrl-rp1], gpiochip10 [gpio-brcmstb@107d508500], gpiochip11 [gpio-brcmstb@107d508520], gpiochip12 [gpio-brcmstb@107d517c00], gpiochip13 [gpio-brcmstb@107d517c20]",
            "6:3 chip 'typo': no chip labelled 'pinctrl-rp2' on the Raspberry Pi 5 | did you mean 'pinctrl-rp1'? (the Raspberry Pi 5's chips: gpiochip0 [pinctrl-rp1], gpiochip10 [gpio-brcmstb@107d508500], gpiochip11 [gpio-brcmstb@107d508520], gpiochip12 [gpio-brcmstb@107d517c00], gpiochip13 [gpio-brcmstb@107d517c20])",
        ])
        let addOns = try ConfigFixture.parse("""
            chips:
              pi: { label: pinctrl-bcm2711 }
              expander: { label: mcp23017 }
              hat: { name: gpiochip5 }
            inputs:
              a: { chip: expander, line: ANYTHING }
              b: { chip: pi, line: GPIO17 }
            """).resolved(on: try Self.board("pi4"))
        #expect(addOns.addOnChips == ["expander", "hat"])
        #expect(addOns.lines.keys.sorted() == ["b"])
    }

    @Test("a header pin on a chip that is not the header's controller, and an offset past the chip")
    func headerPinOffController() throws {
        #expect(try Self.errors("""
            chips:
              fw: { label: raspberrypi-exp-gpio }
            inputs:
              a: { chip: fw, line: PIN11 }
              b: { chip: fw, line: 8 }
            """, on: "pi4") == [
            "4:24 input 'a': PIN11 names a pin of the Raspberry Pi's 40-pin header, and gpiochip1 [raspberrypi-exp-gpio] is not the header's controller | on the Raspberry Pi 4 Model B the header's controller is gpiochip0 [pinctrl-bcm2711]",
            "5:24 input 'b': gpiochip1 [raspberrypi-exp-gpio] has 8 lines (offsets 0-7); offset 8 does not exist | 'gpioagg info --simulate --board pi4 gpiochip1' lists its lines",
        ])
    }
}
