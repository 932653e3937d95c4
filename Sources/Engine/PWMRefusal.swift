import Config

/// Why a PWM output did not take a command: a percentage outside 0 to 100, or a word it
/// has no use for (`press`, a cover's `open`). What `gpioagg set`, its MQTT `/set` and
/// `set:` in a test file answer.
///
/// ```swift
/// engine.setPWMOutput("strip", .number(140))
/// // .failure: 'strip' takes 0 to 100 (%), on, off or toggle, not 140
/// ```
public struct PWMRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    /// `'strip' takes 0 to 100 (%), on, off or toggle, not WHAT`.
    static func takes(_ name: String, not what: String) -> PWMRefusal {
        PWMRefusal("'\(name)' takes 0 to 100 (%), on, off or toggle, not \(what)")
    }

    /// `'fan' is a PWM output that follows fan_speed: only outputs with command: true can
    /// be set`: what setting one without `command: true` is answered.
    public static func takesNoCommand(_ output: PWMOutputDeclaration) -> PWMRefusal {
        PWMRefusal("'\(output.name)' is a PWM output that follows \(output.follows ?? "nothing"): "
            + "only outputs with command: true can be set")
    }

    public var description: String { message }
}
