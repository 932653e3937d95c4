/// `chips: NAME: { label: ... }`: a GPIO chip by one locator, or a PWM controller by `pwm:`.
enum ChipSchema: ConfigSchema {
    static let title = "a chip"
    static let section = "chips"
    static let documentedUnder = ["## Chips"]
    static let example = "label: pinctrl-bcm2711"
    /// Each is a locator: a chip has exactly one.
    static let keys = [
        ConfigKey("label", "pinctrl-bcm2711", "the GPIO chip's driver label, stable across kernels"),
        ConfigKey("path", "/dev/gpiochip0", "the GPIO chip's device path"),
        ConfigKey("name", "gpiochip0", "the kernel's GPIO chip name"),
        ConfigKey("pwm", "pwmchip0", "a PWM controller, by its device name or pwmchipN"),
    ]
}
