import Engine
import Control
import Foundation
import Loop
import Service
import Testing
import Values
@testable import gpioagg

/// `gpioagg status` and `gpioagg sim` against a control server hosted by the test
/// process (a stand-in for the daemon), and against no server at all.
@Suite("gpioagg status and sim", .tags(.binary))
struct StatusSimCommandTests {
    @Test("status --json prints the levels, names sorted")
    func statusJSON() throws {
        let daemon = try FakeDaemon()
        defer { daemon.stop() }
        let result = try runProduct("gpioagg", ["status", "--control", daemon.path, "--json"])
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(result.lines == [
            #"{"inputs": {"switch1": true, "switch2": false, "switch3": true}, "signals": {"all_on": false}, "#
                + #""outputs": {"ready_led": false}}"#,
        ])
        let parsed = try JSONSerialization.jsonObject(with: Data(result.lines.joined().utf8)) as? [String: [String: Bool]]
        #expect(parsed?["inputs"]?["switch2"] == false)
        #expect(daemon.requests == [.status])
    }

    @Test("status prints a table for people")
    func statusTable() throws {
        let daemon = try FakeDaemon()
        defer { daemon.stop() }
        let result = try runProduct("gpioagg", ["status", "--control", daemon.path])
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(result.lines == [
            "INPUTS",
            "  switch1    on",
            "  switch2    off",
            "  switch3    on",
            "SIGNALS",
            "  all_on     off",
            "OUTPUTS",
            "  ready_led  off",
        ])
    }

