import Values

extension CoverCommand {
    /// What a payload on a cover's `/set` topic asks for: `OPEN`, `CLOSE` or `STOP`
    /// (Home Assistant's payloads, written out in every cover's discovery config) in any
    /// case, with spaces, tabs and line ends around it ignored; nil for anything else, a
    /// position included (positions come on the position topic).
    ///
    /// ```swift
    /// CoverCommand(commandPayload: "OPEN")     // .open
    /// CoverCommand(commandPayload: "stop\n")   // .stop
    /// CoverCommand(commandPayload: "40")       // nil
    /// ```
    public init?(commandPayload payload: String) {
        guard let command = Self.word(payload) else { return nil }
        self = command
    }

    /// What a payload on a cover's position topic (`<name>/position/set`) asks for: a
    /// decimal position from 0 (closed) to 100 (open), as Home Assistant sends it (`40`),
    /// spaces and line ends around it ignored; nil for anything else, the words included.
    ///
    /// ```swift
    /// CoverCommand(positionPayload: "40")      // .position(40)
    /// CoverCommand(positionPayload: "101")     // nil
    /// CoverCommand(positionPayload: "OPEN")    // nil
    /// ```
    public init?(positionPayload payload: String) {
        guard case .position(let position)? = CoverCommand(payload.trimmingSpacesAndLineEnds) else { return nil }
        self = .position(position)
    }
}
