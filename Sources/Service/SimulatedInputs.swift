import Config
import Control
import Engine
import GPIO
import GPIOSimulated
import Values

/// Moves the simulated inputs of a running engine by name, as `gpioagg sim`, line
/// commands and keys ask: the one place where `SimAction` meets the simulated chips.
/// Each input's changes queue on its chip line (`SimulatedChip`), so a later `set`
/// cancels what remains of an earlier pulse and back-to-back pulses end where the first
/// started.
///
/// ```swift
/// let inputs = SimulatedInputs(backend: chips, engine: engine, configuration: config)
/// try inputs.perform(.pulse(.milliseconds(200)), on: "switch1")
/// ```
struct SimulatedInputs {
    let backend: SimulatedBackend
    let engine: Engine
    let configuration: Configuration

    /// What the daemon refuses, worded for the person who asked.
    struct Refusal: Error {
        var message: String
        var hint: String = ""

        var text: String { message + (hint.isEmpty ? "" : "; " + hint) }
    }

    /// Applies `action` to the input called `name`; returns a numeric input's new value
    /// (nil: a line moved, which the engine has once its debounce lets it through).
    /// Loop thread.
    @discardableResult
    func perform(_ action: SimAction, on name: String) throws(Refusal) -> NodeValue? {
        if engine.traits[.input(name)]?.form.isNumeric == true { return try setReading(action, of: name) }
        let (chip, offset) = try line(of: name)
        guard let action = action.forLevel else {
            throw Refusal(message: "'\(name)' is on or off, not a number", hint: "write on or off")
        }
        switch action {
        case .set(let value): chip.setActive(.offset(offset), value)
        case .toggle: chip.toggle(.offset(offset))
        case .pulse(let duration):
            guard chip.pulse(.offset(offset), for: duration) else {
                throw Refusal(message: "input '\(name)' already has \(SimulatedChip.maximumQueuedPulses) pulses waiting",
                              hint: "wait for them to end, or set the input to cancel them")
            }
        case .number, .unavailable: break   // forLevel leaves none
        }
        return nil
    }

    /// A numeric input (a command or remote one) takes a number or unavailable as a
    /// reading: through its filters, outside its `min:` and `max:` too.
    private func setReading(_ action: SimAction, of name: String) throws(Refusal) -> NodeValue {
        let reading: Double?
        switch action {
        case .number(let number): reading = number
        case .unavailable: reading = nil
        case .set, .toggle, .pulse:
            throw Refusal(message: "'\(name)' is a number, not on or off", hint: "set it to a number, or unavailable")
        }
        if let reading, !reading.isFinite {
            throw Refusal(message: Engine.NumberRefusal.notFinite(name: name, value: reading).description)
        }
        guard let value = engine.update(.input(name), to: reading.map { .number($0, .none) } ?? .unavailable) else {
            throw Refusal(message: "the engine is not running")
        }
        return value
    }

    /// The input's logical level on its chip now (`true` is on), which the engine's own
    /// value reaches once debounce lets it through; and whether pulses are still due.
    func lineState(of name: String) throws(Refusal) -> (level: Bool, pulsing: Bool) {
        let (chip, offset) = try line(of: name)
        let activeLow = configuration.inputs.first { $0.name == name }?.activeLow ?? false
        let level = (chip.level(of: .offset(offset)) ?? false) != activeLow
        return (level, chip.pendingPulses(.offset(offset)) > 0)
    }

    private func line(of name: String) throws(Refusal) -> (SimulatedChip, UInt32) {
        guard engine.isRunning else { throw Refusal(message: "the engine is not running") }
        guard let id = engine.line(ofInput: name) else {
            // Inputs with no line have their own way to be moved: say which.
            if let command = configuration.commandInputs.first(where: { $0.name == name }) {
                throw Refusal(message: "'\(name)' is a command input, not a simulated line",
                              hint: command.momentary ? "press it with gpioagg set \(name) press"
                                  : "set it with gpioagg set \(name) on, off or toggle")
            }
            if let remote = configuration.remoteInputs.first(where: { $0.name == name }) {
                throw Refusal(message: "'\(name)' follows the MQTT topic \(remote.topic), not a simulated line",
                              hint: "publish to \(remote.topic) to move it")
            }
            let known = configuration.inputs.map(\.name)
            let close = NameSuggestions.closeNames(to: name, among: known)
            let list = known.isEmpty ? "" : "inputs: " + known.joined(separator: ", ")
            throw Refusal(message: "no input named '\(name)'",
                          hint: NameSuggestions.didYouMean(close, list: list) ?? list)
        }
        guard let chip = backend.simulatedChip(path: id.chip) else {
            throw Refusal(message: "input '\(name)' is not on a simulated chip: only simulated inputs can be set",
                          hint: "run with --simulate to drive inputs by hand")
        }
        return (chip, id.offset)
    }
}