    @Test("status ends with the clock when the daemon has times of day, in the table and in JSON")
    func statusClock() throws {
        let daemon = try FakeDaemon(clock: ClockStatus(
            zone: "Europe/Oslo", isSynchronized: true, isTrusted: true, localTime: "2026-12-01 11:00:00 CET",
            sunrise: .staysDown, sunset: .staysDown))
        defer { daemon.stop() }
        let table = try runProduct("gpioagg", ["status", "--control", daemon.path])
        #expect(table.status == 0, "stderr: \(table.errors)")
        #expect(table.lines.suffix(6) == [
            "CLOCK",
            "  zone          Europe/Oslo",
            "  local time    2026-12-01 11:00:00 CET",
            "  synchronized  yes; time signals follow it",
            "  sunrise       none today: the sun stays down",
            "  sunset        none today: the sun stays down",
        ])
        let json = try runProduct("gpioagg", ["status", "--control", daemon.path, "--json"])
        #expect(json.status == 0, "stderr: \(json.errors)")
        let parsed = try JSONSerialization.jsonObject(with: Data(json.lines.joined().utf8)) as? [String: Any]
        let clock = parsed?["clock"] as? [String: Any]
        #expect(clock?["zone"] as? String == "Europe/Oslo")
        #expect(clock?["synchronized"] as? Bool == true && clock?["trusted"] as? Bool == true)
        #expect(clock?["sunrise"] as? String == "stays down")
    }

    @Test("status with nothing listening says gpioagg is not running and exits 1")
    func statusNotRunning() throws {
        let result = try runProduct("gpioagg", ["status", "--control", "/nonexistent/control.sock"])
        #expect(result.status == 1)
        #expect(result.lines.isEmpty)
        #expect(result.errors.hasPrefix(
            "error: gpioagg is not running (no control socket at /nonexistent/control.sock)\nhint: "))
    }

    @Test("sim set, toggle and pulse reach the daemon", arguments: [
        (["set", "switch1", "on"], ControlRequest.sim(name: "switch1", action: .set(true))),
        (["set", "switch2", "off"], .sim(name: "switch2", action: .set(false))),
        (["set", "switch1", "true"], .sim(name: "switch1", action: .set(true))),
        (["set", "switch1", "1"], .sim(name: "switch1", action: .number(1))),
        (["set", "switch1", "ON"], .sim(name: "switch1", action: .set(true))),
        (["set", "switch2", "false"], .sim(name: "switch2", action: .set(false))),
        (["set", "switch2", "0"], .sim(name: "switch2", action: .number(0))),
        (["set", "switch1", "27.5"], .sim(name: "switch1", action: .number(27.5))),
        (["set", "switch1", "-4e-1"], .sim(name: "switch1", action: .number(-0.4))),
        (["set", "switch1", "unavailable"], .sim(name: "switch1", action: .unavailable)),
        (["toggle", "switch3"], .sim(name: "switch3", action: .toggle)),
        (["pulse", "switch1", "--for", "50ms"], .sim(name: "switch1", action: .pulse(.milliseconds(50)))),
        (["pulse", "switch1", "--for", "1.5s"], .sim(name: "switch1", action: .pulse(.milliseconds(1500)))),
        (["pulse", "switch1", "--for", "250us"], .sim(name: "switch1", action: .pulse(.microseconds(250)))),
    ])
    func sim(arguments: [String], expected: ControlRequest) throws {
        let daemon = try FakeDaemon()
        defer { daemon.stop() }
        let result = try runProduct("gpioagg", ["sim"] + arguments + ["--control", daemon.path])
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(result.lines.isEmpty)
        #expect(daemon.requests == [expected])
    }

    @Test("gpioagg set takes every level word and toggle, in any case", arguments: [
        (["override", "on"], ControlRequest.set(name: "override", value: .on)),
        (["override", "TRUE"], .set(name: "override", value: .on)),
        (["override", "1"], .set(name: "override", value: .number(1))),
        (["override", "off"], .set(name: "override", value: .off)),
        (["override", "false"], .set(name: "override", value: .off)),
        (["override", "0"], .set(name: "override", value: .number(0))),
        (["setpoint", "21.5"], .set(name: "setpoint", value: .number(21.5))),
        (["setpoint", "-.5"], .set(name: "setpoint", value: .number(-0.5))),
        (["override", "Toggle"], .set(name: "override", value: .toggle)),
    ])
    func set(arguments: [String], expected: ControlRequest) throws {
        let daemon = try FakeDaemon()
        defer { daemon.stop() }
        _ = try runProduct("gpioagg", ["set"] + arguments + ["--control", daemon.path])
        #expect(daemon.requests == [expected])
    }

    @Test("gpioagg set refuses a word that is not a level, by its meaning when it has one")
    func setRefusal() throws {
        let yes = try runProduct("gpioagg", ["set", "override", "yes", "--control", "/nonexistent/control.sock"])
        #expect(yes.status == 64)
        #expect(yes.errors.hasPrefix("error: 'yes' is not a value: 'yes' means on: write on\n"), "\(yes.errors)")
        let maybe = try runProduct("gpioagg", ["set", "override", "maybe", "--control", "/nonexistent/control.sock"])
        #expect(maybe.errors.hasPrefix("error: 'maybe' is not a value: write on, off, toggle or press, or a number; for a cover, open, close or stop; "
                + "for an output with override: true, auto, on or off\n"),
                "\(maybe.errors)")
        let infinite = try runProduct("gpioagg", ["set", "setpoint", "inf", "--control", "/nonexistent/control.sock"])
        #expect(infinite.status == 64 && infinite.errors.hasPrefix("error: 'inf' is not a value: "), "\(infinite.errors)")
    }

    @Test("an error reply is printed as an error and exits 1")
    func simErrorReply() throws {
        let daemon = try FakeDaemon()
        defer { daemon.stop() }
        let result = try runProduct("gpioagg", ["sim", "toggle", "switch9", "--control", daemon.path])
        #expect(result.status == 1)
        #expect(result.errors == "error: no input named 'switch9'; inputs: switch1, switch2, switch3\n")
    }

    @Test("a daemon that is not simulating refuses, and sim says so")
    func notSimulating() throws {
        let daemon = try FakeDaemon(simulating: false)
        defer { daemon.stop() }
        let result = try runProduct("gpioagg", ["sim", "set", "switch1", "on", "--control", daemon.path])
        #expect(result.status == 1)
        #expect(result.errors == "error: gpioagg is not simulating its inputs (start it with --simulate)\n")
    }

    @Test("sim with nothing listening exits 1")
    func simNotRunning() throws {
        let result = try runProduct("gpioagg", ["sim", "toggle", "switch1", "--control", "/nonexistent/control.sock"])
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix(
            "error: gpioagg is not running (no control socket at /nonexistent/control.sock)\n"))
    }

    @Test("bad levels and durations are usage errors", arguments: [
        (["set", "switch1", "maybe"], "error: 'maybe' is not a level: write on or off (a numeric input: a number or unavailable)"),
        (["set", "switch1", "nan"], "error: 'nan' is not a level: write on or off (a numeric input: a number or unavailable)"),
        (["set", "switch1", "yes"], "error: 'yes' is not a level: 'yes' means on: write on"),
        (["pulse", "switch1", "--for", "50"], "the duration '50' has no unit: write a number and a unit with no space, e.g. 10ms"),
        (["pulse", "switch1", "--for", "fastms"], "'fastms' is not a duration"),
        (["pulse", "switch1", "--for", "2d"], "'2d' is not a duration"),
        (["pulse", "switch1", "--for", "2h"], "'2h' is out of range: a pulse lasts from 1us to 1h"),
        (["pulse", "switch1", "--for", "7200s"], "'7200s' is out of range: a pulse lasts from 1us to 1h"),
        (["pulse", "switch1", "--for", "0ms"], "'0ms' is out of range: a pulse lasts from 1us to 1h"),
        (["pulse", "switch1", "--for", "-5ms"], "the duration '-5ms' is negative"),
        (["pulse", "switch1"], "error: missing --for <duration>"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try runProduct("gpioagg", ["sim"] + arguments + ["--control", "/nonexistent/control.sock"])
        #expect(result.status == 64)
        #expect(result.errors.contains(message), "stderr: \(result.errors)")
        #expect(result.errors.contains("Usage: gpioagg sim \(arguments[0]) <name>"), "stderr: \(result.errors)")
        #expect(result.errors.contains("See 'gpioagg sim \(arguments[0]) --help'"), "stderr: \(result.errors)")
    }

    @Test("a user who may not use the socket is pointed at the gpio group",
          .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser"),
                   "needs root and runuser to act as another user"))
    func permissionDenied() throws {
        let daemon = try FakeDaemon()
        defer { daemon.stop() }
        // The build folder may sit where 'nobody' cannot reach (a 0700 checkout under
        // /tmp): run a copy from a folder everyone may enter.
        let folder = URL(fileURLWithPath: "/tmp/gpioagg-as-nobody-\(getpid())-\(UInt32.random(in: 0 ... .max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o755])
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = folder.appendingPathComponent("gpioagg")
        try FileManager.default.copyItem(at: BuiltProducts.url("gpioagg"), to: binary)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary.path)
        let runuser = Process()
        runuser.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
        runuser.arguments = ["-u", "nobody", "--", binary.path, "status", "--control", daemon.path]
        // Nor may it read a sanitizer's suppressions file there: a sanitized build would
        // fail on it before it tried the socket.
        var environment = ProcessInfo.processInfo.environment
        for name in ["ASAN_OPTIONS", "TSAN_OPTIONS"] {
            environment[name] = environment[name].map { options in
                options.split(separator: ":").filter { !$0.hasPrefix("suppressions=") }.joined(separator: ":")
            }
        }
        runuser.environment = environment
        let errors = Pipe()
        runuser.standardError = errors
        runuser.standardOutput = FileHandle.nullDevice
        try runuser.run()
        let printed = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        runuser.waitUntilExit()
        #expect(runuser.terminationStatus == 1)
        #expect(printed.hasPrefix(
            "error: permission denied: cannot connect to the control socket at \(daemon.path)\n"
                + "hint: the socket is open to its owner and the 'gpio' group"), "stderr: \(printed)")
    }
}

