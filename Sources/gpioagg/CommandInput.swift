@preconcurrency import Glibc
import Control
import Engine

/// Commands for the simulated inputs, one per line, from standard input when it is a
/// pipe or a file: what scripts and tests drive `gpioagg --simulate` with.
///
/// ```
/// on switch1            set an input on (off NAME: off)
/// toggle switch2        invert it; a number toggles the Nth input (1 is the first)
/// pulse switch3 50ms    invert it, then restore it after the duration (default 100ms)
/// status                print every level
/// quit                  outputs to their safe values, exit (end of input does too)
/// ```
///
/// Commands run one at a time, each once the change before it has settled: after a
/// command that moves an input, the next waits for that input's debounce period (and a
/// pulse's length), then until the engine's value of the input agrees with the line
/// (and a pulse has ended), so a script sees every change it makes, as a person at the
/// switches would, however late a busy machine runs the timers. Blank lines and lines
/// starting with `#` are skipped.
///
/// Runs on the daemon's loop thread.
final class CommandInput {
    private unowned let daemon: Daemon
    private var buffer: [UInt8] = []
    private var pending: [String] = []
    private var endOfInput = false
    private var paused = false
    private var closed = false

    static let defaultPulse = Duration.milliseconds(100)
    /// Added to each wait, so the settling deadline runs first.
    static let margin = Duration.milliseconds(2)
    /// How often to look again when the change has not settled yet, and for how long.
    static let recheck = Duration.milliseconds(1)
    static let patience = Duration.seconds(5)

    /// What a command that moved an input waits for.
    struct Settling {
        var input: String
        /// At least this long (debounce, pulse length).
        var wait: Duration
        /// The level the input must end at (a pulse's starting level), if any.
        var final: Bool?
    }

    init(daemon: Daemon) {
        self.daemon = daemon
        watch()
    }

    func close() {
        guard !closed else { return }
        closed = true
        daemon.loop.unwatch(fd: STDIN_FILENO)
    }

    private func watch() {
        daemon.loop.watch(fd: STDIN_FILENO) { [unowned self] _ in readable() }
    }

    /// One read per readiness report, so the read never blocks on a descriptor others
    /// share (no O_NONBLOCK on a pipe that is not only ours).
    private func readable() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR || errno == EAGAIN { return }
        if count <= 0 {
            endOfInput = true
            daemon.loop.unwatch(fd: STDIN_FILENO)
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

    /// Runs the pending commands until one asks to wait, the daemon stops, or none is
    /// left (then, at end of input, stops the daemon).
    private func run() {
        while !paused, !closed, !pending.isEmpty {
            let line = pending.removeFirst()
            guard let settling = execute(line), !closed else { continue }
            paused = true
            if !endOfInput { daemon.loop.unwatch(fd: STDIN_FILENO) }
            let loop = daemon.loop
            waitUntilSettled(settling, deadline: loop.now &+ (settling.wait + Self.patience).wholeNanoseconds,
                             after: settling.wait + Self.margin)
        }
        if !paused, !closed, pending.isEmpty, endOfInput {
            daemon.stop(reason: "end of input")
        }
    }

    private func waitUntilSettled(_ settling: Settling, deadline: UInt64, after delay: Duration) {
        let loop = daemon.loop
        loop.schedule(atNanoseconds: loop.now &+ delay.wholeNanoseconds) { [weak self] in
            guard let self, !closed else { return }
            if !isSettled(settling), loop.now < deadline {
                return waitUntilSettled(settling, deadline: deadline, after: Self.recheck)
            }
            paused = false
            if !endOfInput { watch() }
            run()
        }
    }

    private func isSettled(_ settling: Settling) -> Bool {
        guard let level = try? daemon.engine.simulatedInputLevel(settling.input) else { return true }
        return daemon.engine.snapshot().inputs[settling.input] == level && (settling.final.map { $0 == level } ?? true)
    }

    /// Runs one command; returns what to wait for, if it moved an input.
    private func execute(_ line: String) -> Settling? {
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
            print(daemon.statusSnapshot.table)
            return nil
        case ("help", 1):
            print(Self.help)
            return nil
        case ("on", 2): action = .set(true)
        case ("off", 2): action = .set(false)
        case ("toggle", 2): action = .toggle
        case ("pulse", 2): action = .pulse(Self.defaultPulse)
        case ("pulse", 3):
            guard let length = try? GPIOAgg.Sim.pulseLength(words[2]) else {
                daemon.console.warning("error: '\(words[2])' is not a duration; write it as 50ms, 1.5s or 500us")
                return nil
            }
            action = .pulse(length)
        case (_, 1) where Int(verb) != nil:
            guard let number = Int(verb), inputs.indices.contains(number - 1) else {
                daemon.console.warning("error: there is no input number \(verb); inputs 1 to \(inputs.count)")
                return nil
            }
            name = inputs[number - 1].name
            action = .toggle
        default:
            daemon.console.warning("error: unknown command '\(line)'; commands: " + Self.commandList)
            return nil
        }
        // A pulse settles back at the level it started from.
        var before: Bool?
        if case .pulse = action { before = daemon.engine.snapshot().inputs[name] }
        do throws(EngineError) {
            try daemon.simulate(name, action)
        } catch {
            daemon.console.warning("error: " + error.message + (error.hint.isEmpty ? "" : "; " + error.hint))
            return nil
        }
        let debounce = inputs.first { $0.name == name }?.debounce.period ?? .zero
        if case .pulse(let length) = action { return Settling(input: name, wait: length + debounce, final: before) }
        return Settling(input: name, wait: debounce, final: nil)
    }

    static let commandList = "on NAME, off NAME, toggle NAME, N (toggle input N), pulse NAME [DURATION], status, quit"

    static let help = """
        on NAME | off NAME | toggle NAME    set or invert a simulated input; N toggles the Nth
        pulse NAME [DURATION]               invert it for a while (default 100ms)
        status                              print every level
        quit                                outputs to their safe values, exit
        """
}
