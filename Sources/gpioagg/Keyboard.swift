@preconcurrency import Glibc
import Control
import Engine

/// Keys for the simulated inputs when standard input is a terminal: `1` to `9`, then
/// letters, toggle the inputs in the order the config lists them; `s` prints every
/// level, `h` the keys, `q` (or Ctrl-C) stops.
///
/// The terminal is put in non-canonical mode without echo, so that a key acts at once,
/// and restored by `close()` (the daemon closes it whenever it stops). Runs on the
/// daemon's loop thread.
final class Keyboard {
    private unowned let daemon: Daemon
    private var saved = termios()
    private var closed = false

    /// The keys of the inputs, in order; `h`, `q` and `s` are taken.
    static let inputKeys = Array("123456789abcdefgijklmnoprtuvwxyz")

    init(daemon: Daemon) {
        self.daemon = daemon
        if tcgetattr(STDIN_FILENO, &saved) == 0 {
            var raw = saved
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
            withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        }
        daemon.console.info(help)
        daemon.loop.watch(fd: STDIN_FILENO) { [unowned self] _ in readable() }
    }

    func close() {
        guard !closed else { return }
        closed = true
        daemon.loop.unwatch(fd: STDIN_FILENO)
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
    }

    var help: String {
        let inputs = daemon.configuration.inputs
        let keys = zip(Self.inputKeys, inputs).map { "\($0) \($1.name)" }.joined(separator: ", ")
        let rest = inputs.count > Self.inputKeys.count ? " (the others: gpioagg sim toggle NAME)" : ""
        return "keys: \(keys)\(rest); s status, h help, q quit"
    }

    private func readable() {
        var keys = [UInt8](repeating: 0, count: 64)
        let count = keys.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR || errno == EAGAIN { return }
        guard count > 0 else {
            // The terminal went away: go on as a service would.
            close()
            return
        }
        for key in keys[..<count] where !closed { press(Character(UnicodeScalar(key))) }
    }

    private func press(_ key: Character) {
        switch key {
        case "q":
            daemon.stop(reason: "quit")
        case "s":
            daemon.console.info("\n" + daemon.statusSnapshot.table)
        case "h", "?":
            daemon.console.info(help)
        default:
            guard let index = Self.inputKeys.firstIndex(of: key),
                  daemon.configuration.inputs.indices.contains(index) else { return }
            do throws(EngineError) {
                try daemon.simulate(daemon.configuration.inputs[index].name, .toggle)
            } catch {
                daemon.console.warning("error: " + error.message)
            }
        }
    }
}
