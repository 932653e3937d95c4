/// `inputs: NAME: { topic: gpioagg/shed/door_open, fallback: off }`: an input that
/// follows the retained value another publisher keeps on an MQTT topic (another
/// gpioagg node's value, a sensor's), and takes `fallback` while that is not known.
public struct RemoteInputDeclaration: Hashable, Sendable {
    public var name: String
    public var topic: String
    public var fallback: Bool
    /// The payloads that mean on and off besides the level words (`LevelWord`: `ON`/`OFF`,
    /// `true`/`false`, `1`/`0`, any case): checked first, exactly as written.
    public var payloadOn: String?
    public var payloadOff: String?
    public var deviceClass: String?
    /// `hold:`: how long the last value is kept through a loss of the broker or of the
    /// publisher's `online`, before the fallback (zero: the fallback at once).
    public var hold: Duration
    /// `type: number`: the payload is a decimal number, the fallback a number or
    /// unavailable (`fallback`, `payloadOn` and `payloadOff` are then unused); nil for a
    /// level.
    /// `name:`: the name people read (Home Assistant's entity name); nil shows the
    /// identifier made readable (`HomeAssistantEntityName`). Not an identifier: topics,
    /// references and entity ids keep `name`.
    public var displayName: String? = nil
    /// `internal: true`: kept out of MQTT and Home Assistant (no entity, no state or
    /// command topic); the graph, the log, `status` and `why` see it as any other node.
    public var isInternal = false
    public var number: NumberRemoteDeclaration?
    public var location: SourceLocation
    public var topicLocation: SourceLocation

    /// The hold when `hold:` is not given: long enough for a broker or a board to
    /// restart, short enough that a board that is gone is noticed.
    public static let defaultHold = Duration.seconds(30)

    public init(name: String, topic: String, fallback: Bool = false, payloadOn: String? = nil,
                payloadOff: String? = nil, deviceClass: String? = nil, hold: Duration = defaultHold,
                number: NumberRemoteDeclaration? = nil, location: SourceLocation, topicLocation: SourceLocation? = nil) {
        self.name = name
        self.topic = topic
        self.fallback = fallback
        self.payloadOn = payloadOn
        self.payloadOff = payloadOff
        self.deviceClass = deviceClass
        self.hold = hold
        self.number = number
        self.location = location
        self.topicLocation = topicLocation ?? location
    }
}
