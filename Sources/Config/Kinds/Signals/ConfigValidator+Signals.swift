import Clock
import HomeAssistantClasses
import Values

extension ConfigValidator {
    static let signalForms = SignalExpression.formKeys
    /// Keys that modify a form, and the forms each goes with (`SignalSchema.modifiers`).
    static let signalModifiers = SignalSchema.modifiers.map { (key: $0.key.name, forms: $0.forms) }
    /// The shortest `persist_every:` of a kept total: each write wears a flash card.
    static let shortestPersistEvery = Duration.milliseconds(100)
    /// The longest delay, pulse, gap or window: a day (longer belongs to a scheduler).
    static let longestTime = Duration.seconds(86_400)
    /// The most presses a click gesture counts.
    static let maximumClickCount = 10

    /// `signals: NAME: { all: [...] }` and the other forms: exactly one form each.
    mutating func readSignals(_ section: SourceNode.Entry) {
        guard let entries = sectionEntries(section, example: "all_on: { all: [switch1, switch2] }") else { return }
        for entry in entries {
            checkName(entry.key, at: entry.keyLocation)
            declaredNames.append(DeclaredName(name: entry.key, kind: .signal, location: entry.keyLocation))
            let what = "signal '\(entry.key)'"
            guard let settings = settings(entry.value, of: what, example: "\(entry.key): { all: [switch1, switch2] }") else {
                continue
            }
            checkKeys(settings, allowed: Self.signalForms + Self.signalModifiers.map(\.key), place: "in \(what)")
            let forms = Self.forms(among: settings)
            guard let form = forms.first else {
                if settings.isEmpty || settings.allSatisfy({ NearestNames.didYouMean($0.key, among: Self.signalForms) == nil }) {
                    report(entry.keyLocation, "\(what) needs one of " + Self.signalForms.map { "\($0):" }.joined(separator: ", "),
                           hint: "e.g. \(entry.key): { all: [switch1, switch2] }; docs/CONFIG.md describes each form")
                }
                continue
            }
            for extra in forms.dropFirst() {
                report(extra.keyLocation, "\(what) has both \(form.key): and \(extra.key):",
                       hint: "a signal has exactly one form; declare another signal for the other")
            }
            if forms.count == 1, valueKinds[entry.key] == nil {
                valueKinds[entry.key] = SignalExpression.numericFormKeys.contains(form.key) ? .number : .level
            }
            guard forms.count == 1, let (expression, operands) = readExpression(form, in: what) else { continue }
            guard let read = applyModifiers(settings, to: expression, operands: operands, form: form.key,
                                            name: entry.key, in: what, at: entry.keyLocation) else { continue }
            signals.append(read)
        }
    }

    /// The form keys among a signal's settings. `min:` and `max:` are also a click's
    /// press lengths: beside `click:`, or written as a duration beside another form, they
    /// are those. `count:` beside `click:` is its number of presses.
    private static func forms(among settings: [SourceNode.Entry]) -> [SourceNode.Entry] {
        let clickLengths = ["min", "max"]
        let isClick = settings.contains { $0.key == "click" }
        let others = settings.filter { signalForms.contains($0.key) && !clickLengths.contains($0.key) }
        return settings.filter { entry in
            guard signalForms.contains(entry.key) else { return false }
            if entry.key == "count" { return !isClick }
            guard clickLengths.contains(entry.key) else { return true }
            if others.contains(where: { $0.key == "click" }) { return false }
            if case .sequence = entry.value.content { return true }
            return others.isEmpty
        }
    }

