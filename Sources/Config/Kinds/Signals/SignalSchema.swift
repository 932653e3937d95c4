/// `signals: NAME: { FORM: ..., MODIFIERS }`: exactly one form, and the keys that modify it.
enum SignalSchema: ConfigSchema {
    /// A key beside the form, and the forms it goes with (empty: every form that is not
    /// momentary; `*`: every form).
    struct Modifier: Sendable {
        var key: ConfigKey
        var forms: [String]
    }

    static let title = "a signal"
    static let section = "signals"
    static let documentedUnder = ["## Signals", "## Numbers", "## Times of day"]
    static let example = "all: [button]"
    /// The forms, each shown alone (`in: ""`): a signal has exactly one.
    static let forms = [
        ConfigKey("all", "[button, pressed]", "on while every operand is on", in: ""),
        ConfigKey("any", "[button, pressed]", "on while any operand is on", in: ""),
        ConfigKey("none", "[button, pressed]", "on while no operand is on", in: ""),
        ConfigKey("not", "button", "on while its operand is off", in: ""),
        ConfigKey("at_least", "{ count: 1, of: [button, pressed] }", "on while at least count operands are on", in: ""),
        ConfigKey("toggle", "button", "flips each time its operand turns on", in: ""),
        ConfigKey("sample", "{ value: button, on: pressed }", "takes value's level each time on turns on", in: ""),
        ConfigKey("zip", "[button, pressed]", "on once every operand has turned on since the last round", in: ""),
        ConfigKey("click", "button", "activates once each time its operand completes the gesture", in: ""),
        ConfigKey("latch", "{ set: button, reset: pressed }", "a set-reset latch on levels", in: ""),
        ConfigKey("mean", "[level, speed]", "the mean of the available operands", in: ""),
        ConfigKey("min", "[level, speed]", "the least of the available operands", in: ""),
        ConfigKey("max", "[level, speed]", "the greatest of the available operands", in: ""),
        ConfigKey("sum", "[level, speed]", "the sum of the operands", in: ""),
        ConfigKey("difference", "[level, speed]", "the first operand minus the second", in: ""),
        ConfigKey("threshold", "level", "a level: on at or beyond its bound", in: "above: 50"),
        ConfigKey("unavailable", "level", "a level: on while its number is unavailable", in: ""),
        ConfigKey("between", "[sunset, \"23:00\"]", "on from the first time of day until the second, each day", in: ""),
        ConfigKey("at", "\"23:00\"", "activates once at a time of day, each day", in: ""),
        ConfigKey("count", "button", "the total of its operand's activations", in: ""),
        ConfigKey("rate", "level", "how fast its operand grows per per:", in: ""),
        ConfigKey("scale", "level", "its operand along a line, clamped at both ends", in: "from: [20, 60], to: [0, 100]"),
    ]
    static let modifiers = [
        Modifier(key: ConfigKey("on_delay", "1s", "on only once the form has been on this long"), forms: []),
        Modifier(key: ConfigKey("off_delay", "2m", "off only once the form has been off this long"), forms: []),
        Modifier(key: ConfigKey("within", "1s", "all: on only if every operand turned on within this long"),
                 forms: ["all"]),
        Modifier(key: ConfigKey("reset", "true", "toggle: a level that holds it off; count: a reset button",
                                in: "count: button"),
                 forms: ["toggle", "count"]),
        Modifier(key: ConfigKey("persist", "true", "true: the value survives a restart", in: "toggle: button"),
                 forms: ["toggle", "latch", "count"]),
        Modifier(key: ConfigKey("persist_every", "10s", "how often at most a kept total is written",
                                in: "count: button, persist: true"),
                 forms: ["count"]),
        Modifier(key: ConfigKey("count", "2", "click: presses in the gesture", in: "click: button"), forms: ["click"]),
        Modifier(key: ConfigKey("min", "50ms", "click: the shortest press that counts", in: "click: button"),
                 forms: ["click"]),
        Modifier(key: ConfigKey("max", "1s", "click: the longest press that counts", in: "click: button"),
                 forms: ["click"]),
        Modifier(key: ConfigKey("gap", "300ms", "click: the longest release between presses", in: "click: button"),
                 forms: ["click"]),
        Modifier(key: ConfigKey("device_class", "door", "Home Assistant's class for its entity"), forms: ["*"]),
        Modifier(key: ConfigKey(ConfigValidator.displayNameKey, "Anyone home", "the name people read"), forms: ["*"]),
        Modifier(key: ConfigKey("internal", "true", "true: no Home Assistant entity and nothing on MQTT"), forms: ["*"]),
        Modifier(key: ConfigKey("above", "50", "threshold: on at this number or set point, or above",
                                in: "threshold: level"),
                 forms: ["threshold"]),
        Modifier(key: ConfigKey("below", "10", "threshold: on at this number or set point, or below",
                                in: "threshold: level"),
                 forms: ["threshold"]),
        Modifier(key: ConfigKey("hysteresis", "2", "threshold: how far back it must go to turn off",
                                in: "threshold: level, above: 50"),
                 forms: ["threshold"]),
        Modifier(key: ConfigKey("fallback", "on",
                                "threshold: its level while the number is unavailable; between: while the clock is not trusted",
                                in: "threshold: level, above: 50"),
                 forms: ["threshold", "between"]),
        Modifier(key: ConfigKey("days", "[mon, tue, wed, thu, fri]", "between: the days a window may start; at: the days it fires",
                                in: "at: \"07:00\""),
                 forms: ["between", "at"]),
        Modifier(key: ConfigKey("multiply", "0.001", "count: what one activation adds", in: "count: button"),
                 forms: ["count"]),
        Modifier(key: ConfigKey("period", "day", "count: starts again from 0 each local day, week, month or year",
                                in: "count: button"),
                 forms: ["count"]),
        Modifier(key: ConfigKey("per", "1m", "rate: the time the rate is per", in: "rate: level"), forms: ["rate"]),
        Modifier(key: ConfigKey("timeout", "1m", "rate: no growth for this long and the rate is 0", in: "rate: level"),
                 forms: ["rate"]),
        Modifier(key: ConfigKey("window", "10s", "rate: what the last window added, per per:",
                                in: "rate: level, per: 1s"),
                 forms: ["rate"]),
        Modifier(key: ConfigKey("from", "[20, 60]", "scale: two values of its operand",
                                in: "scale: level, to: [0, 100]"),
                 forms: ["scale"]),
        Modifier(key: ConfigKey("to", "[0, 100]", "scale: the two values they become",
                                in: "scale: level, from: [20, 60]"),
                 forms: ["scale"]),
        Modifier(key: ConfigKey("clamp", "false", "scale: false takes the line on past from:'s ends",
                                in: "scale: level, from: [20, 60], to: [0, 100]"),
                 forms: ["scale"]),
    ] + NumberKeys.keys.map { key in
        Modifier(key: ConfigKey(key.name, key.example, key.meaning, in: "mean: [level, speed]"),
                 forms: SignalExpression.numericFormKeys)
    }
    static let keys = forms + modifiers.map(\.key)
}
