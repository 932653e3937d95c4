#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import SystemCore
import Config
import Control
import Engine
import Logging
import Loop
import Values

/// Commands for the inputs, one per line, from standard input when it is a pipe or a
/// file: what scripts and tests drive `gpioagg --simulate` with. They move simulated
/// line inputs and command inputs alike (`InputTargets`); a remote input with a level
/// is refused, and numeric inputs take readings.
///
/// ```
/// on switch1            set an input on (off NAME: off)
/// set switch1 true      set it to a level word (on, off, true, false, 1, 0)
/// set t_north 27.5      set a numeric input to a reading, or unavailable
/// set water 12345.6     set a counter's total
/// toggle switch2        invert it; a number names the Nth input as `status` lists
///                       them (1 is the first), here and in every command:
///                       `toggle 1`, `pulse 2 50ms`, `3` (toggle the third)
/// pulse switch3 50ms    invert it, then restore it after the duration (default 100ms)
/// status                print every level
/// quit                  outputs to their safe values, exit (end of input does too)
/// ```
///
/// Commands run one at a time, each once the change before it has settled: the input's
/// line is back at rest (its pulses over) and the engine's value of the input agrees
/// with the line, so a script sees every change it makes, as a person at the switches
/// would. Nothing polls (`InputSettling`); after `patience` past the input's debounce
/// period (and a pulse's length) the next command runs anyway, with a warning. A
/// command that fails is logged as an error, and the daemon then exits with status 1
/// when the commands end (`quit` or end of input). Blank
/// lines and lines starting with `#` are skipped, and so is a line longer than
/// `Lines.maximumLineBytes` (with an error naming its line number): it is dropped as it
/// arrives, never held whole.
///
/// Runs on the daemon's loop thread. `ended` is called when the commands end (`quit`,
/// end of input), with why and how many failed.
final class CommandInput {
    private let descriptor: Int32
    private let loop: any EventLoop
    private let targets: InputTargets
    private let settling: InputSettling
    private let running: RunningEngine
    private let logger: Logger
    private let ended: (_ reason: String, _ failures: Int) -> Void
    private var lines = Lines()
    private var pending: [Lines.Item] = []
    private var chunk = [UInt8](repeating: 0, count: 4096)
    private var endOfInput = false
    private var waiting: InputSettling.Wait?
    private var closed = false
    /// Commands that failed so far: once any has, the daemon exits with status 1.
    private(set) var failures = 0

    static let defaultPulse = Duration.milliseconds(100)
    /// How long past its settling time a change may take before the next command runs.
    static let patience = Duration.seconds(5)

    init(descriptor: Int32, loop: any EventLoop, targets: InputTargets, settling: InputSettling,
         running: RunningEngine, logger: Logger, ended: @escaping (_ reason: String, _ failures: Int) -> Void) {
        self.descriptor = descriptor
        self.loop = loop
        self.targets = targets
        self.settling = settling
        self.running = running
        self.logger = logger
        self.ended = ended
        watch()
    }

    func close() {
        guard !closed else { return }
        closed = true
        waiting?.cancel()
        waiting = nil
        loop.unwatch(fd: descriptor)
    }

    private func watch() {
        loop.watch(fd: descriptor) { [unowned self] _ in readable() }
    }

    /// One read per readiness report, so the read never blocks on a descriptor others
    /// share (no O_NONBLOCK on a pipe that is not only ours).
    private func readable() {
        switch SystemCall.readAvailable(descriptor, into: &chunk) {
        case .notYet:
            return
        case .bytes(let count):
            lines.append(chunk[..<count], into: &pending)
        case .ended, .failed:
            endOfInput = true
            loop.unwatch(fd: descriptor)
            lines.finish(into: &pending)
        }
        run()
    }

