#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import SystemCore
import Control
import Engine
import Logging
import Loop

/// Keys for the inputs when standard input is a terminal: `1` to `9`, then letters,
/// toggle the inputs in the order `status` lists them (the numbers of the line
/// commands, `InputTargets`), simulated line inputs and command inputs alike; a remote
/// input's key is left out of the help and answers why it cannot move. `s` prints
/// every level, `h` the keys, `q` (or Ctrl-C) stops.
///
/// The terminal is put in non-canonical mode without echo, so that a key acts at once,
/// and restored by `close()` (the daemon closes it whenever it stops). `quit` is called
/// for `q`. Runs on the daemon's loop thread.
final class Keyboard {
    private let descriptor: Int32
    private let loop: any EventLoop
    private let targets: InputTargets
    private let running: RunningEngine
    private let logger: Logger
    private let quit: () -> Void
    private var saved = termios()
    private var closed = false

    /// The keys of the inputs, in order; `h`, `q` and `s` are taken.
    static let inputKeys = Array("123456789abcdefgijklmnoprtuvwxyz")

    init(descriptor: Int32, loop: any EventLoop, targets: InputTargets, running: RunningEngine, logger: Logger,
         quit: @escaping () -> Void) {
        self.descriptor = descriptor
        self.loop = loop
        self.targets = targets
        self.running = running
        self.logger = logger
        self.quit = quit
        if tcgetattr(descriptor, &saved) == 0 {
            var raw = saved
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
            withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            tcsetattr(descriptor, TCSANOW, &raw)
        }
        logger.info("\(help)")
        loop.watch(fd: descriptor) { [unowned self] _ in readable() }
    }

    func close() {
        guard !closed else { return }
        closed = true
        loop.unwatch(fd: descriptor)
        tcsetattr(descriptor, TCSANOW, &saved)
    }

    var help: String {
        let names = targets.names
        let keys = zip(Self.inputKeys, names).filter { !targets.isRemote($1) }
            .map { "\($0) \($1)" }.joined(separator: ", ")
        let rest = names.count > Self.inputKeys.count
            ? " (the others: gpioagg sim toggle NAME, or gpioagg set NAME toggle)" : ""
        return "keys: \(keys)\(rest); s status, h help, q quit"
    }

    private func readable() {
        var keys = [UInt8](repeating: 0, count: 64)
        switch SystemCall.readAvailable(descriptor, into: &keys) {
        case .notYet:
            return
        case .ended, .failed:
            // The terminal went away: go on as a service would.
            close()
        case .bytes(let count):
            for key in keys[..<count] where !closed { press(Character(UnicodeScalar(key))) }
        }
    }

    private func press(_ key: Character) {
        switch key {
        case "q":
            quit()
        case "s":
            logger.info("\n\(running.engine.snapshot().table)")
        case "h", "?":
            logger.info("\(help)")
        default:
            let names = targets.names
            guard let index = Self.inputKeys.firstIndex(of: key), names.indices.contains(index) else { return }
            do throws(SimulatedInputs.Refusal) {
                if targets.kind(of: names[index]) == .press {
                    try targets.press(names[index])
                } else {
                    try targets.perform(.toggle, on: names[index])
                }
            } catch {
                logger.error("error: \(error.text)")
            }
        }
    }
}
