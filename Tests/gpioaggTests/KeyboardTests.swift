import Foundation
import Testing

/// `gpioagg --simulate` in a terminal: keys toggle the inputs, the terminal is restored.
@Suite("gpioagg --simulate in a terminal", .tags(.binary))
struct KeyboardTests {
    @Test("number keys toggle the inputs, s prints the levels, q stops and restores the terminal")
    func keys() throws {
        let terminal = try PseudoTerminal()
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        let process = Process()
        process.executableURL = BuiltProducts.url("gpioagg")
        process.arguments = ["--simulate", "--control", temporarySocketPath()]
        process.environment = environment
        let device = FileHandle(fileDescriptor: terminal.device, closeOnDealloc: false)
        process.standardInput = device
        process.standardOutput = device
        process.standardError = device
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        #expect(terminal.waitFor("keys: 1 switch1, 2 switch2, 3 switch3; s status, h help, q quit"))
        #expect(terminal.waitFor("ready"))
        let settings = terminal.localModes()
        #expect(settings & tcflag_t(ICANON | ECHO) == 0, "keys act at once and are not echoed")
        for key in ["1", "2", "3"] {
            terminal.type(key)
            #expect(terminal.waitFor("input  switch\(key)   on"))
        }
        #expect(terminal.waitFor("output ready_led on"))
        terminal.type("s")
        #expect(terminal.waitFor("  ready_led  on"))
        terminal.type("2")
        #expect(terminal.waitFor("output ready_led off"))
        terminal.type("q")
        #expect(terminal.waitFor("stopped (quit)"))
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(terminal.text.contains("output ready_led off (safe state)"))
        #expect(terminal.localModes() & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO),
                "the terminal is back in its own mode")
        // Every change line starts with the time of day.
        let change = try #require(terminal.text.split(whereSeparator: \.isNewline)
            .first { $0.contains("input  switch1   on") })
        #expect(change.wholeMatch(of: /\d\d:\d\d:\d\d\.\d\d\d input  switch1   on\s*/) != nil, "line: \(change)")
    }

    @Test("keys follow status's order and move command inputs too")
    func commandInputKey() throws {
        let path = temporaryDirectory() + "/gpioagg.yaml"
        try """
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              motion: { chip: main, line: GPIO27 }
              door_button: { command: true }
            signals:
              lit: { any: [door_button, motion] }
            outputs:
              light: { chip: main, line: GPIO5, follows: lit }
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let terminal = try PseudoTerminal()
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        let process = Process()
        process.executableURL = BuiltProducts.url("gpioagg")
        process.arguments = ["run", "--simulate", "--config", path, "--control", temporarySocketPath()]
        process.environment = environment
        let device = FileHandle(fileDescriptor: terminal.device, closeOnDealloc: false)
        process.standardInput = device
        process.standardOutput = device
        process.standardError = device
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        #expect(terminal.waitFor("keys: 1 door_button, 2 motion; s status, h help, q quit"))
        #expect(terminal.waitFor("ready"))
        terminal.type("1")
        #expect(terminal.waitFor("input  door_button on"))
        #expect(terminal.waitFor("output light       on"))
        terminal.type("q")
        #expect(terminal.waitFor("stopped (quit)"))
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}

extension KeyboardTests {
    @Test("a pressed input's key presses it: each key one activation")
    func pressedInputKey() throws {
        let path = temporaryDirectory() + "/gpioagg.yaml"
        try """
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              gate_open: { command: press }
            signals:
              gate_toggled: { toggle: gate_open }
            outputs:
              lamp: { chip: main, line: GPIO5, follows: gate_toggled }
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let terminal = try PseudoTerminal()
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        let process = Process()
        process.executableURL = BuiltProducts.url("gpioagg")
        process.arguments = ["run", "--simulate", "--config", path, "--control", temporarySocketPath()]
        process.environment = environment
        let device = FileHandle(fileDescriptor: terminal.device, closeOnDealloc: false)
        process.standardInput = device
        process.standardOutput = device
        process.standardError = device
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        #expect(terminal.waitFor("keys: 1 gate_open; s status, h help, q quit"))
        #expect(terminal.waitFor("ready"))
        terminal.type("1")
        #expect(terminal.waitFor("activated"))
        #expect(terminal.waitFor("output lamp         on"))   // names padded to gate_toggled's
        terminal.type("1")
        #expect(terminal.waitFor("output lamp         off"))
        terminal.type("q")
        #expect(terminal.waitFor("stopped (quit)"))
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}

/// A pseudo-terminal: the child gets `device`; the test reads what it prints and types
/// into it through the controlling side.
final class PseudoTerminal: @unchecked Sendable {
    let controller: Int32
    let device: Int32
    private let lock = NSCondition()
    private var received = ""
    private var reader: Thread?

    init() throws {
        // posix_openpt and friends are not in Glibc's Swift module, nor are the _IOW
        // macros: TIOCSPTLCK = _IOW('T', 0x31, int), TIOCGPTN = _IOR('T', 0x30, unsigned)
        // in the generic ioctl encoding (x86-64, arm64, arm).
        let TIOCSPTLCK: UInt = 0x4004_5431
        let TIOCGPTN: UInt = 0x8004_5430
        controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard controller >= 0, ioctl(controller, TIOCSPTLCK, &unlock) == 0,
              ioctl(controller, TIOCGPTN, &number) == 0 else { throw POSIXError(.ENODEV) }
        device = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard device >= 0 else { throw POSIXError(.ENODEV) }
        let thread = Thread { [weak self] in self?.readLoop() }
        reader = thread
        thread.start()
    }

    deinit {
        close(device)
        close(controller)
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    func type(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { write(controller, $0.baseAddress, $0.count - 1) }
    }

    /// The `c_lflag` of the terminal now.
    func localModes() -> tcflag_t {
        var settings = termios()
        tcgetattr(device, &settings)
        return settings.c_lflag
    }

    /// Waits (up to a generous limit) until the output contains `expected`.
    func waitFor(_ expected: String, limit: TimeInterval = 30) -> Bool {
        let deadline = Date().addingTimeInterval(limit)
        lock.lock()
        defer { lock.unlock() }
        while !received.contains(expected) {
            if !lock.wait(until: deadline) { return received.contains(expected) }
        }
        return true
    }

    private func readLoop() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(controller, &buffer, buffer.count)
            if count <= 0 { return }
            lock.lock()
            received += String(decoding: buffer[..<count], as: UTF8.self).replacingOccurrences(of: "\r", with: "")
            lock.broadcast()
            lock.unlock()
        }
    }
}