    /// Runs the pending commands until one moves an input, the daemon stops, or none is
    /// left (then, at end of input, stops the daemon).
    private func run() {
        while waiting == nil, !closed, !pending.isEmpty {
            let line: String
            switch pending.removeFirst() {
            case .line(let text):
                line = text
            case .tooLong(let number):
                fail("line \(number) is longer than \(Lines.maximumLineBytes) bytes; skipped")
                continue
            }
            guard let (input, settlesAfter) = execute(line), !closed else { continue }
            if !endOfInput { loop.unwatch(fd: descriptor) }
            waiting = settling.wait(for: input, atLeast: settlesAfter, patience: Self.patience,
                                    untilPulsesEnd: true) { [weak self] outcome in
                guard let self, outcome != .stopped else { return }
                if outcome == .timedOut {
                    logger.warning("'\(input)' has not settled in \(ReadableDuration.format(Self.patience)); going on")
                }
                resume()
            }
        }
        if waiting == nil, !closed, pending.isEmpty, endOfInput {
            stop(reason: "end of input")
        }
    }

    /// Stops the daemon as the commands ask: with status 1 if any of them failed.
    private func stop(reason: String) {
        ended(reason, failures)
    }

    private func fail(_ message: String) {
        failures += 1
        logger.error("error: \(message)")
    }

    private func resume() {
        waiting = nil
        if !endOfInput, !closed { watch() }
        run()
    }

    /// Runs one command; returns the input it moved and how long it takes at least to
    /// settle.
    private func execute(_ line: String) -> (String, Duration)? {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let verb = words.first, !verb.hasPrefix("#") else { return nil }
        var word = words.count > 1 ? words[1] : ""
        let action: SimAction
        switch (verb, words.count, SetCommand(rawValue: verb)) {
        case ("quit", 1, _), ("exit", 1, _):
            stop(reason: "quit")
            return nil
        case ("status", 1, _):
            logger.info("\(running.engine.snapshot().table)")
            return nil
        case ("help", 1, _):
            logger.info("\(Self.help)")
            return nil
        case (_, 2, let command?) where !targets.isInput(words[1]) && set(words[1], .command(command)):
            return nil
        case ("press", 2, _) where !targets.isInput(word) && set(word, .command(.press)):
            return nil
        case ("press", 2, _):
            do throws(SimulatedInputs.Refusal) {
                let name = try targets.resolve(word)
                try targets.press(name)
                return (name, .zero)
            } catch {
                fail(error.text)
                return nil
            }
        case (_, 2, let command?):
            guard let move = SimAction(command) else { return nil }
            action = move
        case ("set", 3, _) where !targets.isInput(words[1]) && set(words[1], word: words[2]):
            return nil
        case ("set", 3, _):
            guard let setting = SimAction(setting: words[2]) else {
                fail("'\(words[2])' is not a level: "
                    + (LevelWord.meaningHint(for: words[2]) ?? "a level is one of \(LevelWord.listed)"))
                return nil
            }
            action = setting
        case ("pulse", 2, _): action = .pulse(Self.defaultPulse)
        case ("pulse", 3, _):
            switch DurationText.parse(words[2]) {
            case .value(let length) where length > .zero:
                action = .pulse(length)
            case .value:
                fail("'\(words[2])' is not a pulse length: a pulse lasts longer than 0")
                return nil
            case .invalid(let message, let hint):
                fail("\(message); \(hint)")
                return nil
            }
        case (_, 1, _) where Int(verb) != nil:
            do throws(SimulatedInputs.Refusal) {
                let name = try targets.resolve(verb)
                if targets.kind(of: name) == .press {
                    try targets.press(name)
                    return (name, .zero)
                }
            } catch {
                fail(error.text)
                return nil
            }
            word = verb
            action = .toggle
        default:
            fail("unknown command '\(Self.printable(line))'; commands: \(Self.commandList)")
            return nil
        }
        let name: String
        do throws(SimulatedInputs.Refusal) {
            name = try targets.resolve(word)
            try targets.perform(action, on: name)
        } catch {
            fail(error.text)
            return nil
        }
        return (name, targets.settlingTime(of: name, after: action))
    }

