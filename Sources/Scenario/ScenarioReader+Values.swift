import Config
import Values

/// The values of `set:` and `expect:`, read as the config says each name holds.
extension ScenarioReader {
    /// The value of `entry` in `step` (`set` or `expect`), read as what the config says
    /// the name holds: a level word for a level; a decimal number or `unavailable` for a
    /// number, and in `expect` also `{ near: X, within: T }`. For a name the config does
    /// not have, what the value looks like.
    mutating func value(_ entry: SourceNode.Entry, in step: String) -> ScenarioValue? {
        let kind = numbers?.kind(of: entry.key)
        if case .mapping(let settings) = entry.value.content, step == "expect", kind != .level {
            return near(entry, settings)
        }
        if kind == .cover { return coverValue(entry, in: step) }
        let hint = kind == .number
            ? "write \(entry.key): with a number, e.g. \(entry.key): 21.5, or \(entry.key): unavailable"
            : "write \(entry.key): on or \(entry.key): off"
        guard let word = scalar(entry, hint: hint) else { return nil }
        let isPressed = numbers?.isPressed(entry.key) == true
        if SetCommand(word) == .press {
            if step == "set", isPressed || numbers == nil { return .press }
            report(entry.value.location, step == "set"
                       ? "\(entry.key) is not pressed: press applies to inputs declared command: press"
                       : "press is what set: does to a pressed input; expect: checks a value",
                   hint: step == "set" ? hint : "write \(entry.key): on or \(entry.key): off")
            return nil
        }
        if step == "set", isPressed {
            report(entry.value.location, SetCommand.takes(momentary: true, name: entry.key) + ", found '\(word)'",
                   hint: "write set: { \(entry.key): press }")
            return nil
        }
        if step == "set", OverrideMode(word) == .auto, numbers?.hasOverride(entry.key) ?? true { return .auto }
        if kind != .level, word == "unavailable" { return .unavailable }
        if kind == .number {
            if let number = DecimalText.parse(word) { return .number(number) }
            // A PWM output takes on and off as gpioagg set does.
            if step == "set", numbers?.isDuty(entry.key) == true, let level = LevelWord.level(of: word) {
                return .level(level)
            }
            let unit = numbers?.number(of: entry.key)?.unit ?? .none
            if LevelWord.meaning(of: word) != nil {
                report(entry.value.location, "'\(word)' is a level, and \(entry.key) is a number (\(unit)): "
                       + "\(step): takes a number or unavailable for it", hint: hint)
            } else {
                report(entry.value.location, "'\(word)' is not a number for \(entry.key) in \(step):",
                       hint: "write a decimal number such as 21, -0.5 or 2.5e3, or unavailable")
            }
            return nil
        }
        if let level = LevelWord.level(of: word) { return .level(level) }
        if kind == nil, let number = DecimalText.parse(word) { return .number(number) }
        if kind == .level, word == "unavailable" || DecimalText.parse(word) != nil {
            report(entry.value.location, "\(entry.key) is a level, and \(step): takes on or off for it, found '\(word)'",
                   hint: hint + " (a number or unavailable is for a numeric input or signal)")
            return nil
        }
        report(entry.value.location, "unknown level '\(word)' for \(entry.key) in \(step):",
               hint: LevelWord.hint(for: word, key: "\(entry.key):"))
        return nil
    }

    /// A cover's value: in `set:` `open`, `close`, `stop` or a position from 0 to 100; in
    /// `expect:` a state (`opening`) or a position, or `{ near: X, within: T }`.
    private mutating func coverValue(_ entry: SourceNode.Entry, in step: String) -> ScenarioValue? {
        if case .mapping(let settings) = entry.value.content, step == "expect" { return near(entry, settings) }
        let hint = step == "set"
            ? "write \(entry.key): open, close, stop or a position from 0 (closed) to 100 (open)"
            : "write \(entry.key): \(CoverState.words), or a position such as \(entry.key): 40"
        guard let word = scalar(entry, hint: hint) else { return nil }
        if step == "set" {
            if let command = CoverCommand(word) {
                if case .position(let position) = command { return .number(position) }
                return .cover(command)
            }
        } else if let state = CoverState(word: word) {
            return .coverState(state)
        } else if let position = DecimalText.parse(word), CoverCommand.positions.contains(position) {
            return .number(position)
        }
        report(entry.value.location, "'\(word)' is not what \(step): takes for the cover \(entry.key)", hint: hint)
        return nil
    }

    /// `{ near: X, within: T }`: two decimal numbers, T at least 0.
    private mutating func near(_ entry: SourceNode.Entry, _ settings: [SourceNode.Entry]) -> ScenarioValue? {
        let example = "write \(entry.key): { near: 24.65, within: 0.01 }"
        var near: Double?
        var within: Double?
        var valid = true
        for setting in settings {
            guard setting.key == "near" || setting.key == "within" else {
                report(setting.keyLocation, "unknown key '\(setting.key)' in \(entry.key): of expect:",
                       hint: NearestNames.didYouMean(setting.key, among: ["near", "within"], list: example))
                valid = false
                continue
            }
            guard let text = scalar(setting, hint: example) else { valid = false; continue }
            guard let number = DecimalText.parse(text) else {
                report(setting.value.location, "\(setting.key): of \(entry.key) must be a decimal number, found '\(text)'",
                       hint: example)
                valid = false
                continue
            }
            if setting.key == "within", number < 0 {
                report(setting.value.location, "within: of \(entry.key) is \(text), and a tolerance is 0 or more",
                       hint: "within: is how far either way the value may be from near:; " + example)
                valid = false
                continue
            }
            if setting.key == "near" { near = number } else { within = number }
        }
        guard valid else { return nil }
        guard let near, let within else {
            report(entry.value.location, "\(entry.key): needs both near: and within:", hint: example)
            return nil
        }
        return .near(near, within: within)
    }
}
