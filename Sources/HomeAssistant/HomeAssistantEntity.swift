/// One input, signal or output as Home Assistant will see it: plain values taken from
/// the validated config, so that this module depends on neither `Config` nor `Engine`.
///
/// ```swift
/// HomeAssistantEntity(name: "front_door", kind: .input, deviceClass: "door")
/// HomeAssistantEntity(name: "gate", kind: .commandInput)
/// HomeAssistantEntity(name: "double", kind: .click(count: 2))
/// ```
public struct HomeAssistantEntity: Hashable, Sendable {
    /// What the entity is in gpioagg, which decides its Home Assistant platform.
    public typealias Kind = HomeAssistantEntityKind

    /// The config's name: the last level of its topics, and what Home Assistant shows
    /// after the device's name.
    public var name: String
    public var kind: Kind
    /// Passed through to Home Assistant as given; `HomeAssistantComponent.deviceClasses`
    /// lists what it accepts.
    public var deviceClass: String?

    public init(name: String, kind: Kind, deviceClass: String? = nil) {
        self.name = name
        self.kind = kind
        self.deviceClass = deviceClass
    }

    public var component: HomeAssistantComponent { kind.component }

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
