import Values

extension SimAction {
    /// What `gpioagg sim set NAME VALUE` and the line command `set NAME VALUE` write: a
    /// decimal number (`1` and `0` among them: `forLevel` makes them on and off),
    /// `unavailable` (any ASCII case), or a level word; nil for anything else.
    ///
    /// ```swift
    /// SimAction(setting: "27.5")          // .number(27.5)
    /// SimAction(setting: "unavailable")   // .unavailable
    /// SimAction(setting: "on")            // .set(true)
    /// SimAction(setting: "1")             // .number(1)
    /// ```
    public init?(setting text: String) {
        if let number = DecimalText.parse(text) {
            self = .number(number)
        } else if text.asciiLowercased == "unavailable" {
            self = .unavailable
        } else if let level = LevelWord.level(of: text) {
            self = .set(level)
        } else {
            return nil
        }
    }
}
