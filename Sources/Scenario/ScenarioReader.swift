import Clock
import Config
import Values

/// Reads a test file's tree (`ConfigLoader.loadDocument`) into a `Scenario`, collecting
/// every error at its key or value, with a hint, as the config's validator does. Names
/// are checked later, against the config (`Scenario.nameErrors(against:)`); values are
/// read against the config's kinds when it is known (`numbers`): `1` is on for a level and
/// one for a number, and a level where a number goes is refused here.
struct ScenarioReader {
    static let topLevelKeys = ["config", "start", "initial", "steps"]
    static let stepShape = "write each step as - KEY: VALUE, e.g. - wait: 1s (a step is one of "
        + ScenarioStep.keys.joined(separator: ", ") + ")"

    let file: String
    /// The config's numeric and level names; nil when the config could not be read (then
    /// each value is read as what it looks like).
    let numbers: NumericNodes?
    private(set) var errors: [ConfigError] = []

    /// The scenario, whatever was wrong with it (what could not be read is left out, so
    /// that the names read are still checked), and the errors found.
    static func read(_ root: SourceNode, file: String, numbers: NumericNodes? = nil) -> (Scenario, [ConfigError]) {
        var reader = ScenarioReader(file: file, numbers: numbers)
        let scenario = reader.scenario(root)
        return (scenario, reader.errors)
    }

    mutating func report(_ location: SourceLocation, _ message: String, hint: String = "") {
        errors.append(ConfigError(location: location, message: message, hint: hint))
    }

    // MARK: The top level

    private mutating func scenario(_ root: SourceNode) -> Scenario {
        var scenario = Scenario(file: file, steps: [])
        guard case .mapping(let entries) = root.content else {
            if !root.isReported {
                report(root.location, "the top level of a test file must be a mapping with config: and steps:, "
                       + "found \(root.kindDescription)",
                       hint: "start with config: FILE.yaml, then steps: and a list of steps")
            }
            return scenario
        }
        for entry in entries {
            switch entry.key {
            case "config":
                scenario.config = config(entry)
            case "steps":
                scenario.steps = steps(entry)
            case "initial":
                scenario.initial = (values(entry, of: "line inputs") ?? []).filter { item in
                    guard case .level = item.value else {
                        report(item.location, "initial: holds line inputs at a level before start; '\(item.name)' is given "
                               + "another value", hint: "write \(item.name): on or off; set other inputs in the first step")
                        return false
                    }
                    return true
                }
            case "start":
                guard let text = scalar(entry, hint: "write start: \"2026-06-21 21:20\", a local date and time") else { continue }
                scenario.start = localDateTime(text, at: entry.value.location, in: "start:")
            default:
                let valid = "valid keys: " + Self.topLevelKeys.joined(separator: ", ")
                report(entry.keyLocation, "unknown key '\(entry.key)' at the top level",
                       hint: NearestNames.didYouMean(entry.key, among: Self.topLevelKeys, list: valid))
            }
        }
        if !entries.contains(where: { $0.key == "steps" }) {
            report(root.location, "a test file needs steps:",
                   hint: "write steps: and a list of steps under it, e.g. - wait: 1s")
        }
        return scenario
    }

    /// `config: garage.yaml`, relative to the test file's folder.
    private mutating func config(_ entry: SourceNode.Entry) -> Scenario.ConfigReference? {
        switch entry.value.content {
        case .scalar(let path, _) where !path.isEmpty:
            return Scenario.ConfigReference(path: Self.resolve(path, besides: file), location: entry.value.location)
        case .reported:
            return nil
        case .null, .scalar:
            report(entry.keyLocation, "config: has no value",
                   hint: "write config: FILE.yaml, the config file relative to this file")
            return nil
        default:
            report(entry.value.location, "config: must be a file name, found \(entry.value.kindDescription)",
                   hint: "write config: FILE.yaml, the config file relative to this file")
            return nil
        }
    }

