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
        guard nodes[id.name]?.id == id else { return .refused(unknownSettable(id.name)) }
        return set(id.name, value)
    }

    /// Every node that takes a value from outside, in the order the configuration
    /// declares them by kind: command inputs, counters, outputs with `command: true`
    /// (lines', then PWM ones), covers. What an unknown name is compared with.
    public var settableNames: [String] { traits.settableNames }

    // MARK: Dispatch

    /// The node called `name` takes the value, whatever its kind (`EngineNode.set`).
    private func setNode(_ name: String, _ value: SetValue?, word: String) throws(SetRefusal) -> SetOutcome {
        guard let node = nodes[name] else { throw unknownSettable(name) }
        return try node.set(value, word: word, in: self)
    }

    // MARK: Refusals

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
