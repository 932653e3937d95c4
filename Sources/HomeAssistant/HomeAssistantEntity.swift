/// One input, signal or output as Home Assistant will see it: plain values taken from
/// the validated config, so that this module depends on neither `Config` nor `Engine`.
///
/// ```swift
/// HomeAssistantEntity(name: "front_door", kind: .input, deviceClass: "door")
/// HomeAssistantEntity(name: "gate", kind: .commandInput, displayName: "Open the gate")
/// HomeAssistantEntity(name: "double", kind: .click(count: 2))
/// HomeAssistantEntity(name: "inside", kind: .sensor, deviceClass: "temperature",
///                     measurement: HomeAssistantMeasurement(unit: "°C", precision: 1))
/// ```
public struct HomeAssistantEntity: Hashable, Sendable {
    /// What the entity is in gpioagg, which decides its Home Assistant platform.
    public typealias Kind = HomeAssistantEntityKind

    /// The config's name: the last level of its topics and of its entity id.
    public var name: String
    /// The config's `name:`, what people read; nil: `name` made readable.
    public var displayName: String?
    public var kind: Kind
    /// Passed through to Home Assistant as given; `HomeAssistantComponent.deviceClasses`
    /// lists what it accepts.
    public var deviceClass: String?
    /// A `sensor`'s or a `number`'s unit, precision, range and mode; the defaults for
    /// the other kinds, which do not read it.
    public var measurement: HomeAssistantMeasurement
    /// Whether it publishes attributes beside its state (`json_attributes_topic`): a
    /// counter with a `period:` publishes the period and the last period's total.
    public var hasAttributes = false

    public init(name: String, kind: Kind, deviceClass: String? = nil,
                measurement: HomeAssistantMeasurement = HomeAssistantMeasurement(), displayName: String? = nil) {
        self.name = name
        self.displayName = displayName
        self.kind = kind
        self.deviceClass = deviceClass
        self.measurement = measurement
    }

    public var component: HomeAssistantComponent { kind.component }

    /// What Home Assistant shows after the device's name: `name:`, else the identifier
    /// made readable (`HomeAssistantEntityName`); a counter's reset button adds "reset".
    ///
    /// ```swift
    /// HomeAssistantEntity(name: "front_door", kind: .input).shownName                      // "Front door"
    /// HomeAssistantEntity(name: "water", kind: .resetButton, displayName: "Water").shownName  // "Water reset"
    /// ```
    public var shownName: String {
        let shown = HomeAssistantEntityName.name(displayName, for: name)
        switch kind {
        case .resetButton: return "\(shown) reset"
        case .overrideMode: return "\(shown) mode"
        default: return shown
        }
    }

    /// What a counter's reset button sends to the counter's command topic: the total it
    /// sets.
    public static let resetPayload = "0"

    /// What a pressed input's button (`command: press`) sends to its command topic:
    /// `SetCommand.press` in Home Assistant's upper case (`payload_press`).
    public static let pressPayload = "PRESS"

    /// Whether the entity's value is a number: it may then be unavailable, which its own
    /// availability topic says (`HomeAssistantNode.availabilityTopic(for:)`).
    public var isNumeric: Bool { component == .sensor || component == .number }

    /// Whether the entity is a cover with a position (two motors): Home Assistant then
    /// reads its position and can send it to one.
    public var hasPosition: Bool { kind == .cover(positioned: true) }

    /// Whether the entity is a PWM output's `light` or `fan`: Home Assistant reads
    /// whether it is on (`ON`/`OFF`) apart from its duty cycle in percent, and sends
    /// both to its command topic.
    public var hasOnOffState: Bool { component == .light || component == .fan }

    /// The `event_types` of a click's event entity (one: a click signal has one count),
    /// empty for the other kinds.
    public var eventTypes: [String] {
        if case .click(let count) = kind { return [Self.eventType(clickCount: count)] }
        return []
    }

    /// The event type of a click of `count` presses: `press`, `double`, `triple`, then
    /// `press_4`, `press_5`, ... (the config allows up to 10). Words for the counts people
    /// name in speech, numbers past them: "quadruple click" is nobody's automation
    /// trigger, and `press_4` sorts and reads without a dictionary.
    ///
    /// ```swift
    /// HomeAssistantEntity.eventType(clickCount: 2)   // "double"
    /// HomeAssistantEntity.eventType(clickCount: 5)   // "press_5"
    /// ```
    public static func eventType(clickCount count: Int) -> String {
        switch count {
        case ...1: return "press"
        case 2: return "double"
        case 3: return "triple"
        default: return "press_\(count)"
        }
    }
}
