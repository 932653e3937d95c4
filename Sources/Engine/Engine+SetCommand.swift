import Values

extension Engine {
    /// Sets the command input `name` as `command` says (`gpioagg set`, its MQTT `/set`
    /// topic); its new level (off after a press), nil when the engine is not running or
    /// has no such input. A command the input does not take (`SetCommand.applies(toMomentary:)`:
    /// `press` on an input with a level, `on` on a pressed one) changes nothing; callers
    /// refuse it first, with `SetCommand.takes(momentary:name:)`.
    ///
    /// ```swift
    /// engine.setInput("override", .toggle)   // the new level
    /// engine.setInput("gate_open", .press)   // false: pressed, and off again
    /// ```
    @discardableResult
    func setInput(_ name: String, _ command: SetCommand) -> Bool? {
        switch command {
        case .on: setInput(name, to: true)
        case .off: setInput(name, to: false)
        case .toggle: setInput(name, toggle: true)
        case .press: pressInput(name).map { _ in value(ofInput: name) ?? false }
        }
    }
}