    /// Reads the keys beside the form (`on_delay`, `within`, `reset`, `count` ...),
    /// each only where it means something.
    private mutating func applyModifiers(_ settings: [SourceNode.Entry], to expression: SignalExpression,
                                         operands: [Reference], form: String, name: String, in what: String,
                                         at location: SourceLocation) -> ReadSignal? {
        var declaration = SignalDeclaration(name: name, expression: expression, location: location)
        var operands = operands
        var valid = true
        var gesture = ClickGesture()
        var within: Duration?
        var hysteresis = 0.0
        var fallback = false
        var days: Set<Weekday>?
        var counter = CounterDeclaration()
        var persistEveryLocation: SourceLocation?
        var rate = RateDeclaration()
        var rateEntries: [String: SourceNode.Entry] = [:]
        var scaleFrom: (ends: ScaleDeclaration.Ends?, entry: SourceNode.Entry)?
        var scaleTo: (ends: ScaleDeclaration.Ends?, entry: SourceNode.Entry)?
        var scaleClamps = true
        let numeric = SignalExpression.numericFormKeys.contains(form)
        for setting in settings where setting.key != form {
            guard let modifier = Self.signalModifiers.first(where: { $0.key == setting.key }) else { continue }
            if setting.key == Self.displayNameKey {
                declaration.displayName = displayName(setting, in: what)
                continue
            }
            if setting.key == "internal" {
                declaration.isInternal = onOff(setting, in: what) ?? false
                continue
            }
            if modifier.forms == ["*"] {
                declaration.deviceClass = numeric
                    ? deviceClass(setting, for: HomeAssistantComponent.sensor, in: what)
                    : deviceClass(setting, for: expression.isMomentary ? HomeAssistantComponent.event : .binarySensor, in: what)
                continue
            }
            if modifier.forms.isEmpty ? expression.isMomentary || numeric : !modifier.forms.contains(form) {
                valid = false
                let hint = if modifier.forms.isEmpty, numeric {
                    "\(form): is a number; delay a level, e.g. a threshold: of it"
                } else if modifier.forms.isEmpty {
                    "\(form): is momentary, on for an instant: delay what it drives, e.g. a toggle: of it"
                } else if modifier.forms == SignalExpression.numericFormKeys {
                    "\(setting.key): applies to numbers (" + modifier.forms.map { "\($0):" }.joined(separator: ", ")
                        + "); \(form): is a level"
                } else {
                    "\(setting.key): goes with " + modifier.forms.map { "\($0):" }.joined(separator: " or ")
                }
                report(setting.keyLocation, "\(setting.key): does not apply to \(form): in \(what)", hint: hint)
                continue
            }
            switch setting.key {
            case "above", "below", "unit", "precision", "filters", "state_class":
                continue  // read below, with the settings they go with
            case "hysteresis":
                guard let band = decimal(setting, in: what) else { valid = false; continue }
                guard band >= 0 else {
                    report(setting.value.location, "hysteresis: \(ConfigText.decimal(band)) in \(what) is negative",
                           hint: "hysteresis: is how far back the value must go to turn it off again, 0 or more")
                    valid = false
                    continue
                }
                hysteresis = band
            case "fallback":
                guard let level = onOff(setting, in: what) else { valid = false; continue }
                fallback = level
            case "days":
                guard let read = weekdays(setting, in: what) else { valid = false; continue }
                days = read
            case "on_delay", "off_delay", "within", "min", "max", "gap":
                let zeroAllowed = setting.key == "min"
                guard let time = timeSetting(setting, in: what, zeroAllowed: zeroAllowed) else {
                    valid = false
                    continue
                }
                switch setting.key {
                case "on_delay": declaration.onDelay = time
                case "off_delay": declaration.offDelay = time
                case "within": within = time
                case "min": gesture.minPress = time
                case "max": gesture.maxPress = time
                default: gesture.gap = time
                }
            case "reset" where form == "count":
                guard let reset = onOff(setting, in: what) else { valid = false; continue }
                counter.reset = reset
            case "period":
                guard let period = choice(setting, in: what, options: CalendarPeriod.allCases.map { ($0.rawValue, $0) }) else {
                    valid = false
                    continue
                }
                loadSystemZone(for: setting.keyLocation)
                counter.period = period
            case "multiply":
                guard let multiply = decimal(setting, in: what) else { valid = false; continue }
                guard multiply > 0 else {
                    report(setting.value.location, "multiply: \(ConfigText.decimal(multiply)) in \(what) is not more than 0",
                           hint: "multiply: is what one pulse adds to the total, e.g. multiply: 0.001 for 1000 pulses per kWh")
                    valid = false
                    continue
                }
                counter.multiply = multiply
            case "persist_every":
                guard let every = timeSetting(setting, in: what, zeroAllowed: false) else { valid = false; continue }
                guard every >= Self.shortestPersistEvery else {
                    report(setting.value.location, "persist_every: \(ConfigText.duration(every)) in \(what) is shorter "
                        + "than \(ConfigText.duration(Self.shortestPersistEvery))",
                           hint: "persist_every: is how often a changing total is written to the disk, from "
                               + "\(ConfigText.duration(Self.shortestPersistEvery)) to 24h (default 1s); each write wears flash")
                    valid = false
                    continue
                }
                counter.persistEvery = every
                persistEveryLocation = setting.keyLocation
            case "from", "to":
                guard case .scale(let operand, _) = expression else { continue }
                let ends = scaleEnds(setting, operand: operand, in: what)
                if ends == nil { valid = false }
                if setting.key == "from" { scaleFrom = (ends, setting) } else { scaleTo = (ends, setting) }
            case "clamp":
                guard let word = text(setting, in: what) else { valid = false; continue }
                guard let clamps = LevelWord.level(of: word) else {
                    report(setting.value.location, "unknown value '\(word)' for clamp: in \(what)",
                           hint: "write clamp: false to take the line on past from:'s ends (a plain linear conversion), "
                               + "or clamp: true (the default) to hold the value at to:'s ends")
                    valid = false
                    continue
                }
                scaleClamps = clamps
            case "per", "timeout", "window":
                guard let time = timeSetting(setting, in: what, zeroAllowed: false) else { valid = false; continue }
                switch setting.key {
                case "per": rate.per = time
                case "timeout": rate.timeout = time
                default: rate.window = time
                }
                rateEntries[setting.key] = setting
            case "reset":
                guard let reset = reference(setting.value, key: "reset", in: what) else {
                    valid = false
                    continue
                }
                operands.append(reset)
                if case .toggle(let operand, _) = expression {
                    declaration.expression = .toggle(operand, reset: reset.name)
                }
            case "persist":
                guard let persist = onOff(setting, in: what) else {
                    valid = false
                    continue
                }
                declaration.persist = persist
            default:  // count
                guard let count = wholeNumber(setting, in: what) else {
                    valid = false
                    continue
                }
                guard (1...Self.maximumClickCount).contains(count) else {
                    report(setting.value.location, "count \(count) in \(what) is outside 1 to \(Self.maximumClickCount)",
                           hint: "count: is how many presses make the gesture: 1 a click, 2 a double click")
                    valid = false
                    continue
                }
                gesture.count = count
            }
        }
        var declaredUnit: Reference?
        if numeric {
            if let (number, unit) = numberSettings(settings, in: what) {
                declaration.number = number
                declaredUnit = unit
                if case .scale = expression, unit == nil {
                    declaration.number?.unit = MeasurementUnit(ScaleDeclaration.defaultUnit)
                }
            } else {
                valid = false
            }
        }
        switch declaration.expression {
        case .threshold(let operand, _):
            guard let (direction, bound, reference) = thresholdBound(settings, in: what, name: name, at: location) else {
                valid = false
                break
            }
            if let reference { operands.append(reference) }
            declaration.expression = .threshold(operand, ThresholdDeclaration(direction, bound, hysteresis: hysteresis,
                                                                              fallback: fallback))
        case .click(let operand, _):
            if gesture.minPress >= gesture.maxPress {
                report(location, "\(what): min: \(ConfigText.duration(gesture.minPress)) is not shorter than max: "
                    + ConfigText.duration(gesture.maxPress),
                       hint: "a press counts when it lasts from min: to max: (default 50ms to 350ms)")
                valid = false
            }
            declaration.expression = .click(operand, gesture)
        case .all(let names):
            if let within { declaration.expression = .allWithin(names, within: within) }
        case .count(let operand, _):
            if let persistEveryLocation, !declaration.persist {
                report(persistEveryLocation, "persist_every: in \(what) keeps nothing without persist: true",
                       hint: "add persist: true to keep the total across restarts, or leave persist_every: out")
                valid = false
            }
            declaration.expression = .count(operand, counter)
            if !checkCounterClasses(settings, of: &declaration, in: what) { valid = false }
        case .rate(let operand, _):
            if !checkRateWindow(rate, entries: rateEntries, in: what) { valid = false }
            declaration.expression = .rate(operand, rate)
        case .between(let window, _):
            do throws(ClockError) {
                declaration.expression = .between(try DailyWindow(from: window.from, to: window.to,
                                                                   days: days ?? window.days), fallback: fallback)
            } catch {
                report(location, "\(error) (\(what))", hint: "name at least one day, e.g. days: [mon, tue, wed, thu, fri]")
                valid = false
            }
        case .at(let moment):
            do throws(ClockError) {
                declaration.expression = .at(try DailyMoment(at: moment.time, days: days ?? moment.days))
            } catch {
                report(location, "\(error) (\(what))", hint: "name at least one day, e.g. days: [mon, thu]")
                valid = false
            }
        case .scale(let operand, _):
            guard var scale = scale(from: scaleFrom, to: scaleTo, in: what, at: location) else {
                valid = false
                break
            }
            scale.clamps = scaleClamps
            declaration.expression = .scale(operand, scale)
        default:
            break
        }
        return valid ? ReadSignal(declaration: declaration, operands: operands, declaredUnit: declaredUnit) : nil
    }