@Suite("The default control socket path")
struct ControlPathTests {
    @Test("systemd's RuntimeDirectory comes first, its first entry when it lists several", arguments: [
        ("/run/gpioagg", "/run/gpioagg/control.sock"),
        ("/run/gpioagg:/run/gpioagg-extra", "/run/gpioagg/control.sock"),
    ])
    func runtimeDirectory(value: String, expected: String) {
        let environment = ["RUNTIME_DIRECTORY": value, "XDG_RUNTIME_DIR": "/run/user/1000"]
        #expect(ControlPath.server(environment: environment, isRoot: false) == expected)
        #expect(ControlPath.server(environment: environment, isRoot: true) == expected)
    }

    @Test("root uses /run/gpioagg; anyone else their runtime directory")
    func rootAndUsers() {
        let environment = ["XDG_RUNTIME_DIR": "/run/user/1000"]
        #expect(ControlPath.server(environment: environment, isRoot: true) == "/run/gpioagg/control.sock")
        #expect(ControlPath.server(environment: environment, isRoot: false) == "/run/user/1000/gpioagg/control.sock")
        #expect(ControlPath.server(environment: ["RUNTIME_DIRECTORY": ""], isRoot: false) == "/run/gpioagg/control.sock")
        #expect(ControlPath.server(environment: [:], isRoot: false) == "/run/gpioagg/control.sock")
    }

