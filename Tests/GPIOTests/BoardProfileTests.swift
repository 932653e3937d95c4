import GPIO
import GPIOSimulated
import Testing

@Suite("Board profiles and the 40-pin header")
struct BoardProfileTests {
    @Test("every board names each line of each chip, the header controller once")
    func profilesAreWhole() {
        #expect(BoardProfile.all.map(\.name) == ["pi3", "pi3plus", "pi4", "pi5", "zero2"])
        for board in BoardProfile.all {
            #expect(BoardProfile.named(board.name) == board)
            #expect(board.chips.filter { board.header.isController($0.info) }.count == 1, "\(board.name)")
            #expect(Set(board.chips.map(\.info.name)).count == board.chips.count, "\(board.name)")
            for chip in board.chips {
                #expect(chip.lineNames.count == chip.info.lineCount, "\(board.name) \(chip.info.name)")
                #expect(chip.info.path == "/dev/" + chip.info.name)
            }
        }
        #expect(BoardProfile.named("pi6") == nil)
        #expect(BoardProfile.named("PI4") == nil)
    }

    @Test("a Pi 4: pinctrl-bcm2711 with 58 lines, offset 17 is GPIO17; the firmware's expander")
    func pi4() throws {
        let pi4 = try #require(BoardProfile.named("pi4"))
        #expect(pi4.chips.map(\.info) == [
            ChipInfo(path: "/dev/gpiochip0", name: "gpiochip0", label: "pinctrl-bcm2711", lineCount: 58),
            ChipInfo(path: "/dev/gpiochip1", name: "gpiochip1", label: "raspberrypi-exp-gpio", lineCount: 8),
        ])
        let header = pi4.headerController
        #expect(header.lineNames[0] == "ID_SDA")
        #expect(header.lineNames[17] == "GPIO17")
        #expect(header.lineNames[27] == "GPIO27")
        #expect(header.lineNames[28] == "RGMII_MDIO")
        #expect(header.lineNames[57] == "RGMII_TXD3")
        #expect(pi4.chips[1].lineNames[2] == "PWR_LED_OFF")
    }

    @Test("a Pi 5: the header on pinctrl-rp1, gpiochip0; the SoC's banks from gpiochip10")
    func pi5() throws {
        let pi5 = try #require(BoardProfile.named("pi5"))
        #expect(pi5.headerController.info == ChipInfo(path: "/dev/gpiochip0", name: "gpiochip0",
                                                     label: "pinctrl-rp1", lineCount: 54))
        #expect(pi5.headerController.lineNames[17] == "GPIO17")
        #expect(pi5.chips.map(\.info.name) == ["gpiochip0", "gpiochip10", "gpiochip11", "gpiochip12", "gpiochip13"])
        #expect(pi5.chips.map(\.info.lineCount) == [54, 32, 4, 17, 6])
        #expect(pi5.foreignChip(.name("gpiochip4"))?.contains("before 6.6.47") == true)
        #expect(pi5.foreignChip(.label("mcp23017")) == nil)
    }

    @Test("a Pi 3 B names its header lines by function; the 3 B+ and Zero 2 W by GPIO")
    func pi3AndZero() throws {
        let pi3 = try #require(BoardProfile.named("pi3"))
        #expect(pi3.chips.map(\.info.label) == ["pinctrl-bcm2835", "brcmvirt-gpio", "raspberrypi-exp-gpio"])
        let names = pi3.headerController.lineNames
        #expect(names.count == 54)
        #expect(Array(names[2...4]) == ["SDA1", "SCL1", "GPIO_GCLK"])
        #expect(Array(names[7...11]) == ["SPI_CE1_N", "SPI_CE0_N", "SPI_MISO", "SPI_MOSI", "SPI_SCLK"])
        #expect(Array(names[14...17]) == ["TXD1", "RXD1", "GPIO16", "GPIO17"])
        let plus = try #require(BoardProfile.named("pi3plus"))
        #expect(plus.headerController.lineNames[2] == "GPIO2")
        #expect(plus.chips.map(\.info.label) == ["pinctrl-bcm2835", "raspberrypi-exp-gpio"])
        let zero = try #require(BoardProfile.named("zero2"))
        #expect(zero.chips.map(\.info.label) == ["pinctrl-bcm2835"])
        #expect(zero.headerController.lineNames[4] == "GPIO4")
        #expect(zero.headerController.lineNames[40] == "CAM_GPIO1")
    }

    @Test("a chip of another Pi is no add-on")
    func foreignChips() throws {
        let pi4 = try #require(BoardProfile.named("pi4"))
        #expect(pi4.foreignChip(.label("pinctrl-rp1")) == "pinctrl-rp1 is a chip of the Raspberry Pi 5, not of the Raspberry Pi 4 Model B")
        #expect(pi4.foreignChip(.label("pinctrl-bcm2711")) == nil)
        #expect(pi4.foreignChip(.name("gpiochip2")) == nil)
        let zero = try #require(BoardProfile.named("zero2"))
        #expect(zero.foreignChip(.label("raspberrypi-exp-gpio"))?.hasPrefix(
            "raspberrypi-exp-gpio is a chip of the Raspberry Pi 3 Model B, Raspberry Pi 3 Model B+ and Raspberry Pi 4 Model B") == true)
    }

    @Test("the header maps physical pins to GPIOs: PIN11 is GPIO17, PIN12 GPIO18, PIN27 ID_SD")
    func headerMap() {
        let header = PinHeader.raspberryPi
        #expect(header.pins.count == 40)
        #expect(header.gpio(ofPin: 11) == 17)
        #expect(header.gpio(ofPin: 12) == 18)
        #expect(header.gpio(ofPin: 3) == 2)
        #expect(header.gpio(ofPin: 40) == 21)
        #expect(header.gpio(ofPin: 27) == 0)
        #expect(header.gpio(ofPin: 28) == 1)
        #expect(header.pin(ofGPIO: 18) == 12)
        #expect(header.pin(ofGPIO: 28) == nil)
        // Every GPIO 0 to 27 is on exactly one pin.
        #expect(Set((1...40).compactMap(header.gpio(ofPin:))) == Set(0...27))
        #expect(header.pin(0) == nil)
        #expect(header.pin(41) == nil)
    }

    @Test("power and ground pins are refused, naming what they are and the GPIO pins next to them",
          arguments: [1, 2, 4, 6, 9, 14, 17, 20, 25, 30, 34, 39])
    func powerPinsRefused(pin: Int) throws {
        let refusal = try #require(PinHeader.raspberryPi.refusal(ofPin: pin))
        #expect(refusal.message.hasPrefix("PIN\(pin) is not a GPIO: pin \(pin) of the 40-pin header is "))
        #expect(refusal.hint.hasPrefix("the GPIO pins next to it are PIN"))
    }

    @Test("the refusals say what a pin is")
    func refusalWording() {
        let header = PinHeader.raspberryPi
        #expect(header.refusal(ofPin: 1)?.message == "PIN1 is not a GPIO: pin 1 of the 40-pin header is 3.3 V power")
        #expect(header.refusal(ofPin: 1)?.hint == "the GPIO pins next to it are PIN3 (GPIO2)")
        #expect(header.refusal(ofPin: 6)?.message == "PIN6 is not a GPIO: pin 6 of the 40-pin header is ground")
        #expect(header.refusal(ofPin: 6)?.hint
            == "the GPIO pins next to it are PIN3 (GPIO2), PIN5 (GPIO3), PIN7 (GPIO4), PIN8 (GPIO14)")
        #expect(header.refusal(ofPin: 41)?.message == "PIN41 is not on the 40-pin header: its pins are PIN1 to PIN40")
        #expect(header.refusal(ofPin: 11) == nil)
        #expect(header.refusal(ofPin: 27) == nil)
    }

    @Test("PIN and a number is a header pin; anything else is a name")
    func headerPinLocator() {
        #expect(LineLocator("PIN11") == .headerPin(11))
        #expect(LineLocator("pin11") == .name("pin11"))
        #expect(LineLocator("PIN") == .name("PIN"))
        #expect(LineLocator("PIN1A") == .name("PIN1A"))
        #expect(LineLocator("PIN11").description == "PIN11")
    }

    @Test("a header pin resolves on the header controller only")
    func headerPinOnChips() throws {
        let clock = VirtualSimulationClock()
        let backend = SimulatedBackend.board(try #require(BoardProfile.named("pi4")), clock: clock)
        let header = try backend.openChip(.label("pinctrl-bcm2711"))
        #expect(try header.lineOffset(.headerPin(11)) == 17)
        #expect(try header.lineOffset(.headerPin(27)) == 0)
        let power = #expect(throws: GPIOError.self) { try header.lineOffset(.headerPin(2)) }
        #expect(power?.message == "PIN2 is not a GPIO: pin 2 of the 40-pin header is 5 V power")
        let expander = try backend.openChip(.label("raspberrypi-exp-gpio"))
        let off = #expect(throws: GPIOError.self) { try expander.lineOffset(.headerPin(11)) }
        #expect(off?.kind == .lineNotFound)
        #expect(off?.message
            == "PIN11 names a pin of the Raspberry Pi's 40-pin header, and gpiochip1 [raspberrypi-exp-gpio] is not the header's controller")
        #expect(backend.simulatedChip(.label("pinctrl-bcm2711"))?.offset(of: .headerPin(12)) == 18)
        #expect(backend.simulatedChip(.label("raspberrypi-exp-gpio"))?.offset(of: .headerPin(12)) == nil)
    }

    @Test("a simulated board has the board's chips and names; raspberryPi(clock:) is the Pi 4's header")
    func simulatedBoard() throws {
        let clock = VirtualSimulationClock()
        let pi5 = SimulatedBackend.board(try #require(BoardProfile.named("pi5")), clock: clock)
        #expect(try pi5.chips().map(\.name) == ["gpiochip0", "gpiochip10", "gpiochip11", "gpiochip12", "gpiochip13"])
        let rp1 = try pi5.openChip(.label("pinctrl-rp1"))
        #expect(try rp1.lineOffset(.name("GPIO17")) == 17)
        let wrong = #expect(throws: GPIOError.self) { try rp1.lineOffset(.name("GPIO40")) }
        #expect(wrong?.message == "no line named 'GPIO40' on gpiochip0 [pinctrl-rp1]")
        let pi = SimulatedBackend.raspberryPi(clock: clock)
        #expect(try pi.chips() == [BoardProfile.pi4.headerController.info])
        #expect(pi.simulatedChips[0].offset(of: .name("CTS0")) == 30)
    }
}
