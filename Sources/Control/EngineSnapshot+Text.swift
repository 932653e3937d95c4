import Values

extension EngineSnapshot {
    /// One section per kind, one line per name (sorted): the name, then its value with
    /// its unit (`on`, `off`, `27.50 °C`, `unavailable`, a cover's `opening 40 %`), and
    /// after a period counter's total its period (`(this day since 2026-06-22 00:00;
    /// last day 3.35 mm)`); the covers' section only when there are covers; the clock's
    /// last, when there is one. An output with `override: true` shows its mode
    /// (`(override: off)`).
    public var table: String {
        let width = [inputs, signals, outputs, covers].flatMap(\.keys).map(\.count).max() ?? 0
        var lines: [String] = []
        let sections = [("INPUTS", inputs), ("SIGNALS", signals), ("OUTPUTS", outputs)]
            + (covers.isEmpty ? [] : [("COVERS", covers)])
        for (title, values) in sections {
            lines.append(title)
            if values.isEmpty { lines.append("  (none)") }
            for name in values.keys.sorted() {
                lines.append("  " + name + String(repeating: " ", count: width - name.count + 2)
                    + values[name]!.text(precision: precision(of: name))
                    + (periods[name].map { "  (" + $0.text(unit: values[name]!.unit, precision: precision(of: name)) + ")" } ?? "")
                    + (title == "OUTPUTS" ? modes[name].map { "  (override: \($0.rawValue))" } ?? "" : ""))
            }
        }
        if !lost.isEmpty {
            lines.append("LOST (edges the kernel dropped)")
            for name in lost.keys.sorted() {
                let figures = lost[name]!
                let edges = figures.edges > 0 ? "\(figures.edges) edges, \(figures.pulses) pulses" : "at least one edge each"
                lines.append("  " + name + String(repeating: " ", count: max(0, width - name.count) + 2)
                    + "\(figures.losses) loss\(figures.losses == 1 ? "" : "es"): " + edges)
            }
        }
        if let clock { lines += clock.lines(width: width) }
        return lines.joined(separator: "\n")
    }

    /// `{"inputs": {NAME: VALUE}, "signals": {...}, "outputs": {...}}`, names sorted, and
    /// `"covers": {NAME: {"state": ..., "position": ...}}` when there are covers:
    /// what `gpioagg status --json` prints. A level is `true` or `false`, a number a JSON
    /// number rounded to its node's precision, unavailable `null`. When a number has a
    /// unit, `"units": {NAME: UNIT}` follows; when a number's precision is not the
    /// default, `"precision": {NAME: PLACES}`; for counters with a `period:`,
    /// `"periods": {NAME: {"period": "day", "start": ISO 8601 or null, "last": NUMBER or
    /// null}}`; for outputs with `override: true`, `"modes": {NAME: "auto"|"on"|"off"}`; `"clock"` last, when the config has times of day (`ClockStatus.json`).
    ///
    /// ```swift
    /// EngineSnapshot(inputs: ["switch1": .on], signals: [:], outputs: [:]).json.serialized(.spaced)
    /// // {"inputs": {"switch1": true}, "signals": {}, "outputs": {}}
    /// ```
    public var json: JSONValue {
        .object(JSONObject(jsonMembers))
    }

    /// The members of `json`, in order: also the members of a `status` reply after its
    /// `"ok"`.
    var jsonMembers: [(String, JSONValue)] {
        var units: [(String, JSONValue)] = []
        func section(_ values: [String: NodeValue]) -> JSONValue {
            .object(JSONObject(values.keys.sorted().map { name in
                if let unit = values[name]!.unit, !unit.isNone { units.append((name, .string(unit.symbol))) }
                return (name, values[name]!.json(precision: precision(of: name)))
            }))
        }
        var members = [("inputs", section(inputs)), ("signals", section(signals)), ("outputs", section(outputs))]
        if !covers.isEmpty { members.append(("covers", section(covers))) }
        if !units.isEmpty { members.append(("units", .object(JSONObject(units.sorted { $0.0 < $1.0 })))) }
        if !precisions.isEmpty {
            members.append(("precision", .object(JSONObject(precisions.keys.sorted().map {
                ($0, JSONValue.number(Double(precisions[$0]!)))
            }))))
        }
        if !lost.isEmpty {
            members.append(("lost", .object(JSONObject(lost.keys.sorted().map { name in
                let figures = lost[name]!
                return (name, JSONValue.object(JSONObject([
                    "losses": .number(Double(figures.losses)),
                    "edges": .number(Double(figures.edges)),
                    "pulses": .number(Double(figures.pulses)),
                ])))
            }))))
        }
        if !periods.isEmpty {
            members.append(("periods", .object(JSONObject(periods.keys.sorted().map { name in
                let period = periods[name]!
                return (name, JSONValue.object(JSONObject([
                    ("period", .string(period.period)),
                    ("start", period.startText.map { .string($0) } ?? .null),
                    ("last", period.last.map { NodeValue.number($0, .none).json(precision: precision(of: name)) } ?? .null),
                ])))
            }))))
        }
        if !modes.isEmpty {
            members.append(("modes", .object(JSONObject(modes.keys.sorted().map { ($0, JSONValue.string(modes[$0]!.rawValue)) }))))
        }
        if let clock { members.append(("clock", clock.json)) }
        return members
    }

