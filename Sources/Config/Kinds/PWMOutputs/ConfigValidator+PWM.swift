import GPIO
import Values

extension ConfigValidator {
    /// `frequency:` from 1 Hz to 10 MHz.
    static let pwmFrequencyRange = 1.0...10_000_000.0
    /// `period:` from 100 ns to 1 s: the same range as `frequency:`.
    static let pwmPeriodRange = Duration.nanoseconds(100)...Duration.seconds(1)
    /// `ramp:` up to an hour.
    static let longestRamp = Duration.seconds(3_600)
    static let pwmOutputExample = "fan: { chip: pwm, channel: 0, frequency: 25kHz, follows: fan_speed }"

    /// Whether an output's settings are a PWM output's: its `chip:` is declared with `pwm:`,
    /// or (its chip unknown) it has a channel, a frequency or a period and no line.
    func isPWMOutput(_ settings: [SourceNode.Entry]) -> Bool {
        let chip = settings.first { $0.key == "chip" }?.value.scalarText
        if let chip, declaredPWMChips.contains(chip) { return true }
        if let chip, declaredChips.contains(chip) { return false }
        return !settings.contains { $0.key == "line" }
            && settings.contains { ["channel", "frequency", "period"].contains($0.key) }
    }

    /// `outputs: NAME: { chip, channel, frequency | period, follows, command, entity,
    /// initial, safe, active, ramp, name }` on a chip declared with `pwm:`.
    mutating func readPWMOutput(_ entry: SourceNode.Entry, settings: [SourceNode.Entry]) {
        let what = "output '\(entry.key)'"
        let keysText = "a PWM output takes " + PWMOutputSchema.keyNames.joined(separator: ", ")
        for setting in settings where PWMOutputSchema.lineOnlyKeys.contains(setting.key) {
            report(setting.keyLocation, "\(setting.key): does not apply to a PWM output (\(what))",
                   hint: setting.key == "line"
                       ? "a PWM output is a channel of its controller: write channel: N instead of line: (\(keysText))"
                       : keysText)
        }
        checkKeys(settings.filter { !PWMOutputSchema.lineOnlyKeys.contains($0.key) },
                  allowed: PWMOutputSchema.keyNames, place: "in \(what)")
        var chip: Reference?
        var channel: (number: Int, location: SourceLocation)?
        var period: UInt64?
        var timing: SourceNode.Entry?
        var follows: Reference?
        var command = false
        // An invalid command: is reported as such, not as a missing one.
        var commandInvalid = false
        var entity: (value: PWMControl, entry: SourceNode.Entry)?
        var initial: Double?
        var safe = 0.0
        var activeLow = false
        var ramp: Duration?
        var displayName: String?
        var isInternal = false
        for setting in settings {
            switch setting.key {
            case "chip":
                chip = reference(setting.value, key: "chip", in: what)
            case "channel":
                if let number = pwmChannel(setting, in: what) { channel = (number, setting.value.location) }
            case "frequency", "period":
                if let first = timing {
                    report(setting.keyLocation, "\(what) has both \(first.key): and \(setting.key):",
                           hint: "give one: the period is 1 / frequency (frequency: 25kHz is period: 40us)")
                    continue
                }
                timing = setting
                period = setting.key == "frequency" ? pwmFrequency(setting, in: what) : pwmPeriod(setting, in: what)
            case "follows":
                follows = reference(setting.value, key: "follows", in: what,
                                    hint: "an output follows one signal; combine several in a signal, e.g. mean: [a, b]")
            case "command":
                guard let value = onOff(setting, in: what) else {
                    commandInvalid = true
                    continue
                }
                command = value
            case "entity":
                guard let value = choice(setting, in: what, options: PWMControl.allCases.map { ($0.rawValue, $0) }) else {
                    continue
                }
                entity = (value, setting)
            case "initial", "safe":
                guard let value = percent(setting, in: what) else { continue }
                if setting.key == "initial" { initial = value } else { safe = value }
            case "active":
                guard let value = choice(setting, in: what, options: [("high", false), ("low", true)]) else {
                    continue
                }
                activeLow = value
            case "ramp":
                guard let time = rampTime(setting, in: what) else { continue }
                ramp = time
            case Self.displayNameKey:
                displayName = self.displayName(setting, in: what)
            case "internal":
                isInternal = onOff(setting, in: what) ?? false
            default:
                break
            }
        }
        if let entity, !command, !commandInvalid {
            report(entity.entry.keyLocation, "entity: in \(what) applies with command: true",
                   hint: "entity: is how Home Assistant shows an output it commands (light, fan or number); "
                       + "add command: true, or remove entity:")
        }
        let missing: [(key: String, hint: String)] = [
            ("chip", "name the PWM controller declared under chips:, e.g. chips: { \(Self.pwmChipExample) }"),
            ("channel", "the controller's channel (pwmN in sysfs), e.g. channel: 0; 'gpioagg detect' lists each controller's channels"),
        ]
        for (key, hint) in missing where !settings.contains(where: { $0.key == key }) {
            report(entry.keyLocation, "\(what) needs \(key):", hint: hint)
        }
        if timing == nil {
            report(entry.keyLocation, "\(what) needs frequency: or period:",
                   hint: "how fast the channel cycles, e.g. frequency: 25kHz for a fan, frequency: 1kHz for a light, or period: 20ms")
        }
        if !command, !commandInvalid, !settings.contains(where: { $0.key == "follows" }) {
            report(entry.keyLocation, "\(what) needs follows: or command: true",
                   hint: "nothing else sets a PWM output: follow a number in % or a level (e.g. follows: fan_speed), "
                       + "or write command: true so that Home Assistant and gpioagg set \(entry.key) 40|on|off set it")
        }
        // Kept with other errors too, so that its chip and what it follows are still
        // checked; the configuration is only returned when there is no error.
        guard let chip else { return }
        var declaration = PWMOutputDeclaration(name: entry.key, chip: chip.name, channel: channel?.number ?? 0,
                                               period: period ?? 0, follows: follows?.name, initial: initial ?? safe,
                                               safe: safe, location: entry.keyLocation,
                                               channelLocation: channel?.location ?? entry.keyLocation)
        declaration.command = command
        declaration.entity = entity?.value ?? .light
        declaration.activeLow = activeLow
        declaration.ramp = ramp
        declaration.displayName = displayName
        declaration.isInternal = isInternal
        pwmOutputs.append(ReadPWMOutput(declaration: declaration, chip: chip, follows: follows,
                                        hasChannel: channel != nil))
    }

