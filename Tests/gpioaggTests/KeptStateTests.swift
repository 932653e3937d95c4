import Foundation
import Testing

/// Values kept across restarts, as a user runs them: a toggle with `persist: true` and
/// an output with `initial: restore`, through an orderly stop, SIGKILL and a damaged
/// state file.
@Suite("Kept values across restarts", .tags(.binary))
struct KeptValuesTests {
    static let config = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          button: { chip: main, line: GPIO17 }
        signals:
          light: { toggle: button, persist: true }
          plain: { toggle: button }
        outputs:
          lamp: { chip: main, line: GPIO5, follows: light, initial: restore }
        """

    struct Run {
        let daemon: RunningProduct
        let socket: String
    }

    static func start(config: String, stateDirectory: String) throws -> Run {
        let socket = temporarySocketPath()
        let daemon = try RunningProduct("gpioagg", ["run", "--simulate", "--config", config, "--control", socket,
                                                    "--state-dir", stateDirectory])
        #expect(daemon.waitForLine("ready"))
        return Run(daemon: daemon, socket: socket)
    }

    /// Waits (up to 10 s) until the state file holds `line`.
    static func waitForStateFile(_ directory: String, containing line: String) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: directory + "/kept-state", encoding: .utf8),
               text.split(separator: "\n").contains(Substring(line)) { return true }
            usleep(20_000)
        }
        return false
    }

    @Test("after SIGKILL the persisted toggle and the restored output come back on; the plain toggle does not")
    func survivesSigkill() throws {
        let config = try DaemonTests.write(Self.config)
        let state = temporaryDirectory()
        let first = try Self.start(config: config, stateDirectory: state)
        #expect(try DaemonTests.sim(first.socket, ["pulse", "button", "--for", "20ms"]).status == 0)
        #expect(try DaemonTests.waitForStatus(first.socket) { $0["outputs"]?["lamp"] == true })
        #expect(Self.waitForStateFile(state, containing: "signal light on"), "written within the coalescing interval")
        #expect(Self.waitForStateFile(state, containing: "output lamp on"))
        kill(first.daemon.process.processIdentifier, SIGKILL)
        _ = first.daemon.finish()

        let second = try Self.start(config: config, stateDirectory: state)
        defer { _ = second.daemon.finish(limit: 0) }
        let status = try DaemonTests.status(second.socket)
        #expect(status["signals"]?["light"] == true)
        #expect(status["signals"]?["plain"] == false)
        #expect(status["outputs"]?["lamp"] == true)
        kill(second.daemon.process.processIdentifier, SIGTERM)
        let result = second.daemon.finish()
        // Requested at its kept value: never off in between.
        #expect(result.lines.first { $0.hasPrefix("output lamp") } == "output lamp on (initial)", "\(result.lines)")
        #expect(result.lines.contains("output lamp off (safe state)"))
        // An orderly stop keeps the value from before the stop, not the safe one.
        #expect(Self.waitForStateFile(state, containing: "output lamp on"))
    }

    @Test("the state file the daemon writes is mode 0640 in its group, not readable by every local user")
    func stateFileMode() throws {
        let config = try DaemonTests.write(Self.config)
        let state = temporaryDirectory()
        let run = try Self.start(config: config, stateDirectory: state)
        #expect(try DaemonTests.sim(run.socket, ["pulse", "button", "--for", "20ms"]).status == 0)
        #expect(Self.waitForStateFile(state, containing: "signal light on"))
        kill(run.daemon.process.processIdentifier, SIGTERM)
        #expect(run.daemon.finish().status == 0)
        var status = stat()
        try #require(stat(state + "/kept-state", &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o640, "mode \(String(status.st_mode & 0o7777, radix: 8))")
        #expect(status.st_gid == getegid())
    }

    @Test("a damaged state file is ignored with a warning naming it; the daemon starts with nothing kept")
    func damagedFile() throws {
        let config = try DaemonTests.write(Self.config)
        let state = temporaryDirectory()
        try "gpioagg-state 1\nsignal light on\ncrc32 00000000\n".write(toFile: state + "/kept-state", atomically: true,
                                                                        encoding: .utf8)
        let run = try Self.start(config: config, stateDirectory: state)
        #expect(try DaemonTests.status(run.socket)["signals"]?["light"] == false)
        kill(run.daemon.process.processIdentifier, SIGTERM)
        let result = run.daemon.finish()
        #expect(result.status == 0)
        #expect((result.lines + [result.errors]).contains { $0.contains(state + "/kept-state") }, "\(result.lines)")
    }

    @Test("a --state-dir that is a file is named as the fault, with the fix; the daemon runs on with nothing kept")
    func stateDirectoryIsAFile() throws {
        let config = try DaemonTests.write(Self.config)
        let file = temporaryDirectory() + "/not-a-folder"
        try "".write(toFile: file, atomically: true, encoding: .utf8)
        let run = try Self.start(config: config, stateDirectory: file)
        #expect(try DaemonTests.status(run.socket)["signals"]?["light"] == false)
        kill(run.daemon.process.processIdentifier, SIGTERM)
        let result = run.daemon.finish()
        #expect(result.status == 0)
        let printed = result.lines + result.errors.split(separator: "\n").map(String.init)
        #expect(printed.contains("warning: cannot keep state in \(file): it is not a directory (or a part of its path is a file)"),
                "\(printed)")
        let hint = printed.first { $0.hasPrefix("hint: kept signals and outputs start from their config's values") }
        #expect(hint?.contains("pass --state-dir a directory") == true, "\(printed)")
        #expect(hint?.contains("move away the file at \(file)") == true, "\(printed)")
        #expect(!printed.contains { $0.contains("replaced at the next change") }, "\(printed)")
    }

    @Test("gpioagg set moves a command input and what follows it, over the socket, without --simulate's sim; a kept one survives SIGKILL")
    func commandInputs() throws {
        let config = try DaemonTests.write("""
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              button: { chip: main, line: GPIO17 }
              override: { command: true, persist: true }
              away: { command: true, initial: on }
            signals:
              fan_on: { any: [override, button] }
            outputs:
              fan: { chip: main, line: GPIO5, follows: fan_on }
            """)
        let state = temporaryDirectory()
        let first = try Self.start(config: config, stateDirectory: state)
        #expect(try DaemonTests.status(first.socket)["inputs"] == ["button": false, "override": false, "away": true])
        let set = try runProduct("gpioagg", ["set", "override", "on", "--control", first.socket])
        #expect(set.status == 0, "\(set.errors)")
        #expect(try DaemonTests.status(first.socket)["outputs"]?["fan"] == true, "set answers once the graph has it")
        #expect(try runProduct("gpioagg", ["set", "away", "toggle", "--control", first.socket]).status == 0)
        #expect(try DaemonTests.status(first.socket)["inputs"]?["away"] == false)
        let typo = try runProduct("gpioagg", ["set", "overide", "off", "--control", first.socket])
        #expect(typo.status == 1)
        #expect(typo.errors.contains("no settable node named 'overide'; did you mean 'override'? (settable: override, away)"))
        let line = try runProduct("gpioagg", ["set", "button", "on", "--control", first.socket])
        #expect(line.status == 1 && line.errors.contains("'button' is an input on a line"))
        #expect(Self.waitForStateFile(state, containing: "input override on"))
        kill(first.daemon.process.processIdentifier, SIGKILL)
        _ = first.daemon.finish()

        let second = try Self.start(config: config, stateDirectory: state)
        defer { _ = second.daemon.finish(limit: 0) }
        let status = try DaemonTests.status(second.socket)
        #expect(status["inputs"]?["override"] == true, "kept")
        #expect(status["inputs"]?["away"] == true, "not kept: back at its initial value")
        #expect(status["outputs"]?["fan"] == true)
    }
}
