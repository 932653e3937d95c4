import Foundation
import Testing

/// `gpioagg --simulate` on the embedded demo, driven by commands on standard input (a
/// pipe), as scripts drive it.
@Suite("gpioagg --simulate, the embedded demo", .tags(.binary))
struct SimulateCommandTests {
    /// The lines that report changes (inputs, signals, outputs).
    static func changes(_ lines: [String]) -> [String] {
        lines.filter { $0.hasPrefix("input ") || $0.hasPrefix("signal ") || $0.hasPrefix("output ") }
    }

    @Test("the LED follows the all-on state of the three switches")
    func ledFollowsAllOn() throws {
        let result = try runProduct("gpioagg", ["--simulate", "--control", temporarySocketPath()], stdin: """
            on switch1
            on switch2
            on switch3
            off switch2
            toggle switch2
            quit
            """)
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(Self.changes(result.lines) == [
            "output ready_led off (initial)",
            "input switch1 off (initial)",
            "input switch2 off (initial)",
            "input switch3 off (initial)",
            "signal all_on off (initial)",
            "input switch1 on",
            "input switch2 on",
            "input switch3 on",
            "signal all_on on",
            "output ready_led on",
            "input switch2 off",
            "signal all_on off",
            "output ready_led off",
            "input switch2 on",
            "signal all_on on",
            "output ready_led on",
            "output ready_led off (safe state)",
        ])
        #expect(result.lines.last == "stopped (quit)")
    }

    @Test("setting a switch to the level it has changes nothing; a number toggles that input")
    func repeatedLevelIsNoChange() throws {
        let result = try runProduct("gpioagg", ["--simulate", "--control", temporarySocketPath()],
                                    stdin: "on switch1\non switch1\n1\n1\nstatus\n")
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(result.lines.filter { $0 == "input switch1 on" }.count == 2)
        #expect(result.lines.filter { $0 == "input switch1 off" }.count == 1)
        #expect(result.lines.contains("  switch1    on"))  // the status table
        #expect(!result.lines.contains("output ready_led on"))
        #expect(result.lines.last == "stopped (end of input)")
    }

    @Test("a pulse turns an input on, then off again after its length")
    func pulse() throws {
        let result = try runProduct("gpioagg", ["--simulate", "--control", temporarySocketPath()],
                                    stdin: "on switch1\non switch2\npulse switch3 40ms\nstatus\n")
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(Self.changes(result.lines).dropFirst(5) == [
            "input switch1 on",
            "input switch2 on",
            "input switch3 on",
            "signal all_on on",
            "output ready_led on",
            "input switch3 off",
            "signal all_on off",
            "output ready_led off",
            "output ready_led off (safe state)",
        ])
        #expect(result.lines.contains("  switch3    off"))  // the status after the pulse
    }

    @Test("unknown names and commands are reported on stderr, change nothing, and end the run with status 1")
    func badCommands() throws {
        let result = try runProduct("gpioagg", ["--simulate", "--control", temporarySocketPath()],
                                    stdin: "on switch9\nfly away\n7\npulse switch1 soon\non switch1\n")
        #expect(result.status == 1)
        #expect(result.lines.contains { $0.hasSuffix("stopped (end of input; 4 commands failed)") })
        #expect(result.errors.contains(
            "error: no input named 'switch9'; did you mean 'switch1', 'switch2' or 'switch3'? (inputs: switch1, switch2, switch3)"))
        #expect(result.errors.contains("error: unknown command 'fly away'"))
        #expect(result.errors.contains("error: there is no input number 7; inputs 1 to 3"))
        #expect(result.errors.contains("error: 'soon' is not a duration"))
        #expect(result.lines.contains("input switch1 on"))
        #expect(!result.lines.contains { $0.contains("switch9") })
    }

    static let signalNames: [Int32: String] = [
        SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGUSR1: "SIGUSR1", SIGUSR2: "SIGUSR2",
        SIGALRM: "SIGALRM", SIGXCPU: "SIGXCPU", SIGTRAP: "SIGTRAP", SIGSYS: "SIGSYS", SIGBUS: "SIGBUS",
    ]

    @Test("SIGTERM, SIGINT and every other signal whose default ends the process drive the outputs to their safe state and exit 0",
          arguments: [SIGTERM, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGTRAP, SIGSYS, SIGBUS,
                      __libc_current_sigrtmin() + 1])
    func signalStops(signal: Int32) throws {
        let socket = temporarySocketPath()
        let running = try RunningProduct("gpioagg", ["--simulate", "--control", socket])
        running.send("on switch1")
        running.send("on switch2")
        running.send("on switch3")
        #expect(running.waitForLine("output ready_led on"))
        kill(running.process.processIdentifier, signal)
        let result = running.finish()
        #expect(result.status == 0)
        #expect(result.lines.suffix(2) == [
            "output ready_led off (safe state)",
            "stopped (\(Self.signalNames[signal] ?? "SIGRTMIN+1"))",
        ])
        #expect(!FileManager.default.fileExists(atPath: socket), "the socket file is removed")
    }

    @Test("tells the service manager when it is ready and when it stops")
    func serviceNotifications() throws {
        let socket = try NotifySocket()
        var environment = ProcessInfo.processInfo.environment
        environment["NOTIFY_SOCKET"] = socket.path
        let running = try RunningProduct("gpioagg", ["--simulate", "--control", temporarySocketPath()],
                                         environment: environment)
        #expect(socket.receive() == "READY=1\nSTATUS=simulating; 3 inputs, 1 signal, 1 output; no output on")
        #expect(running.waitForLine("ready"))
        running.send("quit")
        #expect(socket.receive() == "STOPPING=1")
        let result = running.finish()
        #expect(result.status == 0)
        #expect(result.lines.suffix(2) == ["output ready_led off (safe state)", "stopped (quit)"])
    }

    @Test("--version names the libgpiod it was built against")
    func version() throws {
        let result = try runProduct("gpioagg", ["--version"])
        #expect(result.status == 0)
        let line = try #require(result.lines.first)
        #expect(line.wholeMatch(of: /gpioagg \d+\.\d+\.\d+ \(libgpiod [0-9.]+[^,]*, API v[12]\)/) != nil,
                "unexpected version line: \(line)")
    }
}

/// A socket path in a fresh temporary folder.
func temporarySocketPath() -> String {
    temporaryDirectory() + "/control.sock"
}

/// A fresh folder under the system's temporary folder.
func temporaryDirectory() -> String {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("gpioagg-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
