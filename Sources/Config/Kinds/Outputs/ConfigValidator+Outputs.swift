import GPIO
import HomeAssistantClasses

extension ConfigValidator {
    /// `outputs: NAME: { chip, line, follows, initial, safe, active, drive }`.
    mutating func readOutputs(_ section: SourceNode.Entry) {
        guard let entries = sectionEntries(section, example: "ready_led: { chip: main, line: GPIO5, follows: all_on }") else {
            return
        }
        for (index, entry) in entries.enumerated() {
            if reportMisplacedKey(entry, keys: OutputSchema.keyNames + PWMOutputSchema.onlyKeys, kind: "output",
                                  previous: index > 0 ? entries[index - 1] : nil) {
                continue
            }
            checkName(entry.key, at: entry.keyLocation)
            declaredNames.append(DeclaredName(name: entry.key, kind: .output, location: entry.keyLocation))
            let what = "output '\(entry.key)'"
            guard let settings = settings(entry.value, of: what,
                                          example: "\(entry.key): { chip: main, line: GPIO5, follows: all_on }") else {
                continue
            }
            if isPWMOutput(settings) {
                readPWMOutput(entry, settings: settings)
                continue
            }
            declaresLines = true
            for setting in settings where PWMOutputSchema.onlyKeys.contains(setting.key) {
                let keys = PWMOutputSchema.onlyKeys.map { "\($0):" }.joined(separator: ", ")
                report(setting.keyLocation, "\(setting.key): does not apply to a line output (\(what))",
                       hint: "\(keys) are for an output on a PWM controller, declared as chips: { \(Self.pwmChipExample) }; "
                           + "an output on a GPIO chip drives a line: line: GPIO18")
            }
            checkKeys(settings.filter { !PWMOutputSchema.onlyKeys.contains($0.key) }, allowed: OutputSchema.keyNames,
                      place: "in \(what)")
            var chip: Reference?
            var line: LineLocator?
            var lineLocation = entry.keyLocation
            var follows: Reference?
            var initial = false
            var safe = false
            var activeLow = false
            var drive = Drive.pushPull
            var restore = false
            var pulse: Duration?
            var maxOn: Duration?
            var deviceClass: String?
            var displayName: String?
            var isInternal = false
            var override = false
            // Read first: it decides which classes device_class: takes.
            let command = settings.first { $0.key == "command" }.flatMap { onOff($0, in: what) } ?? false
            for setting in settings {
                switch setting.key {
                case "chip":
                    chip = reference(setting.value, key: "chip", in: what)
                case "line":
                    line = lineLocator(setting, in: what)
                    lineLocation = setting.value.location
                case "follows":
                    follows = reference(setting.value, key: "follows", in: what,
                                        hint: "an output follows one signal; combine several in a signal, e.g. all: [a, b]")
                case "initial" where setting.value.scalarText == "restore":
                    restore = true
                case "initial", "safe":
                    let value = onOff(setting, in: what)
                    if setting.key == "initial" { initial = value ?? false } else { safe = value ?? false }
                case "pulse", "max_on":
                    let time = outputTime(setting, in: what)
                    if setting.key == "pulse" { pulse = time } else { maxOn = time }
                case "active":
                    let value = choice(setting, in: what, options: [("high", false), ("low", true)])
                    activeLow = value ?? false
                case "drive":
                    let value = choice(setting, in: what, options: Drive.allCases.map { ($0.rawValue, $0) })
                    drive = value ?? .pushPull
                case "device_class":
                    // Checked against the platform the output is published as, so that
                    // what check accepts is what Home Assistant takes: a switch's classes
                    // for a command output, a binary sensor's for the others.
                    let component = (command ? HomeAssistantEntityKind.commandOutput : .output).component
                    deviceClass = self.deviceClass(setting, for: component, in: what)
                case Self.displayNameKey:
                    displayName = self.displayName(setting, in: what)
                case "internal":
                    isInternal = onOff(setting, in: what) ?? false
                case "override":
                    override = onOff(setting, in: what) ?? false
                    guard override else { continue }
                    // Without follows: the output is refused for that already.
                    if command {
                        report(setting.keyLocation, "override: and command: true in \(what) are two ways to set it by hand",
                               hint: "choose one: override: true holds on or off until auto is chosen again; "
                                   + "command: true holds a command until what it follows changes")
                    }
                default:
                    break
                }
            }
            // An output with neither follows: nor command: true is one a cover drives,
            // checked with the covers.
            for (key, hint) in [("chip", "name one of the chips declared under chips:"),
                                ("line", "a line is named (line: GPIO5) or given by offset (line: 5)")]
            where !settings.contains(where: { $0.key == key }) {
                report(entry.keyLocation, "\(what) needs \(key):", hint: hint)
            }
            // Entries with other errors are kept too, so that their lines and names are
            // still checked; the configuration is only returned when there is no error.
            guard let chip, let line else { continue }
            if follows == nil, settings.contains(where: { $0.key == "follows" }) { continue }
            var declaration = OutputDeclaration(name: entry.key, chip: chip.name, line: line, follows: follows?.name,
                                                initial: initial, safe: safe, activeLow: activeLow, drive: drive,
                                                restore: restore, pulse: pulse, maxOn: maxOn,
                                                deviceClass: deviceClass, location: entry.keyLocation)
            declaration.displayName = displayName
            declaration.isInternal = isInternal
            declaration.command = command
            declaration.override = override
            outputs.append(ReadOutput(declaration: declaration, chip: chip, lineLocation: lineLocation, follows: follows))
        }
    }

    /// `pulse:` or `max_on:`: from 1ms to a day.
    private mutating func outputTime(_ entry: SourceNode.Entry, in what: String) -> Duration? {
        guard let text = text(entry, in: what) else { return nil }
        let range = "\(entry.key): is from 1ms to 24h, e.g. \(entry.key): 500ms"
        switch DurationText.parse(text) {
        case .value(let time) where time < .milliseconds(1):
            report(entry.value.location, "\(entry.key): \(text) in \(what) is shorter than 1ms", hint: range)
        case .value(let time) where time > Self.longestTime:
            report(entry.value.location, "\(entry.key): \(text) in \(what) is longer than a day", hint: range)
        case .value(let time):
            return time
        case .invalid(let message, let hint):
            report(entry.value.location, "\(message) (\(entry.key): of \(what))", hint: hint)
        }
        return nil
    }
}
