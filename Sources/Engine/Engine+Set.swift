import Config
import GPIO
import Values

extension Engine {
    /// Sets the node `name` to `value`, as a person or a device asks (`gpioagg set`, the
    /// control socket's `set`, a `/set` topic, the line commands, a test file's `set:`),
    /// as an event of its own, now: the one way in for every node that takes a value,
    /// and the one place that words what it refuses.
    ///
    /// What takes a value, and what:
    /// - a command input (`command: true`): on, off, toggle (and 1, 0); a pressed one
    ///   (`command: press`) press; a numeric one (`type: number`) a number within its
    ///   `min:` and `max:`;
    /// - a counter (`count:`): its new total, 0 or more;
    /// - an output with `command: true`: on, off, toggle; a PWM output with `command: true`
    ///   a percentage from 0 to 100 too;
    /// - a cover: open, close, stop, or a position from 0 to 100.
    ///
    /// Anything else is refused with what it is; a name nothing has is refused with the
    /// settable names close to it (`SetRefusal.suggestions`).
    ///
    /// ```swift
    /// engine.set("override", .toggle)          // .applied(.on, precision: 0)
    /// engine.set("strip", .number(40))          // .applied(.number(40, "%"), precision: 1)
    /// engine.set("blind", .cover(.open))        // .refused: no settable node named 'blind'; did you mean 'blinds'? ...
    /// ```
    @discardableResult
    public func set(_ name: String, _ value: SetValue) -> SetOutcome {
        loop.preconditionInEventLoop()
        do throws(SetRefusal) {
            return try setNode(name, value, word: value.text)
        } catch {
            return .refused(error)
        }
    }

    /// Sets the node `name` to what `word` says (`SetValue(_:)`), as `set(_:_:)` does: a
    /// word that is no value at all is refused as a value the node does not take, with
    /// what it takes (what the line commands and a test file answer).
    ///
    /// ```swift
    /// engine.set("strip", word: "bright")   // .refused: 'strip' takes 0 to 100 (%), on, off or toggle, not bright
    /// ```
    @discardableResult
    public func set(_ name: String, word: String) -> SetOutcome {
        loop.preconditionInEventLoop()
        do throws(SetRefusal) {
            return try setNode(name, SetValue(word), word: word)
        } catch {
            return .refused(error)
        }
    }

    /// Sets the node `id` to `value` as `set(_:_:)` does; a name of another kind than
    /// `id` says is refused as unknown.
    ///
    /// ```swift
    /// engine.set(.cover("blinds"), .number(40))   // .applied(.cover(.opening, position: ...), precision: 0)
    /// ```
    @discardableResult
    public func set(_ id: NodeID, _ value: SetValue) -> SetOutcome {
        loop.preconditionInEventLoop()
        guard kind(ofNamed: id.name) == id.kind else { return .refused(unknownSettable(id.name)) }
        return set(id.name, value)
    }

    /// Every node that takes a value from outside, in the order the configuration
    /// declares them by kind: command inputs, counters, outputs with `command: true`
    /// (lines', then PWM ones), covers. What an unknown name is compared with.
    public var settableNames: [String] { configuration.traits.settableNames }

    // MARK: Dispatch

    private func setNode(_ name: String, _ value: SetValue?, word: String) throws(SetRefusal) -> SetOutcome {
        let configuration = configuration
        if configuration.covers.contains(where: { $0.name == name }) { return try setCoverNode(name, value) }
        if let declaration = configuration.commandInputs.first(where: { $0.name == name }) {
            return try setCommandInput(declaration, value)
        }
        if let counter = configuration.signals.first(where: { $0.name == name }), case .count = counter.expression {
            guard let total = value?.number else {
                throw SetRefusal(.value, "'\(name)' is a counter: write its new total, a number of 0 or more")
            }
            return try applied(setTotal(name, to: total), precision: counters[name]?.node.precision)
        }
        if let output = configuration.pwmOutput(named: name) {
            guard output.command else { throw SetRefusal(.notSettable, PWMRefusal.takesNoCommand(output).message) }
            guard let value else { throw SetRefusal(.value, PWMRefusal.takes(name, not: word).message) }
            switch setPWMOutput(name, value) {
            case .success(let percent)?: return .applied(.number(percent, "%"), precision: PWMOutputDeclaration.precision)
            case .failure(let refusal)?: throw SetRefusal(.value, refusal.message)
            case nil: throw Self.notRunning
            }
        }
        if let output = configuration.outputs.first(where: { $0.name == name }) {
            guard output.command else {
                throw SetRefusal(.notSettable, "'\(name)' is an output that follows \(output.follows ?? "nothing"): "
                    + "only outputs with command: true can be set")
            }
            guard let command = value?.command, command.applies(toMomentary: false) else {
                throw SetRefusal(.value, SetCommand.takes(momentary: false, name: name))
            }
            guard let level = setOutput(name, command) else { throw Self.notRunning }
            return .applied(.level(level), precision: 0)
        }
        throw notSettable(name)
    }