    /// A duration from more than zero (or zero, where allowed) to `longestTime`.
    mutating func timeSetting(_ entry: SourceNode.Entry, in what: String, zeroAllowed: Bool) -> Duration? {
        guard let text = text(entry, in: what) else { return nil }
        switch DurationText.parse(text) {
        case .value(let time):
            let range = "\(entry.key): is from \(zeroAllowed ? "0" : "1ms") to 24h, e.g. \(entry.key): 500ms"
            if time == .zero, !zeroAllowed {
                report(entry.value.location, "\(entry.key): in \(what) is zero", hint: "leave \(entry.key): out for none; \(range)")
                return nil
            }
            if time > Self.longestTime {
                report(entry.value.location, "\(entry.key): \(text) in \(what) is longer than a day", hint: range)
                return nil
            }
            return time
        case .invalid(let message, let hint):
            report(entry.value.location, "\(message) (\(entry.key): of \(what))", hint: hint)
            return nil
        }
    }

    private mutating func readExpression(_ form: SourceNode.Entry, in what: String) -> (SignalExpression, [Reference])? {
        switch form.key {
        case "all", "any", "none", "zip":
            guard let names = referenceList(form.value, key: form.key, in: what) else { return nil }
            let list = names.map(\.name)
            let expression: SignalExpression = switch form.key {
            case "all": .all(list)
            case "any": .any(list)
            case "none": .none(list)
            default: .zip(list)
            }
            return (expression, names)
        case "not", "toggle", "click":
            let hint = switch form.key {
            case "not": "to be true while none of several is true, write none: [a, b]"
            case "toggle": "to toggle on any of several, toggle a signal declared with any: [a, b]"
            default: "a click watches one input or signal"
            }
            guard let name = reference(form.value, key: form.key, in: what, hint: hint) else { return nil }
            let expression: SignalExpression = switch form.key {
            case "not": .not(name.name)
            case "toggle": .toggle(name.name)
            default: .click(name.name, ClickGesture())
            }
            return (expression, [name])
        case "mean", "min", "max", "sum", "difference":
            guard let names = referenceList(form.value, key: form.key, in: what) else { return nil }
            guard let aggregate = NumberAggregate(rawValue: form.key) else {
                guard names.count == 2 else {
                    report(form.value.location, "difference: in \(what) takes two names, found \(names.count)",
                           hint: "difference: [a, b] is a minus b")
                    return nil
                }
                return (.difference(names[0].name, names[1].name), names)
            }
            return (.aggregate(aggregate, names.map(\.name)), names)
        case "count", "rate":
            let hint = form.key == "count" ? "a counter counts the pulses of one input or signal, e.g. count: meter"
                : "a rate watches one number, e.g. rate: water, per: 1m"
            guard let name = reference(form.value, key: form.key, in: what, hint: hint) else { return nil }
            return (form.key == "count" ? .count(name.name, CounterDeclaration()) : .rate(name.name, RateDeclaration()),
                    [name])
        case "scale":
            let hint = "a scale maps one number, e.g. \(Self.scaleExample)"
            guard let name = reference(form.value, key: form.key, in: what, hint: hint) else { return nil }
            return (.scale(name.name, ScaleDeclaration(from: .init(0, 1), to: .init(0, 1))), [name])
        case "threshold":
            let hint = "a threshold watches one number, e.g. threshold: inside, above: 28"
            guard let name = reference(form.value, key: form.key, in: what, hint: hint) else { return nil }
            return (.threshold(name.name, ThresholdDeclaration(.above, .number(0))), [name])
        case "between":
            loadSystemZone(for: form.keyLocation)
            let example = "between: [sunset, \"23:00\"]"
            guard case .sequence(let items) = form.value.content, items.count == 2 else {
                if !form.value.isReported {
                    report(form.value.location, "between: in \(what) takes two times of day, [from, to]",
                           hint: "write \(example): on from the first until the second, each day")
                }
                return nil
            }
            guard let from = timeOfDay(items[0], key: "between", in: what),
                  let to = timeOfDay(items[1], key: "between", in: what) else { return nil }
            do throws(ClockError) {
                return (.between(try DailyWindow(from: from, to: to), fallback: false), [])
            } catch {
                report(form.value.location, "\(error) (between: of \(what))",
                       hint: "write \(example); a window from 22:00 to 06:00 spans midnight")
                return nil
            }
        case "at":
            loadSystemZone(for: form.keyLocation)
            guard let time = timeOfDay(form.value, key: "at", in: what) else { return nil }
            do throws(ClockError) {
                return (.at(try DailyMoment(at: time)), [])
            } catch {
                report(form.value.location, "\(error) (at: of \(what))", hint: Self.timeOfDayHint)
                return nil
            }
        case "unavailable":
            let hint = "unavailable: watches one number, e.g. sensor_fault: { unavailable: inside }"
            guard let name = reference(form.value, key: form.key, in: what, hint: hint) else { return nil }
            return (.unavailable(name.name), [name])
        case "at_least":
            return readAtLeast(form, in: what)
        case "latch":
            guard let (set, reset) = readPair(form, keys: ("set", "reset"), example: "latch: { set: start, reset: stop }",
                                              optional: "dominant", in: what) else { return nil }
            guard let dominant = latchDominance(form, in: what) else { return nil }
            return (.latch(set: set.name, reset: reset.name, dominant: dominant), [set, reset])
        default:
            guard let (value, on) = readPair(form, keys: ("value", "on"), example: "sample: { value: mode_switch, on: button }",
                                             in: what) else { return nil }
            return (.sample(value: value.name, on: on.name), [value, on])
        }
    }

