/// `inputs: NAME: { command: true, initial: off, persist: true }`: an input with no
/// line, set over MQTT (`<prefix>/<node>/NAME/set`), by Home Assistant or with
/// `gpioagg set NAME on|off|toggle`. `command: press` makes it momentary: pressed, never
/// set (`gpioagg set NAME press`, `PRESS` on its `/set`, Home Assistant's button).
public struct CommandInputDeclaration: Hashable, Sendable {
    public var name: String
    /// `command: press`: each press activates it once, on and off in one instant, as a
    /// click does; only what reacts to activations may read it. Never a number.
    public var momentary = false
    /// Its value at start, when none was kept.
    public var initial: Bool
    /// The value survives a restart.
    public var persist: Bool
    public var deviceClass: String?
    /// `type: number`: its range, unit and filters (`initial` is then unused); nil for
    /// a level (`type: level`, the default).
    /// `name:`: the name people read (Home Assistant's entity name); nil shows the
    /// identifier made readable (`HomeAssistantEntityName`). Not an identifier: topics,
    /// references and entity ids keep `name`.
    public var displayName: String? = nil
    /// `internal: true`: kept out of MQTT and Home Assistant (no entity, no state or
    /// command topic); the graph, the log, `status` and `why` see it as any other node.
    public var isInternal = false
    public var number: NumberCommandDeclaration?
    public var location: SourceLocation

    public init(name: String, initial: Bool = false, persist: Bool = false, deviceClass: String? = nil,
                number: NumberCommandDeclaration? = nil, location: SourceLocation) {
        self.name = name
        self.initial = initial
        self.persist = persist
        self.deviceClass = deviceClass
        self.number = number
        self.location = location
    }
}
