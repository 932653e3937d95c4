#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
import Control
import Engine
import Loop

/// Commands for the simulated inputs, one per line, from standard input when it is a
/// pipe or a file: what scripts and tests drive `gpioagg --simulate` with.
///
/// ```
/// on switch1            set an input on (off NAME: off)
/// toggle switch2        invert it; a number names the Nth input (1 is the first),
///                       here and in every command: `toggle 1`, `pulse 2 50ms`
/// pulse switch3 50ms    invert it, then restore it after the duration (default 100ms)
/// status                print every level
/// quit                  outputs to their safe values, exit (end of input does too)
/// ```
///
/// Commands run one at a time, each once the change before it has settled: the input's
/// line is back at rest (its pulses over) and the engine's value of the input agrees
/// with the line, so a script sees every change it makes, as a person at the switches
/// would. Nothing polls: the wait is looked at again when the engine reports a change of
/// the input, and once when the input's debounce period (and a pulse's length) has
/// passed; after `patience` more the next command runs anyway, with a warning. Blank
/// lines and lines starting with `#` are skipped.
///
/// Runs on the daemon's loop thread.
final class CommandInput {
    private unowned let daemon: Daemon
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var pending: [String] = []
    private var endOfInput = false
    private var waiting: Waiting?
    private var closed = false

    static let defaultPulse = Duration.milliseconds(100)
    /// Added to the settling time, so that the deadlines the change sets run first.
    static let margin = Duration.milliseconds(2)
    /// How long past its settling time a change may take before the next command runs.
    static let patience = Duration.seconds(5)

    /// A command that moved an input, waiting for the input to settle.
    private struct Waiting {
        var input: String
        var settleCheck: LoopTimer
        var giveUp: LoopTimer
    }

    init(daemon: Daemon, descriptor: Int32) {
        self.daemon = daemon
        self.descriptor = descriptor
        watch()
    }

    func close() {
        guard !closed else { return }
        closed = true
        waiting?.settleCheck.cancel()
        waiting?.giveUp.cancel()
        waiting = nil
        daemon.loop.unwatch(fd: descriptor)
    }

    private func watch() {
        daemon.loop.watch(fd: descriptor) { [unowned self] _ in readable() }
    }

    /// One read per readiness report, so the read never blocks on a descriptor others
    /// share (no O_NONBLOCK on a pipe that is not only ours).
    private func readable() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR || errno == EAGAIN { return }
        if count <= 0 {
            endOfInput = true
            daemon.loop.unwatch(fd: descriptor)
        } else {
            buffer += chunk[..<count]
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                pending.append(String(decoding: buffer[..<newline], as: UTF8.self))
                buffer.removeSubrange(...newline)
            }
        }
        if endOfInput, !buffer.isEmpty {
            pending.append(String(decoding: buffer, as: UTF8.self))
            buffer = []
        }
        run()
    }

    /// Runs the pending commands until one moves an input, the daemon stops, or none is
    /// left (then, at end of input, stops the daemon).
    private func run() {
        while waiting == nil, !closed, !pending.isEmpty {
            let line = pending.removeFirst()
            guard let (input, settlesAfter) = execute(line), !closed else { continue }
            if !endOfInput { daemon.loop.unwatch(fd: descriptor) }
            let loop = daemon.loop
            let check = loop.schedule(in: settlesAfter + Self.margin) { [weak self] in self?.checkSettled() }
            let giveUp = loop.schedule(in: settlesAfter + Self.margin + Self.patience) { [weak self] in
                guard let self, let waiting else { return }
                daemon.logger.warning("'\(waiting.input)' has not settled in \(Self.patience); going on")
                resume()
            }
            waiting = Waiting(input: input, settleCheck: check, giveUp: giveUp)
        }
        if waiting == nil, !closed, pending.isEmpty, endOfInput {
            daemon.stop(reason: "end of input")
        }
    }

    /// The engine reported a change: the input waited for may have settled.
    func engineChanged(_ change: EngineChange) {
        guard let waiting, change.kind == .input, change.name == waiting.input else { return }
        // After the change has gone through the whole graph, not within it.
        daemon.loop.execute { [loop = LoopBound(self, loop: daemon.loop)] in loop.value.checkSettled() }
    }

    private func checkSettled() {
        guard let waiting, !closed, isSettled(waiting.input) else { return }
        resume()
    }

    private func isSettled(_ input: String) -> Bool {
        guard let inputs = daemon.simulatedInputs, let line = try? inputs.lineState(of: input) else { return true }
        return !line.pulsing && daemon.engine.snapshot().inputs[input] == line.level
    }

    private func resume() {
        waiting?.settleCheck.cancel()
        waiting?.giveUp.cancel()
        waiting = nil
        if !endOfInput, !closed { watch() }
        run()
    }

    /// Runs one command; returns the input it moved and how long it takes at least to
    /// settle.
    private func execute(_ line: String) -> (String, Duration)? {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let verb = words.first, !verb.hasPrefix("#") else { return nil }
        let inputs = daemon.configuration.inputs
        var name = words.count > 1 ? words[1] : ""
        let action: SimAction
        switch (verb, words.count) {
        case ("quit", 1), ("exit", 1):
            daemon.stop(reason: "quit")
            return nil
        case ("status", 1):
            daemon.logger.info("\(daemon.engine.snapshot().table)")
            return nil
        case ("help", 1):
            daemon.logger.info("\(Self.help)")
            return nil
        case ("on", 2): action = .set(true)
        case ("off", 2): action = .set(false)
        case ("toggle", 2): action = .toggle
        case ("pulse", 2): action = .pulse(Self.defaultPulse)
        case ("pulse", 3):
            switch DurationText.parse(words[2]) {
            case .value(let length) where length > .zero:
                action = .pulse(length)
            case .value:
                daemon.logger.error("error: '\(words[2])' is not a pulse length: a pulse lasts longer than 0")
                return nil
            case .invalid(let message, let hint):
                daemon.logger.error("error: \(message); \(hint)")
                return nil
            }
        case (_, 1) where Int(verb) != nil:
            guard let number = Int(verb), inputs.indices.contains(number - 1) else {
                daemon.logger.error("error: there is no input number \(verb); inputs 1 to \(inputs.count)")
                return nil
            }
            name = inputs[number - 1].name
            action = .toggle
        default:
            daemon.logger.error("error: unknown command '\(line)'; commands: \(Self.commandList)")
            return nil
        }
        // An input's number works wherever its name does (`toggle 1`, `pulse 2 50ms`).
        if let number = Int(name), inputs.indices.contains(number - 1), !inputs.contains(where: { $0.name == name }) {
            name = inputs[number - 1].name
        }
        do throws(SimulatedInputs.Refusal) {
            try daemon.simulate(name, action)
        } catch {
            daemon.logger.error("error: \(error.text)")
            return nil
        }
        let debounce = inputs.first { $0.name == name }?.debounce.period ?? .zero
        if case .pulse(let length) = action { return (name, length + debounce) }
        return (name, debounce)
    }

    static let commandList = "on NAME, off NAME, toggle NAME, N (toggle input N), pulse NAME [DURATION], status, quit"

    static let help = """
        on NAME | off NAME | toggle NAME    set or invert a simulated input; N toggles the Nth
        pulse NAME [DURATION]               invert it for a while (default 100ms)
        status                              print every level
        quit                                outputs to their safe values, exit
        """
}
