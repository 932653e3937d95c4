import HomeAssistantClasses
import MQTTCore
import Values

extension ConfigValidator {
    /// `NAME: { command: true, initial: off, persist: true }`, or with `type: number`,
    /// `NAME: { command: true, type: number, initial: 21, min: 5, max: 30, step: 0.5 }`,
    /// or momentary, `NAME: { command: press }`.
    mutating func readCommandInput(_ entry: SourceNode.Entry, settings: [SourceNode.Entry], what: String) {
        if settings.contains(where: { $0.key == "command" && $0.value.scalarText == SetCommand.press.rawValue }) {
            return readPressInput(entry, settings: settings, what: what)
        }
        checkKeys(settings, allowed: CommandInputSchema.keyNames, place: "in \(what)", elsewhere: Self.anyInputKeys,
                  kindNote: CommandInputSchema.title)
        var declaration = CommandInputDeclaration(name: entry.key, location: entry.keyLocation)
        guard let type = declaredType(settings, name: entry.key, in: what) else { return }
        if type == .level {
            refuseNumberKeys(settings, keys: CommandInputSchema.numberCommandKeys.map(\.name) + NumberKeys.names,
                             in: what, name: entry.key)
        }
        var valid = true
        var number = NumberCommandDeclaration()
        var initial: SourceNode.Entry?
        var bounds: [String: SourceNode.Entry] = [:]
        for setting in settings {
            switch setting.key {
            case "command":
                if let word = setting.value.scalarText, !word.isEmpty, LevelWord.level(of: word) == nil {
                    report(setting.value.location, "unknown value '\(word)' for command: in \(what)",
                           hint: "write command: true (an input set on and off) or command: press (a button, pressed)")
                    valid = false
                    continue
                }
                guard let command = onOff(setting, in: what) else {
                    valid = false
                    continue
                }
                if !command {
                    report(setting.value.location, "command: in \(what) is false",
                           hint: "a command input is written command: true (or command: press, a button); "
                               + "for a line, give chip: and line:")
                    valid = false
                }
            case "initial" where type == .number:
                initial = setting
                guard let value = decimal(setting, in: what) else { valid = false; continue }
                number.initial = value
            case "initial":
                declaration.initial = onOff(setting, in: what) ?? false
            case "persist":
                declaration.persist = onOff(setting, in: what) ?? false
            case "device_class":
                declaration.deviceClass = type == .number
                    ? deviceClass(setting, for: HomeAssistantComponent.number, in: what)
                    : deviceClass(setting, for: HomeAssistantComponent.switch, in: what)
            case Self.displayNameKey:
                declaration.displayName = displayName(setting, in: what)
            case "internal":
                declaration.isInternal = onOff(setting, in: what) ?? false
            case "min", "max", "step":
                guard type == .number, let value = decimal(setting, in: what) else { valid = false; continue }
                bounds[setting.key] = setting
                switch setting.key {
                case "min": number.minimum = value
                case "max": number.maximum = value
                default: number.step = value
                }
            case "mode":
                guard type == .number, let mode = choice(setting, in: what, options: NumberCommandDeclaration.Mode.allCases.map { ($0.rawValue, $0) })
                else { valid = false; continue }
                number.mode = mode
            default:
                break
            }
        }
        if type == .number {
            guard let (settingsRead, _) = numberSettings(settings, in: what) else { return }
            number.number = settingsRead
            valid = checkRange(&number, initial: initial, bounds: bounds, in: what) && valid
            declaration.number = number
        }
        if valid, type == .number { inputUnits[entry.key] = number.number.unit }
        if valid { commandInputs.append(declaration) }
    }

    /// `NAME: { command: press, name: "Open the gate" }`: a momentary command input.
    /// A press has no value to start at, keep or measure: `initial:`, `persist:` and
    /// `type:` are refused with what to write instead.
    private mutating func readPressInput(_ entry: SourceNode.Entry, settings: [SourceNode.Entry], what: String) {
        var declaration = CommandInputDeclaration(name: entry.key, location: entry.keyLocation)
        declaration.momentary = true
        if valueKinds[entry.key] == nil { valueKinds[entry.key] = .level }
        var valid = true
        for setting in settings {
            switch setting.key {
            case "command":
                break
            case Self.displayNameKey:
                declaration.displayName = displayName(setting, in: what)
            case "internal":
                declaration.isInternal = onOff(setting, in: what) ?? false
            case "initial", "persist", "type":
                valid = false
                report(setting.keyLocation, "\(setting.key): does not apply to a pressed input (\(what), command: press)",
                       hint: "a press is on for an instant, with no value to start at or keep; "
                           + "for an input that holds on or off, write command: true")
            case "device_class":
                valid = false
                report(setting.keyLocation, "device_class: does not apply to a pressed input (\(what), command: press)",
                       hint: "Home Assistant's button takes no class gpioagg sets; remove device_class:")
            default:
                valid = false
                let allowed = PressedInputSchema.keyNames
                if Self.anyInputKeys.contains(setting.key) {
                    report(setting.keyLocation, "\(setting.key): does not apply to a pressed input (\(what), command: press)",
                           hint: "keys of a pressed input: " + allowed.joined(separator: ", "))
                } else {
                    report(setting.keyLocation, "unknown key '\(setting.key)' in \(what)",
                           hint: NearestNames.didYouMean(setting.key, among: allowed,
                                                         list: "valid keys: " + allowed.joined(separator: ", ")))
                }
            }
        }
        if valid { commandInputs.append(declaration) }
    }

    /// min <= initial <= max and step > 0; without `initial:`, 0 brought within the range.
    private mutating func checkRange(_ number: inout NumberCommandDeclaration, initial: SourceNode.Entry?,
                                     bounds: [String: SourceNode.Entry], in what: String) -> Bool {
        let range = "a number input is set from min: to max:, and starts at initial: (default 0, or the nearer bound)"
        if let minimum = number.minimum, let maximum = number.maximum, minimum > maximum, let entry = bounds["max"] {
            report(entry.value.location, "max: \(ConfigText.decimal(maximum)) in \(what) is less than min: \(ConfigText.decimal(minimum))",
                   hint: range)
            return false
        }
        if let step = number.step, step <= 0, let entry = bounds["step"] {
            report(entry.value.location, "step: \(ConfigText.decimal(step)) in \(what) is not more than 0",
                   hint: "step: is what Home Assistant's control moves by, e.g. step: 0.5")
            return false
        }
        guard let initial else {
            number.initial = min(max(0, number.minimum ?? 0), number.maximum ?? .greatestFiniteMagnitude)
            return true
        }
        if let minimum = number.minimum, number.initial < minimum {
            report(initial.value.location, "initial: \(ConfigText.decimal(number.initial)) in \(what) is less than min: \(ConfigText.decimal(minimum))",
                   hint: range)
            return false
        }
        if let maximum = number.maximum, number.initial > maximum {
            report(initial.value.location, "initial: \(ConfigText.decimal(number.initial)) in \(what) is more than max: \(ConfigText.decimal(maximum))",
                   hint: range)
            return false
        }
        return true
    }
}
