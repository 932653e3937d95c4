import Foundation
import Testing

/// The daemon (`gpioagg run`) as a user runs it: its own config files, its control
/// socket driven by `gpioagg status` and `gpioagg sim`, its errors.
@Suite("gpioagg run", .tags(.binary))
struct DaemonTests {
    /// An alarm panel: a door contact and a motion sensor on an I/O expander, an arming
    /// button on the Pi header that toggles, a siren on the expander.
    static let alarmConfig = """
        chips:
          pi: { label: pinctrl-bcm2711 }
          expander: { label: mcp23017 }
        inputs:
          door: { chip: expander, line: DOOR }
          motion: { chip: expander, line: 3 }
          button: { chip: pi, line: GPIO4, active: low, bias: pull-up }
        signals:
          open: { any: [door, motion] }
          armed: { toggle: button }
          alarm: { all: [armed, open] }
        outputs:
          siren: { chip: expander, line: SIREN, follows: alarm }
          armed_led: { chip: pi, line: GPIO5, follows: armed, initial: on, safe: off }
        """

    static func write(_ text: String) throws -> String {
        let path = temporaryDirectory() + "/gpioagg.yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `gpioagg status --json` of the daemon at `socket`, parsed.
    static func status(_ socket: String) throws -> [String: [String: Bool]] {
        let result = try runProduct("gpioagg", ["status", "--json", "--control", socket])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let object = try JSONSerialization.jsonObject(with: Data(result.lines.joined().utf8))
        return try #require(object as? [String: [String: Bool]])
    }

    /// Asks for the status until `condition` holds (the daemon handles a change on its
    /// next loop turn), up to a generous limit.
    static func waitForStatus(_ socket: String, _ condition: ([String: [String: Bool]]) -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if condition(try status(socket)) { return true }
            usleep(20_000)
        }
        return false
    }

    static func sim(_ socket: String, _ arguments: [String]) throws -> (status: Int32, errors: String) {
        let result = try runProduct("gpioagg", ["sim"] + arguments + ["--control", socket])
        return (result.status, result.errors)
    }