    @Test("a client falls back to the system service's socket when it has none of its own")
    func clientFallback() {
        let environment = ["XDG_RUNTIME_DIR": "/run/user/1000"]
        let own = "/run/user/1000/gpioagg/control.sock"
        #expect(ControlPath.client(environment: environment, isRoot: false, exists: { $0 == ControlPath.system })
            == ControlPath.system)
        #expect(ControlPath.client(environment: environment, isRoot: false, exists: { _ in true }) == own)
        #expect(ControlPath.client(environment: environment, isRoot: false, exists: { _ in false }) == own)
    }

    @Test("pulse lengths take ms, s or us", arguments: [
        ("50ms", Duration.milliseconds(50)), ("1.5s", .milliseconds(1500)), ("250us", .microseconds(250)),
        ("0.001ms", .microseconds(1)), ("3600s", .seconds(3600)),
    ])
    func pulseLengths(text: String, expected: Duration) throws {
        #expect(try GPIOAgg.Sim.pulseLength(text) == expected)
    }
}

/// A control server on a thread of this process, standing in for the daemon: the demo's
/// levels (and the clock it is given) for `status`, and a record of every `sim` request.
private final class FakeDaemon: ControlHandler, @unchecked Sendable {
    let path: String
    private let directory: String
    private let simulating: Bool
    private let clock: ClockStatus?
    private let lock = NSLock()
    private var recorded: [ControlRequest] = []
    private var server: ControlServer!
    private let loop: PosixEventLoop

    init(simulating: Bool = true, clock: ClockStatus? = nil) throws {
        self.simulating = simulating
        self.clock = clock
        directory = "/tmp/gpioagg-cli-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        path = directory + "/control.sock"
        loop = try PosixEventLoop()
        server = try ControlServer(path: path, handler: self)
        loop.sync { server.start(on: loop) }
    }

    var requests: [ControlRequest] { lock.withLock { recorded } }

    func handle(_ request: ControlRequest) -> ControlReply {
        lock.withLock { recorded.append(request) }
        let inputs: [String: NodeValue] = ["switch1": true, "switch2": false, "switch3": true]
        switch request {
        case .status:
            var snapshot = EngineSnapshot(inputs: inputs, signals: ["all_on": false], outputs: ["ready_led": false])
            snapshot.clock = clock
            return .status(snapshot)
        case .sim where !simulating:
            return .failure("gpioagg is not simulating its inputs (start it with --simulate)")
        case .sim(let name, _, _) where inputs[name] == nil:
            return .failure("no input named '\(name)'; inputs: switch1, switch2, switch3")
        case .sim:
            return .ok
        case .set(let name, _):
            return .failure("no command input named '\(name)'")
        case .why(let name):
            return .failure("no input, signal or output named '\(name)'")
        }
    }

    /// Ends the loop, closes the server (removing its socket) and the directory.
    func stop() {
        loop.sync {
            server.close()
            server = nil  // the server holds this handler: break the cycle
        }
        loop.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
