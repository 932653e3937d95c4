import Values

extension ConfigValidator {
    /// A cover as written, with where each name it uses is written: its outputs, end
    /// inputs and interlock are checked once every section is read.
    struct ReadCover {
        var declaration: CoverDeclaration
        var relay: Reference?
        var up: Reference?
        var down: Reference?
        var closed: Reference?
        var open: Reference?
    }

    static let relayCoverExample = "garage_door: { relay: door_relay, closed: door_closed, open: door_open, travel: 15s }"
    static let motorCoverExample = "blinds: { up: blinds_up, down: blinds_down, travel: 20s }"
    /// The shortest and longest `travel:`.
    static let travelRange = Duration.milliseconds(100)...Duration.seconds(3_600)

    /// `covers: NAME: { relay, closed, open, travel }` or `{ up, down, travel, closed, open }`.
    mutating func readCovers(_ section: SourceNode.Entry) {
        guard let entries = sectionEntries(section, example: Self.relayCoverExample) else { return }
        for entry in entries {
            checkName(entry.key, at: entry.keyLocation)
            declaredNames.append(DeclaredName(name: entry.key, kind: .cover, location: entry.keyLocation))
            let what = "cover '\(entry.key)'"
            guard let settings = settings(entry.value, of: what, example: Self.relayCoverExample) else { continue }
            checkKeys(settings, allowed: CoverSchema.keyNames, place: "in \(what)")
            var read = ReadCover(declaration: CoverDeclaration(name: entry.key, drive: .relay(""), travel: .zero,
                                                               location: entry.keyLocation))
            var travel: Duration?
            var complete = true
            for setting in settings {
                switch setting.key {
                case "relay", "up", "down", "closed", "open":
                    let name = reference(setting.value, key: setting.key, in: what)
                    if name == nil { complete = false }
                    switch setting.key {
                    case "relay": read.relay = name
                    case "up": read.up = name
                    case "down": read.down = name
                    case "closed": read.closed = name
                    default: read.open = name
                    }
                case "travel":
                    travel = travelTime(setting, in: what)
                    if travel == nil { complete = false }
                case "device_class":
                    read.declaration.deviceClass = deviceClass(setting, for: .cover, in: what)
                case Self.displayNameKey:
                    read.declaration.displayName = displayName(setting, in: what)
                case "internal":
                    read.declaration.isInternal = onOff(setting, in: what) ?? false
                default:
                    break
                }
            }
            let motors = "up: and down: (two motors, e.g. \(Self.motorCoverExample))"
            let relay = "relay: (a push button, e.g. \(Self.relayCoverExample))"
            switch (read.relay, read.up, read.down) {
            case (let relayName?, nil, nil):
                if read.closed == nil, !settings.contains(where: { $0.key == "closed" }) {
                    report(entry.keyLocation, "\(what) needs closed: with relay:",
                           hint: "name the input (or signal) that is on while the door is closed, e.g. closed: door_closed")
                    complete = false
                }
                read.declaration.drive = .relay(relayName.name)
            case (nil, let up?, let down?):
                read.declaration.drive = .motors(up: up.name, down: down.name, wait: .zero)
            case (nil, nil, nil):
                if settings.contains(where: { ["relay", "up", "down"].contains($0.key) }) {
                    complete = false
                } else {
                    report(entry.keyLocation, "\(what) needs relay: or up: and down:",
                           hint: "a cover moves with \(relay) or with \(motors)")
                    continue
                }
            case (nil, _, _):
                let missing = read.up == nil ? "up" : "down"
                if !settings.contains(where: { $0.key == missing }) {
                    report(entry.keyLocation, "\(what) has \(missing == "up" ? "down" : "up"): but no \(missing):",
                           hint: "a cover with motors needs both: \(motors)")
                }
                complete = false
            case (.some, _, _):
                let extra = settings.first { $0.key == "up" || $0.key == "down" }
                report(extra?.keyLocation ?? entry.keyLocation,
                       "\(what) has relay: and \(extra?.key ?? "up"):; a cover moves with one relay or with two motors",
                       hint: "keep \(relay), or \(motors)")
                complete = false
            }
            if travel == nil, !settings.contains(where: { $0.key == "travel" }) {
                report(entry.keyLocation, "\(what) needs travel:",
                       hint: "how long a full move from closed to open takes, e.g. travel: 15s")
                complete = false
            }
            guard complete, let travel else { continue }
            read.declaration.travel = travel
            read.declaration.closed = read.closed?.name
            read.declaration.open = read.open?.name
            covers.append(read)
        }
    }