    @Test("a config of its own runs on simulated chips made to fit it, driven over the control socket")
    func ownConfigOverControlSocket() throws {
        let config = try Self.write(Self.alarmConfig)
        let socket = temporarySocketPath()
        let daemon = try RunningProduct("gpioagg", ["run", "--simulate", "--config", config, "--control", socket])
        defer { _ = daemon.finish(limit: 0) }
        #expect(daemon.waitForLine("ready"))

        let start = try Self.status(socket)
        #expect(start["inputs"] == ["door": false, "motion": false, "button": false])
        #expect(start["signals"] == ["open": false, "armed": false, "alarm": false])
        // armed_led starts at its initial value, then follows `armed` (off).
        #expect(start["outputs"] == ["siren": false, "armed_led": false])

        #expect(try Self.sim(socket, ["set", "door", "on"]).status == 0)
        #expect(try Self.waitForStatus(socket) { $0["signals"]?["open"] == true })
        #expect(try Self.status(socket)["outputs"]?["siren"] == false)  // not armed

        #expect(try Self.sim(socket, ["pulse", "button", "--for", "20ms"]).status == 0)
        #expect(try Self.waitForStatus(socket) {
            $0["signals"]?["armed"] == true && $0["outputs"] == ["siren": true, "armed_led": true]
                && $0["inputs"]?["button"] == false
        })

        #expect(try Self.sim(socket, ["set", "door", "off"]).status == 0)
        #expect(try Self.sim(socket, ["toggle", "motion"]).status == 0)
        #expect(try Self.waitForStatus(socket) { $0["inputs"]?["motion"] == true })
        #expect(try Self.status(socket)["outputs"]?["siren"] == true)
        #expect(try Self.sim(socket, ["toggle", "motion"]).status == 0)
        #expect(try Self.waitForStatus(socket) { $0["outputs"]?["siren"] == false })

        let unknown = try Self.sim(socket, ["set", "window", "on"])
        #expect(unknown.status == 1)
        #expect(unknown.errors.contains("no input named 'window'; inputs: door, motion, button"))
        let output = try Self.sim(socket, ["toggle", "siren"])
        #expect(output.status == 1)
        #expect(output.errors.contains("no input named 'siren'"))

        kill(daemon.process.processIdentifier, SIGTERM)
        let result = daemon.finish()
        #expect(result.status == 0)
        #expect(result.lines.contains("output siren off (safe state)"))
        #expect(result.lines.contains("output armed_led off (safe state)"))
        #expect(result.lines.last == "stopped (SIGTERM)")
        #expect(result.lines.first?.hasSuffix(
            "3 inputs, 3 signals, 2 outputs; simulated chips: gpiochip0 [pinctrl-bcm2711], gpiochip1 [mcp23017]") == true)
        #expect(!FileManager.default.fileExists(atPath: socket), "the control socket is removed at exit")
    }

    @Test("sim set and toggle return once the engine has the change: a status right after shows it; --no-wait does not wait")
    func simWaitsUntilSettled() throws {
        let config = try Self.write("""
            chips:
              pi: { label: pinctrl-bcm2711 }
            inputs:
              door: { chip: pi, line: GPIO17, debounce: 300ms }
              slow: { chip: pi, line: GPIO27, debounce: 3s }
            signals:
              open: { any: [door] }
            outputs:
              lamp: { chip: pi, line: GPIO5, follows: open }
            """)
        let socket = temporarySocketPath()
        let daemon = try RunningProduct("gpioagg", ["run", "--simulate", "--config", config, "--control", socket])
        defer { _ = daemon.finish(limit: 0) }
        #expect(daemon.waitForLine("ready"))

        let started = Date()
        #expect(try Self.sim(socket, ["set", "door", "on"]).status == 0)
        #expect(Date().timeIntervalSince(started) >= 0.3, "the reply waits for the debounce period")
        #expect(try Self.status(socket)["inputs"]?["door"] == true)
        #expect(try Self.status(socket)["outputs"]?["lamp"] == true)
        #expect(try Self.sim(socket, ["toggle", "door"]).status == 0)
        #expect(try Self.status(socket)["outputs"]?["lamp"] == false)

        // Without waiting, the reply comes before the 3 s debounce has passed.
        #expect(try Self.sim(socket, ["set", "slow", "on", "--no-wait"]).status == 0)
        #expect(try Self.status(socket)["inputs"]?["slow"] == false)
        #expect(try Self.waitForStatus(socket) { $0["inputs"]?["slow"] == true })
    }

    @Test("gpioagg why explains a value down to the inputs; an unknown name gets the nearest")
    func why() throws {
        let socket = temporarySocketPath()
        let daemon = try RunningProduct("gpioagg", ["--simulate", "--control", socket])
        defer { _ = daemon.finish(limit: 0) }
        #expect(daemon.waitForLine("ready"))
        #expect(try Self.sim(socket, ["set", "switch1", "on"]).status == 0)
        let result = try runProduct("gpioagg", ["why", "ready_led", "--control", socket])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.lines.first?.hasPrefix("ready_led off: output on main GPIO5, follows all_on; off ") == true,
                "\(result.lines)")
        #expect(result.lines.dropFirst().first?.hasPrefix("  all_on off: signal all: [switch1, switch2, switch3]; ") == true,
                "\(result.lines)")
        #expect(result.lines.contains { $0.hasPrefix("    switch1 on: input on main GPIO17; on for ") }, "\(result.lines)")
        let unknown = try runProduct("gpioagg", ["why", "redy_led", "--control", socket])
        #expect(unknown.status == 1)
        #expect(unknown.errors.contains("no input, signal or output named 'redy_led'; did you mean 'ready_led'?"))
    }

    @Test("a malformed control request gets an error reply and leaves the daemon and its outputs alone")
    func malformedRequest() throws {
        let socket = temporarySocketPath()
        let daemon = try RunningProduct("gpioagg", ["--simulate", "--control", socket])
        defer { _ = daemon.finish(limit: 0) }
        #expect(daemon.waitForLine("ready"))
        for id in ["switch1", "switch2", "switch3"] { #expect(try Self.sim(socket, ["set", id, "on"]).status == 0) }
        #expect(try Self.waitForStatus(socket) { $0["outputs"]?["ready_led"] == true })

        let reply = try UnixLineClient.exchange(socket, "{\"op\": \"sim\", \"name\": 7}\n"
            + String(repeating: "x", count: 100_000) + "\n")
        #expect(reply.first?.hasPrefix("{\"ok\":false,\"error\":") == true, "replies: \(reply)")
        #expect(try Self.status(socket)["outputs"]?["ready_led"] == true)
        #expect(!daemon.printedLines.contains { $0.contains("ready_led off") && !$0.contains("initial") })
    }

    @Test("an invalid config file is reported at its line and column, and nothing starts (exit 78)")
    func invalidConfig() throws {
        let config = try Self.write("""
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              switch1: { chip: main, line: GPIO17, activ: low }
            outputs:
              led: { chip: main, line: GPIO5, follows: switch2 }
            """)
        let result = try runProduct("gpioagg", ["run", "--simulate", "--config", config,
                                                "--control", temporarySocketPath()])
        #expect(result.status == 78)
        #expect(result.lines.isEmpty)
        #expect(result.errors.contains("\(config):4:40: error: unknown key 'activ'"), "stderr: \(result.errors)")
        #expect(result.errors.contains("'active'"))
        #expect(result.errors.contains("\(config):6:44: error: unknown name 'switch2'"))
        #expect(result.errors.contains("nothing was started"))
    }

    @Test("without --config and with no installed config it says how to start, exit 78")
    func noConfig() throws {
        let result = try runProduct("gpioagg", ["run", "--config", "/nonexistent/gpioagg.yaml"])
        #expect(result.status == 78)
        #expect(result.errors.contains("/nonexistent/gpioagg.yaml: error: cannot read the config file"))
    }

    @Test("a chip the machine does not have is an error at its declaration, exit 1")
    func missingChip() throws {
        let config = try Self.write("""
            chips:
              board: { label: no-such-gpio-controller }
            inputs:
              switch1: { chip: board, line: 3 }
            outputs:
              led: { chip: board, line: 4, follows: switch1 }
            """)
        // Not simulated: the kernel backend, which finds no such chip here.
        let result = try runProduct("gpioagg", ["run", "--config", config, "--control", temporarySocketPath()])
        #expect(result.status == 1)
        #expect(result.errors.contains("\(config):6:3: error: output 'led': GPIO chip label 'no-such-gpio-controller' not found"),
                "stderr: \(result.errors)")
        #expect(result.errors.contains("\(config):2:3: note: chip 'board' is declared here"))
        #expect(!result.lines.contains("ready"))
    }

    @Test("a line name the simulated Pi does not have is found like on the board, with suggestions")
    func typoOnSimulatedPi() throws {
        let config = try Self.write("""
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              switch1: { chip: main, line: GPIO71 }
            outputs:
              led: { chip: main, line: GPIO5, follows: switch1 }
            """)
        let result = try runProduct("gpioagg", ["run", "--simulate", "--config", config,
                                                "--control", temporarySocketPath()])
        #expect(result.status == 1)
        #expect(result.errors.contains("\(config):4:3: error: input 'switch1': no line named 'GPIO71'"),
                "stderr: \(result.errors)")
        #expect(result.errors.contains("hint: did you mean 'GPIO11', 'GPIO21' or 'GPIO7'?"))
        #expect(!result.lines.contains("ready"))
    }

    @Test("sim against a daemon that is not simulating is refused")
    func simNeedsSimulation() throws {
        // No GPIO hardware here, so the only daemon that runs is a simulating one; the
        // refusal itself is checked on the real kernel (scripts/kernel-test) and on a
        // stand-in server (StatusSimCommandTests). Here: sim needs a daemon at all.
        let result = try runProduct("gpioagg", ["sim", "toggle", "switch1", "--control", temporarySocketPath()])
        #expect(result.status == 1)
        #expect(result.errors.contains("gpioagg is not running"))
    }
}

/// Sends raw text to a control socket and reads the reply lines until the daemon closes
/// the connection or stops answering.
enum UnixLineClient {
    static func exchange(_ path: String, _ text: String) throws -> [String] {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8.prefix($0.count - 1)) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { break }  // the daemon closed the connection after the oversized line
            sent += count
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[..<count]
        }
        return String(decoding: received, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