    /// A latch's `dominant:` (`reset` when absent); nil after reporting a bad one.
    private mutating func latchDominance(_ form: SourceNode.Entry, in what: String) -> LatchDominance? {
        guard case .mapping(let settings) = form.value.content,
              let entry = settings.first(where: { $0.key == "dominant" }) else { return .reset }
        guard let word = text(entry, in: "latch: of \(what)") else { return nil }
        guard let dominant = LatchDominance(rawValue: word) else {
            report(entry.value.location, "dominant: in latch: of \(what) must be reset or set, found '\(word)'",
                   hint: "dominant: reset (the default) turns the latch off while both are on; dominant: set keeps it on")
            return nil
        }
        return dominant
    }

    /// `at_least: { count: 2, of: [a, b, c] }`.
    private mutating func readAtLeast(_ form: SourceNode.Entry, in what: String) -> (SignalExpression, [Reference])? {
        let example = "at_least: { count: 2, of: [a, b, c] }"
        guard let settings = settings(form.value, of: "at_least: in \(what)", example: example) else { return nil }
        checkKeys(settings, allowed: ["count", "of"], place: "in at_least: of \(what)")
        let countEntry = settings.first { $0.key == "count" }
        let ofEntry = settings.first { $0.key == "of" }
        for (key, entry) in [("count", countEntry), ("of", ofEntry)] where entry == nil {
            report(form.value.location, "at_least: in \(what) needs \(key):", hint: "write \(example)")
        }
        let count = countEntry.flatMap { wholeNumber($0, in: "at_least: of \(what)") }
        let names = ofEntry.flatMap { referenceList($0.value, key: "of", in: what) }
        guard let countEntry, let count else { return nil }
        let range = "count: is from 1 to the number of names in of:"
        if count < 1 {
            report(countEntry.value.location, "at_least count \(count) in \(what) is less than 1", hint: range)
            return nil
        }
        guard let names else { return nil }
        if count > names.count {
            report(countEntry.value.location,
                   "at_least count \(count) in \(what) is more than the \(names.count) name\(names.count == 1 ? "" : "s") in of:",
                   hint: "\(range) (\(names.count))")
            return nil
        }
        return (.atLeast(count: count, of: names.map(\.name)), names)
    }

