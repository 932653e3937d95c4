import Config
import Control
import Engine
import GPIO
import Loop
import Values

/// The inputs a line command or a key names, and how each is moved: a simulated line
/// input on its chip (`SimulatedInputs`), a command input through the engine as
/// `gpioagg set` and MQTT's `/set` move it; a remote input with a level is refused,
/// since its value comes from its topic. A numeric input, a command or a remote one,
/// takes a number or unavailable as a reading, as `gpioagg sim set` sets it.
///
/// An input is named by its name or by its number: the inputs are numbered in the
/// order `status` lists them (by name, 1 the first), lines, command and remote inputs
/// alike, so that `toggle 3` and the key `3` move the third input `status` shows.
///
/// ```swift
/// let targets = InputTargets(running: running, loop: loop)
/// let name = try targets.resolve("3")        // "door_button"
/// try targets.perform(.pulse(.milliseconds(100)), on: name)
/// ```
///
/// Loop thread only.
final class InputTargets {
    typealias Refusal = SimulatedInputs.Refusal

    /// How an input is moved.
    enum Kind: Equatable {
        /// On a line: its simulated chip.
        case line
        /// `command: true`: the engine.
        case command
        /// `command: press`: pressed through the engine, never set.
        case press
        /// `topic:`: not by hand.
        case remote(topic: String)
    }

    private let running: RunningEngine
    private let loop: any EventLoop
    /// The pulses under way on command inputs: each ends by setting the input back.
    private var pulses: [String: LoopTimer] = [:]

    init(running: RunningEngine, loop: any EventLoop) {
        self.running = running
        self.loop = loop
    }

    /// Every input, in the order `status` lists them.
    var names: [String] { running.configuration.inputNames.sorted() }

    /// Whether `word` names an input, by its name or a number: what the line commands
    /// move here rather than set through the engine.
    func isInput(_ word: String) -> Bool {
        Int(word) != nil || running.configuration.inputNames.contains(word)
    }

    /// How the input `name` is moved, from its traits; nil for a name that is no input,
    /// and for a sensor's (a number, moved as a reading by `perform`).
    func kind(of name: String) -> Kind? {
        guard let traits = running.engine.traits[.input(name)] else { return nil }
        switch traits.setting {
        case .command, .number: return .command
        case .press: return .press
        case .none:
            if let topic = traits.topic { return .remote(topic: topic) }
            // A line's input has a level; a sensor's is a number.
            return traits.form == .level ? .line : nil
        case .total, .cover, .duty, .override: return nil
        }
    }

    /// Whether `name` is a remote input: named, numbered, never moved by hand.
    func isRemote(_ name: String) -> Bool {
        if case .remote = kind(of: name) { return true }
        return false
    }

    /// The input `word` names: an input's name, or its number in `names`.
    func resolve(_ word: String) throws(Refusal) -> String {
        let names = names
        if names.contains(word) { return word }
        if let number = Int(word) {
            guard names.indices.contains(number - 1) else {
                throw Refusal(message: "there is no input number \(word)",
                              hint: names.isEmpty ? "the config declares no input" : "inputs 1 to \(names.count)")
            }
            return names[number - 1]
        }
        throw unknown(word)
    }

    /// Moves the input called `name`. A numeric input, a command or a remote one, takes
    /// a number or unavailable as a reading (`SimulatedInputs`), as `gpioagg sim set` sets it.
    func perform(_ action: SimAction, on name: String) throws(Refusal) {
        if running.engine.traits[.input(name)]?.form.isNumeric == true {
            try running.simulate(name, action)
            return
        }
        switch kind(of: name) {
        case .line:
            try running.simulate(name, action)
        case .command:
            try move(command: name, action)
        case .press:
            throw Refusal(message: SetCommand.takes(momentary: true, name: name),
                          hint: "press \(name), or its key or number")
        case .remote(let topic):
            throw Refusal(message: "input '\(name)' follows the MQTT topic \(topic): it takes its value from there",
                          hint: "publish to \(topic) to move it")
        case nil:
            throw unknown(name)
        }
    }

    /// Presses the pressed input (`command: press`) called `name` once, as
    /// `gpioagg set NAME press` does; any other input is refused with what it takes.
    func press(_ name: String) throws(Refusal) {
        switch kind(of: name) {
        case .press:
            if let refusal = running.engine.set(name, .command(.press)).refusal { throw Refusal(message: refusal.message, hint: refusal.hint ?? "") }
        case .command:
            throw Refusal(message: SetCommand.takes(momentary: false, name: name))
        case .line, .remote:
            throw Refusal(message: "'\(name)' is not pressed: press applies to inputs declared command: press",
                          hint: "move it with on, off, toggle or pulse")
        case nil:
            throw unknown(name)
        }
    }

    /// "no input named 'door_buton'; did you mean 'door_button'? (inputs: ...)"
    private func unknown(_ name: String) -> Refusal {
        let names = names
        let close = NameSuggestions.closeNames(to: name, among: names)
        let list = names.isEmpty ? "the config declares no input" : "inputs: " + names.joined(separator: ", ")
        return Refusal(message: "no input named '\(name)'", hint: NameSuggestions.didYouMean(close, list: list) ?? list)
    }

    /// How long after `perform` the engine has the change, at least: the input's
    /// debounce period, and a pulse's length when waiting for its end.
    func settlingTime(of name: String, after action: SimAction) -> Duration {
        let debounce = running.configuration.inputs.first { $0.name == name }?.debounce.period ?? .zero
        if case .pulse(let length) = action { return length + debounce }
        return debounce
    }

    /// Ends the pulses under way without setting their inputs back (the daemon stops).
    func cancelPulses() {
        for timer in pulses.values { timer.cancel() }
        pulses = [:]
    }

    /// A set or a toggle cancels what remains of a pulse, as on a simulated line; a pulse
    /// inverts the input and sets it back to where it started after `length`.
    private func move(command name: String, _ action: SimAction) throws(Refusal) {
        let engine = running.engine
        guard let value = engine.value(of: .input(name))?.level, engine.isRunning else {
            throw Refusal(message: "the engine is not running")
        }
        guard let action = action.forLevel else {
            throw Refusal(message: "'\(name)' is on or off, not a number", hint: "write on or off")
        }
        switch action {
        case .set(let level):
            pulses.removeValue(forKey: name)?.cancel()
            engine.set(name, level ? .on : .off)
        case .toggle:
            pulses.removeValue(forKey: name)?.cancel()
            engine.set(name, .toggle)
        case .pulse(let length):
            guard pulses[name] == nil else {
                throw Refusal(message: "input '\(name)' has a pulse under way",
                              hint: "wait for it to end, or set the input to cancel it")
            }
            engine.update(.input(name), to: .level(!value))
            pulses[name] = loop.schedule(in: length) { [weak self] in
                guard let self else { return }
                pulses[name] = nil
                running.engine.update(.input(name), to: .level(value))
            }
        case .number, .unavailable: break   // forLevel leaves none
        }
    }
}
