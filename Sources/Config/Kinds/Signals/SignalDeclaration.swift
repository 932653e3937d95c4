/// `signals: NAME: { all: [...] }` and the other forms.
public struct SignalDeclaration: Hashable, Sendable {
    public var name: String
    public var expression: SignalExpression
    /// On only once the expression has been true this long (`on_delay`).
    public var onDelay: Duration?
    /// Off only once the expression has been false this long (`off_delay`).
    public var offDelay: Duration?
    /// The value survives a restart (`persist: true`; `toggle`, `latch`, and `count`, whose
    /// total is kept).
    public var persist: Bool
    /// Home Assistant's `device_class`, passed through to discovery.
    public var deviceClass: String?
    /// A numeric signal's unit (its operands'), precision, filters and state class; nil
    /// for a level.
    /// `name:`: the name people read (Home Assistant's entity name); nil shows the
    /// identifier made readable (`HomeAssistantEntityName`). Not an identifier: topics,
    /// references and entity ids keep `name`.
    public var displayName: String? = nil
    /// `internal: true`: kept out of MQTT and Home Assistant (no entity, no state or
    /// command topic); the graph, the log, `status` and `why` see it as any other node.
    public var isInternal = false
    public var number: NumberDeclaration?
    public var location: SourceLocation

    public init(name: String, expression: SignalExpression, onDelay: Duration? = nil, offDelay: Duration? = nil,
                persist: Bool = false, deviceClass: String? = nil, number: NumberDeclaration? = nil,
                location: SourceLocation) {
        self.name = name
        self.expression = expression
        self.onDelay = onDelay
        self.offDelay = offDelay
        self.persist = persist
        self.deviceClass = deviceClass
        self.number = number
        self.location = location
    }
}
