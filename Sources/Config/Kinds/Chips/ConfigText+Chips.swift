import GPIO

/// A GPIO chip's locator as a config file writes it.
extension ConfigText {
    /// `label pinctrl-bcm2711`, `path /dev/gpiochip0` or `name gpiochip0`.
    public static func chip(_ locator: ChipLocator) -> String {
        switch locator {
        case .label(let label): return "label \(label)"
        case .path(let path): return "path \(path)"
        case .name(let name): return "name \(name)"
        }
    }
}
