import Values

extension SimAction {
    /// What `command` does to a simulated input: the line commands `on`, `off` and
    /// `toggle` are a command input's `set` words.
    ///
    /// ```swift
    /// SimAction(SetCommand.on)       // .set(true)
    /// SimAction(SetCommand.toggle)   // .toggle
    /// ```
    public init(_ command: SetCommand) {
        switch command {
        case .on: self = .set(true)
        case .off: self = .set(false)
        case .toggle: self = .toggle
        }
    }
}
