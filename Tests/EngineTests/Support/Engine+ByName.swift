@testable import Engine
import Values

/// Name-keyed shorthands for the engine's tests, in the shapes the tests compare: each
/// goes through the engine's one way in, `Engine.set` (what a person or device asks) or
/// `Engine.update` (a value from the node's own source), and reshapes its outcome.
extension Engine {
    /// The input's level after `value` from its own source (a command, pressed or remote
    /// input), or after a toggle; nil when nothing takes it.
    @discardableResult
    func setInput(_ name: String, to value: Bool? = nil, toggle: Bool = false) -> Bool? {
        if toggle { return set(name, .command(.toggle)).applied?.level }
        guard let value else { return self.value(of: .input(name))?.level }
        return update(.input(name), to: .level(value))?.level
    }

    /// The command input's level after `command`: unchanged when it does not take it (a
    /// press on one with a level, on for a pressed one); nil when there is none.
    @discardableResult
    func setInput(_ name: String, _ command: SetCommand) -> Bool? {
        level(after: set(name, .command(command)), of: .input(name))
    }

    /// Whether a press was taken: false for an input that is not momentary, nil for none.
    @discardableResult
    func pressInput(_ name: String) -> Bool? {
        switch set(name, .command(.press)) {
        case .applied, .noted: true
        case .refused(let refusal): refusal.reason == .value ? false : nil
        }
    }

    /// The output's line after `command` (unchanged by a press); nil when no output with
    /// `command: true` has that name.
    @discardableResult
    func setOutput(_ name: String, _ command: SetCommand) -> Bool? {
        level(after: set(name, .command(command)), of: .output(name))
    }

    private func level(after outcome: SetOutcome, of id: NodeID) -> Bool? {
        if let level = outcome.applied?.level { return level }
        guard outcome.refusal?.reason == .value else { return nil }
        return value(of: id)?.level
    }

    /// A numeric input set to `value`: as a command (`limits`, within its `min:` and
    /// `max:`), or as a reading from its own source (nil: unavailable).
    @discardableResult
    func setNumber(_ name: String, to value: Double?, limits: Bool = true) -> Result<NodeValue, SetRefusal>? {
        if let value, limits || !value.isFinite { return set(name, .number(value)).result }
        return update(.input(name), to: value.map { .number($0, .none) } ?? .unavailable).map { .success($0) }
    }

    /// A counter's new total.
    @discardableResult
    func setTotal(_ name: String, to total: Double) -> Result<NodeValue, SetRefusal>? {
        set(name, .number(total)).result
    }

    /// A cover's command: nil when it acted, why nothing was sent when it had nothing to do.
    @discardableResult
    func setCover(_ name: String, _ command: CoverCommand) throws(SetRefusal) -> String? {
        switch set(name, .cover(command)) {
        case .applied: return nil
        case .noted(_, _, let note): return note
        case .refused(let refusal): throw refusal
        }
    }

    /// A PWM output's new target in percent.
    @discardableResult
    func setPWMOutput(_ name: String, _ value: SetValue) -> Result<Double, SetRefusal>? {
        set(name, value).result?.map { $0.number ?? .nan }
    }
}

extension SetOutcome {
    /// The value it applied, with or without a note.
    var applied: NodeValue? {
        switch self {
        case .applied(let value, _), .noted(let value, _, _): value
        case .refused: nil
        }
    }

    /// As a result; nil when the engine was not running.
    var result: Result<NodeValue, SetRefusal>? {
        switch self {
        case .applied(let value, _), .noted(let value, _, _): .success(value)
        case .refused(let refusal): refusal.reason == .notRunning ? nil : .failure(refusal)
        }
    }
}

extension Result where Failure == SetRefusal {
    /// What it refused; nil when it applied.
    var refusal: SetRefusal? {
        if case .failure(let refusal) = self { return refusal }
        return nil
    }
}
