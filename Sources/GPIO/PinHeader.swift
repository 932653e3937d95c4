/// One pin of a pin header: a GPIO line, a power rail, or ground.
public enum HeaderPin: Hashable, Sendable {
    /// The SoC's GPIO of that number (BCM numbering on a Raspberry Pi).
    case gpio(UInt32)
    /// A supply rail: `"3.3 V"`, `"5 V"`.
    case power(String)
    case ground
}

/// The Raspberry Pi's 40-pin header: which GPIO each physical pin carries. It is the
/// same on every 40-pin Pi (the Pi 3, 4, 5 and the Zero 2 W among them), and on each
/// the header controller's offset N is GPIO N.
///
/// ```swift
/// let header = PinHeader.raspberryPi
/// header.pin(11)          // .gpio(17)
/// header.pin(1)           // .power("3.3 V")
/// header.pin(ofGPIO: 18)  // 12
/// ```
public struct PinHeader: Hashable, Sendable {
    /// Pin 1 first.
    public let pins: [HeaderPin]
    /// The labels of the chips that drive this header, one per board family.
    public let controllerLabels: Set<String>

    public init(pins: [HeaderPin], controllerLabels: Set<String>) {
        self.pins = pins
        self.controllerLabels = controllerLabels
    }

    /// Pin 1 is the square pad, odd pins on the inner row. As on pinout.xyz and the
    /// Raspberry Pi documentation's GPIO page.
    public static let raspberryPi = PinHeader(
        pins: [
            .power("3.3 V"), .power("5 V"),   // 1, 2
            .gpio(2), .power("5 V"),          // 3, 4
            .gpio(3), .ground,                // 5, 6
            .gpio(4), .gpio(14),              // 7, 8
            .ground, .gpio(15),               // 9, 10
            .gpio(17), .gpio(18),             // 11, 12
            .gpio(27), .ground,               // 13, 14
            .gpio(22), .gpio(23),             // 15, 16
            .power("3.3 V"), .gpio(24),       // 17, 18
            .gpio(10), .ground,               // 19, 20
            .gpio(9), .gpio(25),              // 21, 22
            .gpio(11), .gpio(8),              // 23, 24
            .ground, .gpio(7),                // 25, 26
            .gpio(0), .gpio(1),               // 27, 28: ID_SD, ID_SC (the HAT EEPROM)
            .gpio(5), .ground,                // 29, 30
            .gpio(6), .gpio(12),              // 31, 32
            .gpio(13), .ground,               // 33, 34
            .gpio(19), .gpio(16),             // 35, 36
            .gpio(26), .gpio(20),             // 37, 38
            .ground, .gpio(21),               // 39, 40
        ],
        controllerLabels: ["pinctrl-bcm2835", "pinctrl-bcm2711", "pinctrl-rp1"])

    /// The pin of that physical number, nil outside 1 to `pins.count`.
    public func pin(_ number: Int) -> HeaderPin? {
        (1...pins.count).contains(number) ? pins[number - 1] : nil
    }

    /// The GPIO a pin carries, nil for power, ground and numbers off the header.
    public func gpio(ofPin number: Int) -> UInt32? {
        if case .gpio(let gpio)? = pin(number) { return gpio }
        return nil
    }

    /// The physical pin carrying a GPIO, nil when the GPIO is not on the header.
    public func pin(ofGPIO gpio: UInt32) -> Int? {
        pins.firstIndex(of: .gpio(gpio)).map { $0 + 1 }
    }

    /// Whether `chip` drives this header: its offset N is then GPIO N.
    public func isController(_ chip: ChipInfo) -> Bool {
        controllerLabels.contains(chip.label)
    }

    /// The offset on `chip` of header pin `number`: its GPIO, when `chip` is the
    /// header's controller.
    ///
    /// ```swift
    /// try PinHeader.raspberryPi.offset(ofPin: 11, on: pi4Header)   // 17
    /// ```
    public func offset(ofPin number: Int, on chip: ChipInfo) throws(GPIOError) -> UInt32 {
        guard let gpio = gpio(ofPin: number) else { throw GPIOError(.headerPinNotGPIO(pin: number)) }
        guard isController(chip) else { throw GPIOError(.headerPinOffController(chip: chip, pin: number)) }
        guard gpio < chip.lineCount else { throw GPIOError(.lineOffsetOutOfRange(chip: chip, offset: gpio)) }
        return gpio
    }

    /// Why pin `number` cannot be a line (power, ground, off the header), with what to
    /// write instead; nil for a GPIO pin.
    ///
    /// ```swift
    /// PinHeader.raspberryPi.refusal(ofPin: 1)
    /// // ("PIN1 is not a GPIO: pin 1 of the 40-pin header is 3.3 V power",
    /// //  "the GPIO pins next to it are PIN3 (GPIO2)")
    /// ```
    public func refusal(ofPin number: Int) -> (message: String, hint: String)? {
        let header = "the \(pins.count)-pin header"
        switch pin(number) {
        case .gpio?:
            return nil
        case .power(let volts)?:
            return ("PIN\(number) is not a GPIO: pin \(number) of \(header) is \(volts) power", neighbours(of: number))
        case .ground?:
            return ("PIN\(number) is not a GPIO: pin \(number) of \(header) is ground", neighbours(of: number))
        case nil:
            return ("PIN\(number) is not on \(header): its pins are PIN1 to PIN\(pins.count)",
                    "write the physical pin's number, e.g. PIN11 for GPIO17")
        }
    }

    /// The GPIO pins in the same row and the rows above and below (the header has two
    /// columns: odd pins in one, even in the other).
    private func neighbours(of number: Int) -> String {
        let row = (number - 1) / 2
        let near = ((row - 1) * 2 + 1...(row + 1) * 2 + 2).compactMap { candidate -> String? in
            guard candidate != number, let gpio = gpio(ofPin: candidate) else { return nil }
            return "PIN\(candidate) (GPIO\(gpio))"
        }
        return "the GPIO pins next to it are " + near.joined(separator: ", ")
    }
}
