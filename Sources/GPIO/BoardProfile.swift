/// The GPIO chips a Raspberry Pi board has, as its kernel shows them: each chip's kernel
/// name, label and line names, and the 40-pin header. Plain data, for checking a config
/// against a board without the board (`gpioagg check --board pi4`) and for simulating
/// the board faithfully (`gpioagg --simulate --board pi4`).
///
/// ```swift
/// let pi4 = BoardProfile.named("pi4")!
/// pi4.headerController.info.label        // "pinctrl-bcm2711"
/// pi4.headerController.lineNames[17]     // "GPIO17"
/// pi4.header.gpio(ofPin: 11)             // 17
/// ```
public struct BoardProfile: Hashable, Sendable {
    /// One chip of the board.
    public struct Chip: Hashable, Sendable {
        public let info: ChipInfo
        /// One per line, in offset order; empty for a line the device tree leaves
        /// unnamed (`"-"` is a name the kernel shows as it is).
        public let lineNames: [String]

        public init(name: String, label: String, lineNames: [String]) {
            info = ChipInfo(path: "/dev/\(name)", name: name, label: label, lineCount: lineNames.count)
            self.lineNames = lineNames
        }
    }

    /// What `--board` takes: `pi4`.
    public let name: String
    /// `Raspberry Pi 4 Model B`.
    public let model: String
    /// In chip-number order.
    public let chips: [Chip]
    public let header: PinHeader
    /// Chip names this board's chips had under earlier kernels, with what they were:
    /// a config may still name them.
    public let formerChipNames: [String: String]
    /// The types of the board's own thermal zones (`/sys/class/thermal/thermal_zoneN/type`),
    /// the SoC's thermometer, which needs no overlay: a sensor input reads one as
    /// `{ thermal: cpu-thermal }`, and `gpioagg detect --simulate --board` lists them.
    public let thermalZones: [String]
    /// The PWM controllers the header's pins can reach (`/sys/class/pwm`), each by its
    /// device name; empty where no profile says.
    public let pwmControllers: [PWMControllerProfile]

    public init(name: String, model: String, chips: [Chip], header: PinHeader = .raspberryPi,
                formerChipNames: [String: String] = [:], thermalZones: [String] = [],
                pwmControllers: [PWMControllerProfile] = []) {
        self.name = name
        self.model = model
        self.chips = chips
        self.header = header
        self.formerChipNames = formerChipNames
        self.thermalZones = thermalZones
        self.pwmControllers = pwmControllers
    }

    /// The chip that drives the 40-pin header. Every profile has one.
    public var headerController: Chip {
        chips.first { header.isController($0.info) }!
    }

    /// The board's chip a locator names, if the board has it.
    public func chip(_ locator: ChipLocator) -> Chip? {
        chips.first { locator.matches($0.info) }
    }

    /// Every profile, in the order `--board` lists them.
    public static let all: [BoardProfile] = [pi3, pi3plus, pi4, pi5, zero2]

    /// The profile `--board` names (`pi3`, `pi3plus`, `pi4`, `pi5`, `zero2`), nil for
    /// any other word.
    public static func named(_ name: String) -> BoardProfile? {
        all.first { $0.name == name }
    }

    /// Why `locator` cannot be an add-on chip on this board, nil when it can: a label
    /// of another Raspberry Pi's own chip (`pinctrl-rp1` on a Pi 4), or a chip name
    /// this board's kernels no longer use (`gpiochip4` on a Pi 5). A label or name the
    /// board does not know otherwise may be an expander's.
    ///
    /// ```swift
    /// BoardProfile.named("pi4")!.foreignChip(.label("pinctrl-rp1"))
    /// // "pinctrl-rp1 is a chip of the Raspberry Pi 5, not of the Raspberry Pi 4 Model B"
    /// ```
    public func foreignChip(_ locator: ChipLocator) -> String? {
        guard chip(locator) == nil else { return nil }
        switch locator {
        case .label(let label):
            let owners = Self.all.filter { $0.chips.contains { $0.info.label == label } }.map(\.model)
            guard !owners.isEmpty else { return nil }
            return "\(label) is a chip of the \(Self.listed(owners)), not of the \(model)"
        case .name(let name):
            return formerChipNames[name].map { "\(name) is \($0)" }
        case .path(let path):
            guard path.hasPrefix("/dev/"), let former = formerChipNames[String(path.dropFirst(5))] else { return nil }
            return "\(path) is \(former)"
        }
    }

    /// `gpiochip0 [pinctrl-bcm2711], gpiochip1 [raspberrypi-exp-gpio]`.
    public var chipNames: String {
        chips.map { "\($0.info.name) [\($0.info.label)]" }.joined(separator: ", ")
    }

    private static func listed(_ words: [String]) -> String {
        words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + words.last!
    }
}