    /// `latch: { set: a, reset: b }` or `sample: { value: a, on: b }`: two names, each
    /// under its key.
    private mutating func readPair(_ form: SourceNode.Entry, keys: (String, String), example: String,
                                   optional: String? = nil, in what: String) -> (Reference, Reference)? {
        guard let settings = settings(form.value, of: "\(form.key): in \(what)", example: example) else { return nil }
        checkKeys(settings, allowed: [keys.0, keys.1] + (optional.map { [$0] } ?? []), place: "in \(form.key): of \(what)")
        var references: [String: Reference] = [:]
        var complete = true
        for key in [keys.0, keys.1] {
            guard let entry = settings.first(where: { $0.key == key }) else {
                report(form.value.location, "\(form.key): in \(what) needs \(key):", hint: "write \(example)")
                complete = false
                continue
            }
            references[key] = reference(entry.value, key: key, in: "\(form.key): of \(what)")
            complete = complete && references[key] != nil
        }
        guard complete, let first = references[keys.0], let second = references[keys.1] else { return nil }
        return (first, second)
    }

    /// Exactly one of `above:` and `below:`: a number, or the name of a numeric input or
    /// signal (checked with the other names).
    private mutating func thresholdBound(_ settings: [SourceNode.Entry], in what: String, name: String,
                                         at location: SourceLocation)
        -> (ThresholdDeclaration.Direction, ThresholdDeclaration.Bound, Reference?)? {
        let bounds = settings.filter { $0.key == "above" || $0.key == "below" }
        guard let entry = bounds.first else {
            report(location, "\(what) needs above: or below:",
                   hint: "e.g. \(name): { threshold: inside, above: 28, hysteresis: 2 }")
            return nil
        }
        if bounds.count > 1 {
            report(bounds[1].keyLocation, "\(what) has both above: and below:",
                   hint: "a threshold has one bound; declare a second threshold for the other")
            return nil
        }
        guard let text = text(entry, in: what), let direction = ThresholdDeclaration.Direction(rawValue: entry.key) else {
            return nil
        }
        if let number = DecimalText.parse(text) { return (direction, .number(number), nil) }
        let notNumbers = ["nan", "inf", "infinity"]
        guard Self.isValidName(text), !notNumbers.contains(text.asciiLowercased), LevelWord.meaning(of: text) == nil else {
            report(entry.value.location, "\(entry.key): in \(what) must be a number or the name of a numeric input or signal, found '\(text)'",
                   hint: Self.decimalHint)
            return nil
        }
        guard let reference = reference(entry.value, key: entry.key, in: what) else { return nil }
        return (direction, .node(text), reference)
    }
}