    /// `travel:`: from 100ms to an hour.
    private mutating func travelTime(_ entry: SourceNode.Entry, in what: String) -> Duration? {
        guard let text = text(entry, in: what) else { return nil }
        let range = "travel: is from 100ms to 1h, e.g. travel: 15s"
        switch DurationText.parse(text) {
        case .value(let time) where Self.travelRange.contains(time):
            return time
        case .value(let time):
            report(entry.value.location, "travel: \(text) in \(what) is "
                + (time < Self.travelRange.lowerBound ? "shorter than 100ms" : "longer than an hour"), hint: range)
        case .invalid(let message, let hint):
            report(entry.value.location, "\(message) (travel: of \(what))", hint: hint)
        }
        return nil
    }

    /// Once every name is known: each cover's outputs are outputs no other node drives
    /// (a relay with `pulse:`, motors in one interlock), its end inputs are inputs or
    /// level signals. Fills in the motors' interlock wait.
    mutating func checkCovers(kinds: [String: NodeKind]) {
        var drivenBy: [String: String] = [:]
        let outputNames = declaredNames.filter { $0.kind == .output }.map(\.name)
        let readable = declaredNames.filter { $0.kind == .input || $0.kind == .signal }.map(\.name)
        var knownOutputs = KnownNames(outputNames)
        var knownReadable = KnownNames(readable)
        for index in covers.indices {
            let cover = covers[index]
            let name = cover.declaration.name
            let what = "cover '\(name)'"
            for (key, reference) in [("relay", cover.relay), ("up", cover.up), ("down", cover.down)] {
                guard let reference else { continue }
                guard kinds[reference.name] == .output else {
                    let hint = kinds[reference.name] == nil
                        ? knownOutputs.didYouMean(reference.name)
                            ?? (outputNames.isEmpty ? "declare it under outputs:" : "outputs: " + outputNames.prefix(12).joined(separator: ", "))
                        : "a cover drives outputs: name one declared under outputs:"
                    let found = kinds[reference.name].map { "'\(reference.name)' in \(key): of \(what) is \($0 == .input ? "an" : "a") \($0.rawValue), not an output" }
                        ?? "unknown output '\(reference.name)' in \(key): of \(what)"
                    report(reference.location, found, hint: hint)
                    continue
                }
                if pwmOutputs.contains(where: { $0.declaration.name == reference.name }) {
                    report(reference.location, "'\(reference.name)' in \(key): of \(what) is a PWM output; a cover drives outputs on GPIO lines",
                           hint: "name an output declared with line: on a GPIO chip")
                    continue
                }
                if let other = drivenBy[reference.name] {
                    report(reference.location, "output '\(reference.name)' is already driven by \(other)",
                           hint: "each cover needs outputs of its own")
                    continue
                }
                drivenBy[reference.name] = key == "relay" ? "cover '\(name)'" : "cover '\(name)' (\(key):)"
                guard let output = outputs.first(where: { $0.declaration.name == reference.name }) else { continue }
                if let follows = output.follows {
                    report(follows.location, "output '\(reference.name)' is driven by \(what): it cannot also follow '\(follows.name)'",
                           hint: "remove follows: from output '\(reference.name)'")
                }
                if output.declaration.command {
                    report(output.declaration.location, "output '\(reference.name)' is driven by \(what): it cannot also have command: true",
                           hint: "remove command: from output '\(reference.name)'; command the cover instead (gpioagg set \(name) open|close|stop)")
                }
                // The cover decides when its outputs are on: never at start, never at stop.
                if output.declaration.initial || output.declaration.restore || output.declaration.safe {
                    let written = output.declaration.safe ? "safe: on" : output.declaration.restore ? "initial: restore" : "initial: on"
                    report(output.declaration.location,
                           "output '\(reference.name)' is driven by \(what) and has \(written)",
                           hint: "a cover's outputs start off and go off at stop; remove \(written.split(separator: ":")[0]): "
                               + "(the blinds' position is kept on its own)")
                }
                if key == "relay", output.declaration.pulse == nil {
                    report(reference.location, "output '\(reference.name)' (relay: of \(what)) needs pulse:",
                           hint: "a relay presses the opener's button: give the output pulse:, e.g. pulse: 500ms")
                } else if key != "relay", output.declaration.pulse != nil {
                    report(reference.location, "output '\(reference.name)' (\(key): of \(what)) has pulse:; a motor is held on while it moves",
                           hint: "remove pulse: from output '\(reference.name)'")
                }
            }
            for (key, reference) in [("closed", cover.closed), ("open", cover.open)] {
                guard let reference else { continue }
                switch kinds[reference.name] {
                case .input, .signal:
                    if valueKinds[reference.name] == .number {
                        report(reference.location, "'\(reference.name)' in \(key): of \(what) is a number; an end position is a level",
                               hint: "compare it in a signal, e.g. \(reference.name)_\(key): { threshold: ... }, and name that")
                    } else if signals.contains(where: { $0.declaration.name == reference.name && $0.declaration.expression.isMomentary }) {
                        report(reference.location, "'\(reference.name)' in \(key): of \(what) is momentary (on for an instant); an end position is a level",
                               hint: "name the input that is on while the cover is \(key)")
                    }
                case .output?, .cover?:
                    report(reference.location, "'\(reference.name)' in \(key): of \(what) is \(kinds[reference.name] == .output ? "an output" : "a cover")",
                           hint: "name the input (or signal) that is on while the cover is \(key)")
                case nil:
                    let hint = knownReadable.didYouMean(reference.name)
                        ?? (readable.isEmpty ? "declare it under inputs:" : "inputs and signals: " + readable.prefix(12).joined(separator: ", "))
                    report(reference.location, "unknown name '\(reference.name)' in \(key): of \(what)", hint: hint)
                }
            }
            if let up = cover.up, let down = cover.down, kinds[up.name] == .output, kinds[down.name] == .output {
                if let interlock = interlocks.first(where: { Set([up.name, down.name]).isSubset(of: $0.declaration.outputs) }) {
                    covers[index].declaration.drive = .motors(up: up.name, down: down.name, wait: interlock.declaration.wait)
                } else {
                    report(cover.declaration.location, "the motors of \(what), '\(up.name)' and '\(down.name)', are in no interlock",
                           hint: "keep them from running both ways at once; add:\n"
                               + "  interlocks:\n    \(name)_motor: { outputs: [\(up.name), \(down.name)], wait: 500ms }")
                }
            }
        }
        // A cover's relay and motors move with its commands and its interlock alone: a hand
        // that forces one could run a motor against the cover's own logic.
        for output in outputs where output.declaration.override {
            guard let driver = drivenBy[output.declaration.name] else { continue }
            report(output.declaration.location, "override: on output '\(output.declaration.name)', which \(driver) drives",
                   hint: "a cover's outputs move with its commands: choose open, close or stop on the cover; "
                       + "remove override: here")
        }
        for output in outputs where output.follows == nil && !output.declaration.command && drivenBy[output.declaration.name] == nil {
            report(output.declaration.location, "output '\(output.declaration.name)' needs follows:",
                   hint: "name the signal or input whose value the output shows, drive it from a cover under covers:, "
                       + "or write command: true for an output Home Assistant and gpioagg set switch")
        }
    }
}