    /// `path` as seen from the folder holding `file`.
    static func resolve(_ path: String, besides file: String) -> String {
        guard !path.hasPrefix("/"), let slash = file.lastIndex(of: "/") else { return path }
        return String(file[...slash]) + path
    }

    private mutating func steps(_ entry: SourceNode.Entry) -> [ScenarioStep] {
        switch entry.value.content {
        case .sequence(let items) where !items.isEmpty:
            return items.compactMap { step($0) }
        case .reported:
            return []
        case .null, .sequence:
            report(entry.keyLocation, "steps: has no steps", hint: "write the steps under it, one per line: - wait: 1s")
            return []
        default:
            report(entry.value.location, "steps: must be a list of steps, found \(entry.value.kindDescription)",
                   hint: "start each step with '- ' on a line of its own: - set: { NAME: on }")
            return []
        }
    }

    // MARK: Steps

    private mutating func step(_ node: SourceNode) -> ScenarioStep? {
        switch node.content {
        case .mapping(let entries):
            guard let first = entries.first else {
                report(node.location, "a step needs a key, found an empty mapping", hint: Self.stepShape)
                return nil
            }
            if entries.count > 1 {
                let second = entries[1]
                report(second.keyLocation, "a step has one key: '\(first.key):' and '\(second.key):' are in the same step",
                       hint: "start each step with '- ' on a line of its own: - \(second.key): ...")
                return nil
            }
            return action(first).map { ScenarioStep($0, at: first.keyLocation) }
        case .reported:
            return nil
        case .null:
            report(node.location, "a step is empty", hint: Self.stepShape)
            return nil
        case .scalar, .sequence:
            report(node.location, "a step must be a mapping with one key, found \(node.kindDescription)",
                   hint: Self.stepShape)
            return nil
        }
    }

    private mutating func action(_ entry: SourceNode.Entry) -> ScenarioStep.Action? {
        switch entry.key {
        case "set": return values(entry, of: "inputs").map { .set($0) }
        case "expect": return values(entry, of: "names").map { .expect($0) }
        case "toggle": return levelNames(entry).map { .toggle($0) }
        case "expect_active": return levelNames(entry).map { .expectActive($0) }
        case "expect_quiet": return levelNames(entry).map { .expectQuiet($0) }
        case "pulse": return pulses(entry).map { .pulse($0) }
        case "pulses": return trains(entry).map { .pulses($0) }
        case "clock":
            return clockStep(entry).map { .clock($0) }
        case "restart":
            return restartStep(entry).map { .restart($0) }
        case "wait":
            guard let text = scalar(entry, hint: "write wait: 1s (or 500ms, 1m30s, 2h...)") else { return nil }
            return duration(text, at: entry.value.location, in: "wait:").map { .wait($0) }
        case "remote": return remoteStep(entry).map { .remote($0) }
        case "broker": return brokerStep(entry).map { .broker($0) }
        default:
            let valid = "a step is one of " + ScenarioStep.keys.joined(separator: ", ")
            report(entry.keyLocation, "unknown step '\(entry.key)'",
                   hint: NearestNames.didYouMean(entry.key, among: ScenarioStep.keys, list: valid))
            return nil
        }
    }

    /// `{ NAME: on, NAME: 21.5, NAME: unavailable }`; `of` names what the names are
    /// (`inputs`).
    private mutating func values(_ entry: SourceNode.Entry, of what: String) -> [ScenarioStep.NamedValue]? {
        let key = entry.key
        guard let entries = mapping(entry, of: what, example: "\(key): { NAME: on, NAME: off }") else { return nil }
        var values: [ScenarioStep.NamedValue] = []
        for item in entries {
            guard let value = value(item, in: key) else { continue }
            values.append(ScenarioStep.NamedValue(item.key, value, at: item.keyLocation))
        }
        return values
    }

