import GPIO
import HomeAssistantClasses
import Values

/// Values spelled the way a config file writes them, for `gpioagg check`, logs and error
/// messages: what people read matches what they typed.
///
/// ```swift
/// ConfigText.chip(.label("pinctrl-bcm2711"))          // "label pinctrl-bcm2711"
/// ConfigText.debounce(Debounce(.stable, period: .milliseconds(10)))   // "stable 10ms"
/// ConfigText.expression(.atLeast(count: 2, of: ["a", "b", "c"]))
///                                  // "at_least: { count: 2, of: [a, b, c] }"
/// ```
///
/// Each kind's own values are spelled in its folder under `Kinds/` (`ConfigText+Signals`,
/// `ConfigText+PWM`, ...); the values every kind shares are here.
public enum ConfigText {
    /// `10ms`, `1.5ms`, `3m`, `1h30m`: as people write it (`ReadableDuration`).
    public static func duration(_ duration: Duration) -> String {
        ReadableDuration.format(duration)
    }

    /// `on` or `off`.
    public static func onOff(_ value: Bool) -> String {
        LevelWord.word(for: value)
    }

    /// A number as a config file writes it, in its shortest form: `28`, `-0.4`, `2.5e-07`.
    public static func decimal(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