    private func setCommandInput(_ declaration: CommandInputDeclaration, _ value: SetValue?) throws(SetRefusal) -> SetOutcome {
        let name = declaration.name
        if let number = declaration.number {
            guard let newValue = value?.number else {
                throw SetRefusal(.value, "'\(name)' is a number: write \(Self.range(of: number))")
            }
            return try applied(setNumber(name, to: newValue, limits: true),
                               precision: numbers.first { $0.id == .input(name) }?.precision)
        }
        guard let command = value?.command, command.applies(toMomentary: declaration.momentary) else {
            throw SetRefusal(.value, SetCommand.takes(momentary: declaration.momentary, name: name))
        }
        guard let level = setInput(name, command) else { throw Self.notRunning }
        return .applied(.level(level), precision: 0)
    }

    private func setCoverNode(_ name: String, _ value: SetValue?) throws(SetRefusal) -> SetOutcome {
        guard let command = value?.coverCommand else {
            throw SetRefusal(.value, "'\(name)' is a cover: write \(CoverCommand.words)")
        }
        let note: String?
        do throws(CoverRefusal) {
            note = try setCover(name, command)
        } catch {
            throw SetRefusal(state == .running ? .value : .notRunning, error.message)
        }
        let now = covers.first { $0.name == name }?.value(at: loop.now) ?? .unavailable
        guard let note else { return .applied(now, precision: 0) }
        return .noted(now, precision: 0, note: note)
    }

    private func applied(_ result: Result<NodeValue, NumberRefusal>?, precision: Int?) throws(SetRefusal) -> SetOutcome {
        switch result {
        case .success(let value)?:
            return .applied(value, precision: precision ?? NodeValue.defaultPrecision)
        case .failure(let refusal)?: throw SetRefusal(.value, refusal.description)
        case nil: throw Self.notRunning
        }
    }

    // MARK: Refusals

    private static let notRunning = SetRefusal(.notRunning, "the engine is not running")

    /// A node that takes no value from outside, by what it is; or an unknown name.
    private func notSettable(_ name: String) -> SetRefusal {
        let configuration = configuration
        let only = "only command inputs (command: true) can be set"
        if configuration.inputs.contains(where: { $0.name == name }) {
            return SetRefusal(.notSettable, "'\(name)' is an input on a line: \(only)",
                              hint: "under --simulate, move it with gpioagg sim")
        }
        if configuration.remoteInputs.contains(where: { $0.name == name }) {
            return SetRefusal(.notSettable, "'\(name)' follows an MQTT topic: \(only)")
        }
        if let sensor = configuration.sensorInputs.first(where: { $0.name == name }) {
            if let sensorRoot {
                return SetRefusal(.notSettable, "'\(name)' reads \(sensor.sensor) under \(sensorRoot): \(only)")
            }
            return SetRefusal(.notSettable, "'\(name)' reads a sensor: \(only)",
                              hint: "under --simulate, set its reading with gpioagg sim set \(name) NUMBER")
        }
        if configuration.signals.contains(where: { $0.name == name }) {
            return SetRefusal(.notSettable, "'\(name)' is a signal: it follows what it is made of; "
                + "only command inputs, counters, outputs with command: true and covers can be set")
        }
        return unknownSettable(name)
    }

    /// `no settable node named 'blind'; did you mean 'blinds'? (settable: ...)`: every
    /// node that takes a value is a candidate, whatever its kind.
    private func unknownSettable(_ name: String) -> SetRefusal {
        let settable = settableNames
        let close = NameSuggestions.closeNames(to: name, among: settable)
        let list = settable.isEmpty
            ? "the config declares nothing to set (command: true, count:, covers:)"
            : "settable: " + settable.joined(separator: ", ")
        return SetRefusal(.unknownName, "no settable node named '\(name)'", suggestions: close,
                          hint: NameSuggestions.didYouMean(close, list: list) ?? list)
    }

    private func kind(ofNamed name: String) -> NodeKind? {
        let configuration = configuration
        if configuration.inputNames.contains(name) { return .input }
        if configuration.signals.contains(where: { $0.name == name }) { return .signal }
        if configuration.outputNames.contains(name) { return .output }
        if configuration.covers.contains(where: { $0.name == name }) { return .cover }
        return nil
    }

    /// `a number from 5.00 to 30.00 °C`: what a numeric command input takes.
    static func range(of command: NumberCommandDeclaration) -> String {
        func shown(_ number: Double) -> String { DecimalText.format(number, places: command.number.precision) }
        let unit = command.number.unit.isNone ? "" : " " + command.number.unit.symbol
        return switch (command.minimum, command.maximum) {
        case (let low?, let high?): "a number from \(shown(low)) to \(shown(high))\(unit)"
        case (let low?, nil): "a number of at least \(shown(low))\(unit)"
        case (nil, let high?): "a number of at most \(shown(high))\(unit)"
        case (nil, nil): "a number" + (unit.isEmpty ? "" : " (in\(unit))")
        }
    }
}
