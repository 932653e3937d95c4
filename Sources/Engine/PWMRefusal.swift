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

    public var description: String { message }
}
