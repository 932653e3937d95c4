/// What a node is, apart from its kind's wiring: the form of its value, how it may be set
/// from outside, and how it is shown. The configuration builds one for every node
/// (`NodeTraitsTable`, Config); the front-ends (the set entry's suggestions, the test
/// files' reader, the line commands, Home Assistant's entities) read them rather than
/// walking the configuration kind by kind. Plain data: nothing here depends on a
/// configuration or an engine.
///
/// ```swift
/// // strip: { chip: pwm0, channel: 0, command: true, entity: light }
/// let strip = NodeTraits(.output("strip"), form: .duty, setting: .duty(.light))
/// strip.isSettable       // true
/// strip.form.number?.unit  // "%"
///
/// // outside: { topic: weather/outside/temperature, type: number, unit: "°C" }
/// let outside = NodeTraits(.input("outside"), form: .number(NumberForm(unit: "°C")), setting: .none,
///                          topic: "weather/outside/temperature")
/// ```
public struct NodeTraits: Hashable, Sendable {
    public var id: NodeID
    public var form: NodeForm
    public var setting: NodeSetting
    /// The MQTT topic a remote input follows (`topic:`), which is where its value comes
    /// from; nil for every other node.
    public var topic: String?
    /// `name:`: the name people read; nil shows the identifier made readable.
    public var displayName: String?
    /// `device_class:`, passed through to Home Assistant as written.
    public var deviceClass: String?
    /// `period:` of a counter whose total starts again each calendar period (`day`,
    /// `week`, `month`, `year`); nil for every other node.
    public var period: String?
    /// `internal: true`: kept out of MQTT and Home Assistant.
    public var isInternal: Bool
    /// What it is declared as, in the config's words: `line input`, `command input`,
    /// `sensor input`, a signal's form (`all`, `threshold`, `count`...), `line output`,
    /// `pwm output`, `garage door`, `blinds`.
    public var typeName: String
    /// The names it reads, in the order written: a signal's operands, an output's
    /// `follows:`, a cover's outputs and end inputs; none for an input.
    public var operands: [String]
    /// Where it is declared; nil for a node built by hand.
    public var declared: SourceLine?

    public init(_ id: NodeID, form: NodeForm, setting: NodeSetting = .none, topic: String? = nil,
                displayName: String? = nil, deviceClass: String? = nil, period: String? = nil, isInternal: Bool = false,
                typeName: String? = nil, operands: [String] = [], declared: SourceLine? = nil) {
        self.id = id
        self.form = form
        self.setting = setting
        self.topic = topic
        self.displayName = displayName
        self.deviceClass = deviceClass
        self.period = period
        self.isInternal = isInternal
        self.typeName = typeName ?? id.kind.rawValue
        self.operands = operands
        self.declared = declared
    }

    public var name: String { id.name }

    /// Whether it takes a value from outside (`setting` is not `.none`).
    public var isSettable: Bool { setting.isSettable }
}
