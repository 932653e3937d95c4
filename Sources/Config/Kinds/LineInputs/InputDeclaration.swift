import GPIO

/// `inputs: NAME: { chip, line, active, bias, debounce }`.
public struct InputDeclaration: Hashable, Sendable {
    public var name: String
    /// The name of a `ChipDeclaration`.
    public var chip: String
    public var line: LineLocator
    public var activeLow: Bool
    public var bias: Bias
    public var debounce: Debounce
    /// Home Assistant's `device_class`, passed through to discovery.
    public var deviceClass: String?
    /// `name:`: the name people read (Home Assistant's entity name); nil shows the
    /// identifier made readable (`HomeAssistantEntityName`). Not an identifier: topics,
    /// references and entity ids keep `name`.
    public var displayName: String? = nil
    /// `internal: true`: kept out of MQTT and Home Assistant (no entity, no state or
    /// command topic); the graph, the log, `status` and `why` see it as any other node.
    public var isInternal = false
    /// Where the input's name is written.
    public var location: SourceLocation
    /// Where its `line:` value is written (`location` when there is none to point at).
    public var lineLocation: SourceLocation

    public init(name: String, chip: String, line: LineLocator, activeLow: Bool = false,
                bias: Bias = .asIs, debounce: Debounce = .none, deviceClass: String? = nil, location: SourceLocation,
                lineLocation: SourceLocation? = nil) {
        self.name = name
        self.chip = chip
        self.line = line
        self.activeLow = activeLow
        self.bias = bias
        self.debounce = debounce
        self.deviceClass = deviceClass
        self.location = location
        self.lineLocation = lineLocation ?? location
    }
}