    /// `names(entry)`, none of them a number: `toggle` and `pulse` move levels, and
    /// `expect_active` and `expect_quiet` look for a level turning on.
    private mutating func levelNames(_ entry: SourceNode.Entry) -> [ScenarioStep.Name]? {
        names(entry).map { names in
            names.filter { name in
                guard let declaration = numbers?.number(of: name.name) else { return true }
                report(name.location, "'\(name.name)' is a number (\(declaration.unit)), and \(entry.key): takes levels",
                       hint: Self.levelStepHint(entry.key, name: name.name))
                return false
            }
        }
    }

    private static func levelStepHint(_ key: String, name: String) -> String {
        switch key {
        case "toggle": "set a number with set: { \(name): 21.5 }"
        default: "check a number with expect: { \(name): 21.5 }, or a threshold of it with \(key):"
        }
    }

    /// `{ NAME: 100ms, ... }`.
    private mutating func pulses(_ entry: SourceNode.Entry) -> [ScenarioStep.Pulse]? {
        guard let entries = mapping(entry, of: "inputs", example: "pulse: { NAME: 100ms }") else { return nil }
        var pulses: [ScenarioStep.Pulse] = []
        for item in entries {
            if let declaration = numbers?.number(of: item.key) {
                report(item.keyLocation, "'\(item.key)' is a number (\(declaration.unit)), and pulse: moves levels",
                       hint: "set a number with set: { \(item.key): 21.5 }")
                continue
            }
            guard let text = scalar(item, hint: "write pulse: { \(item.key): 100ms }"),
                  let length = duration(text, at: item.value.location, in: "pulse: of \(item.key)") else {
                continue
            }
            guard length > .zero else {
                report(item.value.location, "a pulse of \(item.key) lasts longer than 0",
                       hint: "write how long the input stays on, e.g. \(item.key): 100ms")
                continue
            }
            pulses.append(ScenarioStep.Pulse(item.key, for: length, at: item.keyLocation))
        }
        return pulses
    }

    /// `{ NAME: { count: 120, every: 2s, length: 1s }, ... }`.
    private mutating func trains(_ entry: SourceNode.Entry) -> [PulseTrain]? {
        let example = "pulses: { NAME: { count: 120, every: 2s } }"
        guard let entries = mapping(entry, of: "inputs", example: example) else { return nil }
        var trains: [PulseTrain] = []
        for item in entries {
            if let declaration = numbers?.number(of: item.key) {
                report(item.keyLocation, "'\(item.key)' is a number (\(declaration.unit)), and pulses: moves levels",
                       hint: "set a number with set: { \(item.key): 21.5 }")
                continue
            }
            let itemExample = "write \(item.key): { count: 120, every: 2s } (length: of each press, default half of every:)"
            guard case .mapping(let settings) = item.value.content else {
                if !item.value.isReported {
                    report(item.value.location, "pulses: of \(item.key) takes a mapping, found \(item.value.kindDescription)",
                           hint: itemExample)
                }
                continue
            }
            var count: Int?
            var every: Duration?
            var length: Duration?
            var valid = true
            for setting in settings {
                guard ["count", "every", "length"].contains(setting.key) else {
                    report(setting.keyLocation, "unknown key '\(setting.key)' in pulses: of \(item.key)",
                           hint: NearestNames.didYouMean(setting.key, among: ["count", "every", "length"], list: itemExample))
                    valid = false
                    continue
                }
                guard let text = scalar(setting, hint: itemExample) else { valid = false; continue }
                if setting.key == "count" {
                    guard let number = Int(text), (1...PulseTrain.maximumCount).contains(number) else {
                        report(setting.value.location, "count: of \(item.key) in pulses: must be a whole number "
                            + "from 1 to \(PulseTrain.maximumCount), found '\(text)'", hint: itemExample)
                        valid = false
                        continue
                    }
                    count = number
                    continue
                }
                guard let time = duration(text, at: setting.value.location, in: "\(setting.key): of \(item.key)") else {
                    valid = false
                    continue
                }
                guard time > .zero else {
                    report(setting.value.location, "\(setting.key): of \(item.key) in pulses: is zero", hint: itemExample)
                    valid = false
                    continue
                }
                if setting.key == "every" { every = time } else { length = time }
            }
            for (key, value) in [("count", count != nil), ("every", every != nil)] where !value && valid {
                report(item.keyLocation, "pulses: of \(item.key) needs \(key):", hint: itemExample)
                valid = false
            }
            guard valid, let count, let every else { continue }
            guard every <= PulseTrain.longest / count else {  // the train, with room for its last press
                report(item.keyLocation, "pulses: of \(item.key) last longer than a year (count: times every:)",
                       hint: "fewer presses, or a shorter every:")
                continue
            }
            if let length, length >= every {
                report(settings.first { $0.key == "length" }?.value.location ?? item.keyLocation,
                       "length: of \(item.key) in pulses: is not shorter than every:",
                       hint: "each press is released before the next starts: length: below \(ConfigText.duration(every))")
                continue
            }
            trains.append(PulseTrain(item.key, count: count, every: every, length: length, at: item.keyLocation))
        }
        return trains
    }

