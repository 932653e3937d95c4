import Values

extension Engine {
    /// Sets the command input `name` as `command` says (`gpioagg set`, its MQTT `/set`
    /// topic); its new level, nil when the engine is not running or has no such input.
    ///
    /// ```swift
    /// engine.setInput("override", .toggle)   // the new level
    /// ```
    @discardableResult
    public func setInput(_ name: String, _ command: SetCommand) -> Bool? {
        switch command {
        case .on: setInput(name, to: true)
        case .off: setInput(name, to: false)
        case .toggle: setInput(name, toggle: true)
        }
    }
}
