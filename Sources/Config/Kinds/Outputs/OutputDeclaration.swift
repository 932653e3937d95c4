import GPIO

/// `outputs: NAME: { chip, line, follows, initial, safe, active, drive, command }`.
public struct OutputDeclaration: Hashable, Sendable {
    public var name: String
    public var chip: String
    public var line: LineLocator
    /// The name of a signal or an input; nil for a command output that only commands set
    /// and for an output a cover drives (`covers:`).
    public var follows: String?
    /// `command: true`: commands set it too (`gpioagg set NAME on|off|toggle`, its MQTT
    /// `/set`, Home Assistant's switch). With `follows`, a command holds until what it
    /// follows next changes; without, only commands set it.
    public var command = false
    /// Logical value written when the line is requested, before any input is read.
    public var initial: Bool
    /// Logical value written on stop, on reload when the output goes away, and when
    /// anything fails.
    public var safe: Bool
    public var activeLow: Bool
    public var drive: Drive
    /// `initial: restore`: the value the output had when gpioagg last ran, kept across
    /// restarts and crashes; `initial` is used when none was kept.
    public var restore: Bool
    /// `pulse`: each activation of what it follows turns it on for this long (a new
    /// activation during the pulse starts it again).
    public var pulse: Duration?
    /// `max_on`: it turns off after this long on, and stays off until what it follows
    /// has been off.
    public var maxOn: Duration?
    /// Home Assistant's `device_class` for the output's entity, passed through to discovery.
    public var deviceClass: String?
    /// `name:`: the name people read (Home Assistant's entity name); nil shows the
    /// identifier made readable (`HomeAssistantEntityName`). Not an identifier: topics,
    /// references and entity ids keep `name`.
    public var displayName: String? = nil
    /// `override: true`: set by hand to `auto` (it follows `follows:`), `on` or `off`,
    /// which hold until someone chooses again.
    public var override = false
    /// `internal: true`: kept out of MQTT and Home Assistant (no entity, no state or
    /// command topic); the graph, the log, `status` and `why` see it as any other node.
    public var isInternal = false
    /// Where the output's name is written.
    public var location: SourceLocation
    /// Where its `line:` value is written (`location` when there is none to point at).
    public var lineLocation: SourceLocation

    public init(name: String, chip: String, line: LineLocator, follows: String?,
                initial: Bool = false, safe: Bool = false, activeLow: Bool = false,
                drive: Drive = .pushPull, restore: Bool = false, pulse: Duration? = nil, maxOn: Duration? = nil,
                deviceClass: String? = nil, location: SourceLocation, lineLocation: SourceLocation? = nil) {
        self.name = name
        self.chip = chip
        self.line = line
        self.follows = follows
        self.initial = initial
        self.safe = safe
        self.activeLow = activeLow
        self.drive = drive
        self.restore = restore
        self.pulse = pulse
        self.maxOn = maxOn
        self.deviceClass = deviceClass
        self.location = location
        self.lineLocation = lineLocation ?? location
    }
}