    /// The entries of a step's mapping: at least one.
    private mutating func mapping(_ entry: SourceNode.Entry, of what: String, example: String) -> [SourceNode.Entry]? {
        switch entry.value.content {
        case .mapping(let entries) where !entries.isEmpty:
            return entries
        case .reported:
            return nil
        case .null, .mapping:
            report(entry.keyLocation, "\(entry.key): needs at least one of its \(what)", hint: "write \(example)")
            return nil
        default:
            report(entry.value.location, "\(entry.key): takes a mapping of \(what), found \(entry.value.kindDescription)",
                   hint: "write \(example)")
            return nil
        }
    }

    /// `NAME` or `[NAME, ...]`: at least one, none twice.
    private mutating func names(_ entry: SourceNode.Entry) -> [ScenarioStep.Name]? {
        let key = entry.key
        let hint = "write \(key): NAME, or \(key): [NAME, NAME] for several"
        switch entry.value.content {
        case .scalar(let name, _) where !name.isEmpty:
            return [ScenarioStep.Name(name, at: entry.value.location)]
        case .sequence(let items) where !items.isEmpty:
            var names: [ScenarioStep.Name] = []
            for item in items {
                guard case .scalar(let name, _) = item.content, !name.isEmpty else {
                    if !item.isReported {
                        report(item.location, "\(key): takes names, found \(item.kindDescription)", hint: hint)
                    }
                    continue
                }
                guard !names.contains(where: { $0.name == name }) else {
                    report(item.location, "'\(name)' is listed twice in \(key):", hint: "remove the repeated name")
                    continue
                }
                names.append(ScenarioStep.Name(name, at: item.location))
            }
            return names
        case .reported:
            return nil
        case .null, .scalar, .sequence:
            report(entry.keyLocation, "\(key): needs a name", hint: hint)
            return nil
        case .mapping:
            report(entry.value.location, "\(key): takes a name or a list of names, found a mapping", hint: hint)
            return nil
        }
    }

    // MARK: Values

    /// A non-empty single value.
    mutating func scalar(_ entry: SourceNode.Entry, hint: String) -> String? {
        switch entry.value.content {
        case .scalar(let text, _) where !text.isEmpty:
            return text
        case .reported:
            return nil
        case .null, .scalar:
            report(entry.keyLocation, "\(entry.key): has no value", hint: hint)
            return nil
        default:
            report(entry.value.location, "\(entry.key): takes a single value, found \(entry.value.kindDescription)",
                   hint: hint)
            return nil
        }
    }

    private mutating func duration(_ text: String, at location: SourceLocation, in what: String) -> Duration? {
        switch DurationText.parse(text) {
        case .value(let duration):
            return duration
        case .invalid(let message, let hint):
            report(location, "\(message) (in \(what))", hint: hint)
            return nil
        }
    }
}
