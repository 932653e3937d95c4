import Values

extension SimAction {
    /// What `command` does to a simulated input: the line commands `on`, `off` and
    /// `toggle` are a command input's `set` words. A press moves no line: nil (a pressed
    /// input is pressed through the engine).
    ///
    /// ```swift
    /// SimAction(SetCommand.on)       // .set(true)
    /// SimAction(SetCommand.toggle)   // .toggle
    /// SimAction(SetCommand.press)    // nil
    /// ```
    public init?(_ command: SetCommand) {
        switch command {
        case .on: self = .set(true)
        case .off: self = .set(false)
        case .toggle: self = .toggle
        case .press: return nil
        }
    }
}