    /// The snapshot `jsonMembers` wrote, from a reply's members.
    init(decoding object: JSONObject) throws(ControlError) {
        self.init()
        var unitOf: [String: MeasurementUnit] = [:]
        if case .object(let units)? = object["units"] {
            for (name, value) in units.members {
                guard case .string(let symbol) = value else {
                    throw .invalidReply("the unit of \(name.singleQuoted) is \(value.kindDescription), not a string")
                }
                unitOf[name] = MeasurementUnit(symbol)
            }
        }
        if case .object(let places)? = object["precision"] {
            for (name, value) in places.members {
                guard case .number(let number) = value, let places = Int(exactly: number), (0...9).contains(places) else {
                    throw .invalidReply("the precision of \(name.singleQuoted) is \(value.kindDescription), not 0 to 9")
                }
                precisions[name] = places
            }
        }
        func section(_ key: String) throws(ControlError) -> [String: NodeValue] {
            guard case .object(let members)? = object[key] else {
                throw .invalidReply("a status without an object \"\(key)\"")
            }
            var values: [String: NodeValue] = [:]
            for (name, value) in members.members {
                do throws(ControlError) {
                    values[name] = try NodeValue(json: value, unit: unitOf[name] ?? .none)
                } catch {
                    throw .invalidReply("\(key) \(name.singleQuoted) is \(value.kindDescription), "
                        + "not true, false, a number or null")
                }
            }
            return values
        }
        if case .object(let lostMembers)? = object["lost"] {
            for (name, value) in lostMembers.members {
                guard case .object(let figures) = value,
                      case .number(let losses)? = figures["losses"], let losses = Int(exactly: losses),
                      case .number(let edges)? = figures["edges"], let edges = UInt64(exactly: edges),
                      case .number(let pulses)? = figures["pulses"], let pulses = UInt64(exactly: pulses) else {
                    throw .invalidReply("the losses of \(name.singleQuoted) are not {\"losses\", \"edges\", \"pulses\"} counts")
                }
                lost[name] = LostPulses(losses: losses, edges: edges, pulses: pulses)
            }
        }
        if case .object(let periodMembers)? = object["periods"] {
            for (name, value) in periodMembers.members {
                guard case .object(let fields) = value, case .string(let period)? = fields["period"] else {
                    throw .invalidReply("the period of \(name.singleQuoted) is not {\"period\", \"start\", \"last\"}")
                }
                var totals = PeriodTotals(period: period)
                if case .string(let start)? = fields["start"] { totals.startText = start }
                if case .number(let last)? = fields["last"] { totals.last = last }
                periods[name] = totals
            }
        }
        if case .object(let modeMembers)? = object["modes"] {
            for (name, value) in modeMembers.members {
                guard case .string(let word) = value, let mode = OverrideMode(rawValue: word) else {
                    throw .invalidReply("the mode of \(name.singleQuoted) is not auto, on or off")
                }
                modes[name] = mode
            }
        }
        inputs = try section("inputs")
        signals = try section("signals")
        outputs = try section("outputs")
        if object["covers"] != nil { covers = try section("covers") }
        if let member = object["clock"] {
            guard case .object(let fields) = member else {
                throw .invalidReply("the clock is \(member.kindDescription), not an object")
            }
            clock = try ClockStatus(decoding: fields)
        }
    }
}
