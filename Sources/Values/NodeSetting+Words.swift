extension NodeSetting {
    /// The words a set of such a node takes (`gpioagg set NAME WORD`), in the order a
    /// front-end offers them; empty when it takes none (not settable, or a number only).
    ///
    /// ```swift
    /// NodeSetting.command.words     // ["on", "off", "toggle"]
    /// NodeSetting.override.words    // ["auto", "on", "off"]
    /// ```
    public var words: [String] {
        switch self {
        case .none, .number, .total: []
        case .command, .duty: ["on", "off", "toggle"]
        case .press: ["press"]
        case .cover: ["open", "close", "stop"]
        case .override: ["auto", "on", "off"]
        }
    }
}