    /// `channel: 0`: a whole number, 0 or more, written without a leading zero.
    private mutating func pwmChannel(_ entry: SourceNode.Entry, in what: String) -> Int? {
        guard let text = text(entry, in: what) else { return nil }
        let hint = "channel: is the controller's channel (pwmN in sysfs), e.g. channel: 0; 'gpioagg detect' lists each controller's channels"
        let digits = text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
        if digits, text.count > 1, text.hasPrefix("0") {
            let number = text.drop { $0 == "0" }
            report(entry.value.location, "channel: \(text) in \(what) has a leading zero",
                   hint: "YAML 1.1 reads \(text) as an octal number; write channel: \(number.isEmpty ? "0" : String(number))")
            return nil
        }
        if digits, let number = Int32(text) { return Int(number) }
        if digits {
            report(entry.value.location, "channel: \(text) in \(what) is too large", hint: hint)
        } else if text.hasPrefix("-"), text.count > 1, text.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) {
            report(entry.value.location, "channel: \(text) in \(what) is negative", hint: hint)
        } else {
            report(entry.value.location, "channel: in \(what) must be a whole number, 0 or more, found '\(text)'", hint: hint)
        }
        return nil
    }

    /// `frequency: 25kHz`: from 1 Hz to 10 MHz, as a period in nanoseconds.
    private mutating func pwmFrequency(_ entry: SourceNode.Entry, in what: String) -> UInt64? {
        guard let text = text(entry, in: what) else { return nil }
        let range = "frequency: is from 1Hz to 10MHz, e.g. frequency: 25kHz (a fan) or frequency: 1kHz (a light)"
        switch FrequencyText.parse(text) {
        case .value(let hertz) where hertz < Self.pwmFrequencyRange.lowerBound:
            report(entry.value.location, "frequency: \(text) in \(what) is below 1Hz",
                   hint: range + "; for a slower cycle, follow a signal that blinks a line output")
        case .value(let hertz) where hertz > Self.pwmFrequencyRange.upperBound:
            report(entry.value.location, "frequency: \(text) in \(what) is above 10MHz", hint: range)
        case .value(let hertz):
            return FrequencyText.period(ofHertz: hertz)
        case .invalid(let message, let hint):
            report(entry.value.location, "\(message) (frequency: of \(what))", hint: hint)
        }
        return nil
    }

    /// `period: 40us`: from 100 ns to 1 s, in nanoseconds.
    private mutating func pwmPeriod(_ entry: SourceNode.Entry, in what: String) -> UInt64? {
        guard let text = text(entry, in: what) else { return nil }
        let range = "period: is from 100ns to 1s, e.g. period: 40us (25kHz) or period: 20ms (50Hz, a servo)"
        switch DurationText.parse(text) {
        case .value(let time) where time < Self.pwmPeriodRange.lowerBound:
            report(entry.value.location, "period: \(text) in \(what) is shorter than 100ns", hint: range)
        case .value(let time) where time > Self.pwmPeriodRange.upperBound:
            report(entry.value.location, "period: \(text) in \(what) is longer than 1s", hint: range)
        case .value(let time):
            return time.wholeNanoseconds
        case .invalid(let message, let hint):
            report(entry.value.location, "\(message) (period: of \(what))", hint: hint)
        }
        return nil
    }

    /// `initial: 40`, `safe: 100`: a duty cycle in percent, 0 to 100 (`40%` too).
    private mutating func percent(_ entry: SourceNode.Entry, in what: String) -> Double? {
        guard let text = text(entry, in: what) else { return nil }
        let range = "\(entry.key): is a duty cycle in percent, from 0 (off) to 100 (fully on), e.g. \(entry.key): 40"
        let number = text.hasSuffix("%") ? String(text.dropLast()) : text
        if let value = DecimalText.parse(number) {
            guard (0...100).contains(value) else {
                report(entry.value.location, "\(entry.key): \(text) in \(what) is outside 0 to 100", hint: range)
                return nil
            }
            return value
        }
        if let level = LevelWord.level(of: text) {
            report(entry.value.location, "\(entry.key): \(text) in \(what) is a level; a PWM output's \(entry.key): is a percentage",
                   hint: "write \(entry.key): \(level ? "100" : "0") for \(level ? "fully on" : "off"); \(range)")
        } else if text == "restore" {
            report(entry.value.location, "initial: restore does not apply to a PWM output (\(what))",
                   hint: "give the duty cycle it starts at; \(range)")
        } else {
            report(entry.value.location, "\(entry.key): in \(what) must be a percentage, found '\(text)'", hint: range)
        }
        return nil
    }

    /// `ramp: 500ms`: more than zero, up to an hour.
    private mutating func rampTime(_ entry: SourceNode.Entry, in what: String) -> Duration? {
        guard let text = text(entry, in: what) else { return nil }
        let range = "ramp: is how long a change of the duty cycle takes, more than 0 and up to 1h, e.g. ramp: 500ms"
        switch DurationText.parse(text) {
        case .value(let time) where time == .zero:
            report(entry.value.location, "ramp: in \(what) is zero", hint: "leave ramp: out to change at once; \(range)")
        case .value(let time) where time > Self.longestRamp:
            report(entry.value.location, "ramp: \(text) in \(what) is longer than an hour", hint: range)
        case .value(let time):
            return time
        case .invalid(let message, let hint):
            report(entry.value.location, "\(message) (ramp: of \(what))", hint: hint)
        }
        return nil
    }
}