    /// `on porch_light`, `set strip 40`, `set garage_door open`, `set water 12345.6`:
    /// a node that is not an input (those are simulated) is set as `gpioagg set` sets
    /// it, and the change is logged as any other; a refusal is a failed command. False
    /// when no node has the name and no settable one is close to it, or an input is: the
    /// inputs' own refusal says which inputs there are.
    private func set(_ name: String, _ value: SetValue? = nil, word: String? = nil) -> Bool {
        let outcome = value.map { running.engine.set(name, $0) }
            ?? running.engine.set(name, word: word ?? "")
        guard let refusal = outcome.refusal else { return true }
        // The line commands move every input too: a name close to one is answered with
        // the inputs, as moving it would be.
        if refusal.reason == .unknownName,
           refusal.suggestions.isEmpty || !NameSuggestions.closeNames(to: name, among: targets.names).isEmpty {
            return false
        }
        fail(Self.printable(refusal.text))
        return true
    }

    /// `line` with its control characters (a NUL, an escape) written as `\u{0}`, so that
    /// an error quoting it prints as one line and cannot drive the terminal.
    static func printable(_ line: String) -> String {
        var text = ""
        for scalar in line.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                text += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    static let commandList = "on NAME, off NAME, set NAME LEVEL|NUMBER, set COVER open|close|stop|POSITION, set PWM PERCENT, "
        + "toggle NAME, press NAME, N (toggle or press input N), pulse NAME [DURATION], status, quit"

    static let help = """
        on NAME | off NAME | toggle NAME    set or invert an input (NAME or its number in status),
                                            or command an output with command: true
        set NAME LEVEL                      set it to on, off, true, false, 1 or 0
        set NAME NUMBER                     set a numeric input to a number, or unavailable,
                                            or a counter's total
        set COVER open|close|stop|POSITION  tell a cover (covers:) what to do
        set PWM PERCENT                     set a PWM output with command: true from 0 to 100 %
                                            (on, off and toggle too)
        press NAME                          press a pressed input (command: press)
        N                                   toggle the Nth input (press a pressed one)
        pulse NAME [DURATION]               invert it for a while (default 100ms)
        status                              print every level
        quit                                outputs to their safe values, exit
        """
}

extension CommandInput {
    /// Splits what standard input sends into command lines, in one pass: each byte is
    /// looked at once, and a line is kept only while it is at most `maximumLineBytes`
    /// long. A longer one is reported once, by its line number, and its bytes are
    /// dropped up to its newline. A NUL is a byte like any other: it ends nothing.
    ///
    /// ```swift
    /// var lines = CommandInput.Lines()
    /// var items: [CommandInput.Lines.Item] = []
    /// lines.append(Array("on switch1\nstat".utf8)[...], into: &items)   // [.line("on switch1")]
    /// lines.finish(into: &items)                                        // + [.line("stat")]
    /// ```
    struct Lines {
        static let maximumLineBytes = 4096

        enum Item: Equatable {
            case line(String)
            /// Line `number` (1 is the first) was longer than `maximumLineBytes`.
            case tooLong(Int)
        }

        /// The current line's bytes so far; empty while it is being skipped.
        private var line: [UInt8] = []
        /// The current line is too long (and was reported): its bytes are dropped.
        private var skipping = false
        /// The number of the current line.
        private(set) var lineNumber = 1

        mutating func append(_ bytes: ArraySlice<UInt8>, into items: inout [Item]) {
            var start = bytes.startIndex
            while start < bytes.endIndex {
                let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
                take(bytes[start..<(newline ?? bytes.endIndex)], into: &items)
                guard let newline else { return }
                endLine(into: &items)
                start = newline + 1
            }
        }

        /// End of input: a last line without its newline is a line too.
        mutating func finish(into items: inout [Item]) {
            if !line.isEmpty { endLine(into: &items) }
        }

        private mutating func take(_ piece: ArraySlice<UInt8>, into items: inout [Item]) {
            guard !skipping else { return }
            guard line.count + piece.count <= Self.maximumLineBytes else {
                skipping = true
                line = []
                items.append(.tooLong(lineNumber))
                return
            }
            line.append(contentsOf: piece)
        }

        private mutating func endLine(into items: inout [Item]) {
            if !skipping { items.append(.line(String(decoding: line, as: UTF8.self))) }
            skipping = false
            line.removeAll(keepingCapacity: true)
            lineNumber += 1
        }
    }
}
