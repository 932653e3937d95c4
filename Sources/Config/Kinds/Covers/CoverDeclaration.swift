/// `covers: NAME: { ... }`: a garage door, a gate or blinds, shown in Home Assistant as
/// a `cover` (`OPEN`, `CLOSE`, `STOP`, a position), driving outputs no other node
/// drives.
///
/// ```yaml
/// covers:
///   garage_door: { relay: door_relay, closed: door_closed, open: door_open, travel: 15s, device_class: garage }
///   blinds:      { up: blinds_up, down: blinds_down, travel: 20s, device_class: blind }
/// ```
public struct CoverDeclaration: Hashable, Sendable {
    /// How the cover is moved.
    public enum Drive: Hashable, Sendable {
        /// A garage door opener's push button: `relay` is an output with `pulse:`, each
        /// pulse moves or stops the door (open, stop, close, stop, ...).
        case relay(String)
        /// Two motor outputs held on while moving, kept apart by an interlock that
        /// lists both; `wait` is that interlock's wait, which a change of direction
        /// goes through.
        case motors(up: String, down: String, wait: Duration)
    }

    public var name: String
    public var drive: Drive
    /// An input or a level signal that is on while the cover is closed (required with
    /// a relay, optional with motors).
    public var closed: String?
    /// An input or a level signal that is on while the cover is fully open.
    public var open: String?
    /// How long a full move takes: with a relay and no `open:`, how long the door is
    /// reported opening after it leaves closed; with motors, what the position is
    /// reckoned from.
    public var travel: Duration
    /// Home Assistant's `device_class` (one of `HomeAssistantComponent.cover`'s classes).
    public var deviceClass: String?
    /// The name people read (`name:`); nil: made of the identifier.
    public var displayName: String?
    /// `internal: true`: kept out of MQTT and Home Assistant (no entity, no state or
    /// command topic); the graph, the log, `status` and `why` see it as any other node.
    public var isInternal = false
    public var location: SourceLocation

    public init(name: String, drive: Drive, closed: String? = nil, open: String? = nil, travel: Duration,
                deviceClass: String? = nil, displayName: String? = nil, location: SourceLocation) {
        self.name = name
        self.drive = drive
        self.closed = closed
        self.open = open
        self.travel = travel
        self.deviceClass = deviceClass
        self.displayName = displayName
        self.location = location
    }

    /// The outputs the cover drives: its relay, or its up and down motors.
    public var outputs: [String] {
        switch drive {
        case .relay(let relay): [relay]
        case .motors(let up, let down, _): [up, down]
        }
    }

    /// Whether the cover reckons a position (two motors).
    public var hasPosition: Bool {
        if case .motors = drive { return true }
        return false
    }
}
