import GPIO

extension ConfigValidator {
    /// Every key an input may have, whatever its kind: a key a kind does not take is
    /// reported as such, not as unknown.
    static let anyInputKeys = LineInputSchema.keyNames
        + (CommandInputSchema.keyNames + RemoteInputSchema.keyNames + SensorInputSchema.keyNames)
        .filter { !LineInputSchema.keyNames.contains($0) }
    /// Shorter than a microsecond the kernel's debounce is none at all (it counts in
    /// microseconds); longer than ten seconds is a wait, not a debounce.
    static let debounceRange = Duration.microseconds(1)...Duration.seconds(10)

    /// `inputs: NAME: { chip, line, active, bias, debounce }`.
    mutating func readInputs(_ section: SourceNode.Entry) {
        let example = "switch1: { chip: main, line: GPIO17 }"
        guard let entries = sectionEntries(section, example: example) else { return }
        if entries.isEmpty {
            report(section.keyLocation, "inputs: declares no input", hint: "declare one, e.g. inputs: { \(example) }")
        }
        for (index, entry) in entries.enumerated() {
            if reportMisplacedKey(entry, keys: Self.anyInputKeys, kind: "input", previous: index > 0 ? entries[index - 1] : nil) {
                continue
            }
            checkName(entry.key, at: entry.keyLocation)
            declaredNames.append(DeclaredName(name: entry.key, kind: .input, location: entry.keyLocation))
            let what = "input '\(entry.key)'"
            guard let settings = settings(entry.value, of: what, example: "\(entry.key): { chip: main, line: GPIO17 }") else {
                continue
            }
            if settings.contains(where: { $0.key == "command" }) {
                readCommandInput(entry, settings: settings, what: what)
                continue
            }
            if settings.contains(where: { $0.key == "topic" }) {
                readRemoteInput(entry, settings: settings, what: what)
                continue
            }
            if Self.declaresSensor(settings) {
                readSensorInput(entry, settings: settings, what: what)
                continue
            }
            declaresLines = true
            if valueKinds[entry.key] == nil { valueKinds[entry.key] = .level }
            checkKeys(settings, allowed: LineInputSchema.keyNames, place: "in \(what)",
                      elsewhere: Self.anyInputKeys, kindNote: LineInputSchema.title)
            var chip: Reference?
            var line: LineLocator?
            var lineLocation = entry.keyLocation
            var activeLow = false
            var bias = Bias.asIs
            var debounce = Debounce.none
            var deviceClass: String?
            var displayName: String?
            var isInternal = false
            for setting in settings {
                switch setting.key {
                case "chip":
                    chip = reference(setting.value, key: "chip", in: what)
                case "line":
                    line = lineLocator(setting, in: what)
                    lineLocation = setting.value.location
                case "active":
                    let value = choice(setting, in: what, options: [("high", false), ("low", true)])
                    activeLow = value ?? false
                case "bias":
                    let value = choice(setting, in: what, options: Bias.allCases.map { ($0.rawValue, $0) })
                    bias = value ?? .asIs
                case "debounce":
                    let value = readDebounce(setting, in: what)
                    debounce = value ?? .none
                case "device_class":
                    deviceClass = self.deviceClass(setting, for: .binarySensor, in: what)
                case Self.displayNameKey:
                    displayName = self.displayName(setting, in: what)
                case "internal":
                    isInternal = onOff(setting, in: what) ?? false
                case "type":
                    if inputType(setting, in: what) == .number {
                        report(setting.value.location, "type: number does not apply to a line input (\(what))",
                               hint: "a line is on or off; numbers come from command inputs (command: true) and remote inputs (topic:)")
                    }
                default:
                    break
                }
            }
            if !settings.contains(where: { $0.key == "chip" }) {
                report(entry.keyLocation, "\(what) needs chip:", hint: "name one of the chips declared under chips:")
            }
            if !settings.contains(where: { $0.key == "line" }) {
                report(entry.keyLocation, "\(what) needs line:",
                       hint: "a line is named (line: GPIO17) or given by offset (line: 17)")
            }
            // Entries with other errors are kept too, so that their lines and names are
            // still checked; the configuration is only returned when there is no error.
            guard let chip, let line else { continue }
            var declaration = InputDeclaration(name: entry.key, chip: chip.name, line: line, activeLow: activeLow,
                                               bias: bias, debounce: debounce, deviceClass: deviceClass,
                                               location: entry.keyLocation)
            declaration.displayName = displayName
            declaration.isInternal = isInternal
            inputs.append(ReadInput(declaration: declaration, chip: chip, lineLocation: lineLocation))
        }
    }

    /// `debounce: 10ms` (mode stable), `debounce: 0` (none), or
    /// `debounce: { mode: lockout, period: 10ms }`.
    private mutating func readDebounce(_ entry: SourceNode.Entry, in what: String) -> Debounce? {
        let shape = "debounce: is a duration such as 10ms, or { mode: stable|lockout|settle, period: 10ms }"
        switch entry.value.content {
        case .scalar(let text, _):
            guard let period = duration(text, at: entry.value.location, in: what) else { return nil }
            if period == .zero { return Debounce.none }
            return checkPeriod(period, text: text, at: entry.value.location, in: what) ? Debounce(.stable, period: period) : nil
        case .mapping(let settings):
            checkKeys(settings, allowed: LineInputSchema.debounceKeys.map(\.name), place: "in debounce: of \(what)")
            var mode = Debounce.Mode.stable
            var period: Duration?
            for setting in settings {
                switch setting.key {
                case "mode":
                    let value = choice(setting, in: what, options: Debounce.Mode.allCases.map { ($0.rawValue, $0) })
                    mode = value ?? .stable
                case "period":
                    guard let text = text(setting, in: "debounce: of \(what)"),
                          let value = duration(text, at: setting.value.location, in: what) else {
                        continue
                    }
                    if value == .zero {
                        report(setting.value.location, "debounce period: in \(what) is zero",
                               hint: "a period is 1us to 10s; to turn debouncing off, leave debounce: out")
                    } else if checkPeriod(value, text: text, at: setting.value.location, in: what) {
                        period = value
                    }
                default:
                    break
                }
            }
            if !settings.contains(where: { $0.key == "period" }) {
                report(entry.value.location, "debounce: of \(what) needs period:", hint: "e.g. debounce: { mode: \(mode.rawValue), period: 10ms }")
                return nil
            }
            guard let period else { return nil }
            return Debounce(mode, period: period)
        case .null:
            report(entry.keyLocation, "debounce: in \(what) has no value", hint: shape)
            return nil
        case .reported:
            return nil
        case .sequence:
            report(entry.value.location, "debounce: in \(what) must be a duration or a mapping, found a list", hint: shape)
            return nil
        }
    }

    private mutating func duration(_ text: String, at location: SourceLocation, in what: String) -> Duration? {
        switch DurationText.parse(text) {
        case .value(let duration):
            return duration
        case .invalid(let message, let hint):
            report(location, "\(message) (debounce of \(what))", hint: hint)
            return nil
        }
    }

    private mutating func checkPeriod(_ period: Duration, text: String, at location: SourceLocation, in what: String) -> Bool {
        guard !Self.debounceRange.contains(period) else { return true }
        report(location, "debounce \(text) in \(what) is \(period < Self.debounceRange.lowerBound ? "too short" : "too long")",
               hint: "a debounce period is 1us to 10s; 0 turns debouncing off")
        return false
    }
}
