/// Where to find a GPIO chip: the way a user names it in a config file or on the command
/// line.
///
/// Labels are the stable way to name a chip: chip numbers move between kernels and boards
/// (the Raspberry Pi 5's header lines are on `gpiochip4` under some kernels and
/// `gpiochip0` under others), the label `pinctrl-rp1` does not.
///
/// ```swift
/// ChipLocator("/dev/gpiochip0")   // .path("/dev/gpiochip0")
/// ChipLocator("gpiochip0")        // .name("gpiochip0")
/// ChipLocator("pinctrl-bcm2711")  // .label("pinctrl-bcm2711")
/// ```
public enum ChipLocator: Hashable, Sendable, CustomStringConvertible {
    /// A character device path such as `/dev/gpiochip0`.
    case path(String)
    /// The kernel's device name such as `gpiochip0`.
    case name(String)
    /// The driver's label such as `pinctrl-bcm2711`.
    case label(String)

    /// Reads the common spelling: a path if it contains `/`, a name if it is `gpiochip`
    /// followed by digits, otherwise a label.
    public init(_ text: String) {
        if text.contains("/") {
            self = .path(text)
        } else if text.hasPrefix("gpiochip"), text.count > 8,
                  text.dropFirst(8).allSatisfy(\.isASCIIDigit) {
            self = .name(text)
        } else {
            self = .label(text)
        }
    }

    public var description: String {
        switch self {
        case .path(let path): return path
        case .name(let name): return name
        case .label(let label): return "label '\(label)'"
        }
    }

    /// Whether `chip` is the chip this locator names.
    public func matches(_ chip: ChipInfo) -> Bool {
        switch self {
        case .path(let path): return chip.path == path
        case .name(let name): return chip.name == name
        case .label(let label): return chip.label == label
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
