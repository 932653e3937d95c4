import Values

extension SetCommand {
    /// What a payload on a command input's `/set` topic asks for: a `SetCommand` word
    /// (`ON`, `OFF`, `TOGGLE`, `true`, `1`...) in any case, with spaces, tabs and line ends
    /// around it ignored. Home Assistant's switch sends `ON` and `OFF` (its defaults,
    /// written out in every discovery config).
    ///
    /// A command input has no `payload_on`/`payload_off` of its own: those are a remote
    /// input's, for a device whose words differ; what sends to `/set` is a person, a
    /// script or Home Assistant, and they all speak the level words.
    ///
    /// ```swift
    /// SetCommand(payload: "toggle")     // .toggle
    /// SetCommand(payload: "ON\r\n")     // .on
    /// SetCommand(payload: "yes")        // nil
    /// ```
    public init?(payload: String) {
        self.init(payload.trimmingSpacesAndLineEnds)
    }
}
