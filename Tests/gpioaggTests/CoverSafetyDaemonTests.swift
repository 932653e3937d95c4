#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import TestSupport
import Testing

/// Blinds on two motors in the running daemon, as the harsh world treats it: SIGKILL in
/// the middle of a move, and reloads (SIGHUP) arriving among commands.
@Suite("Covers through the real binary: kills and reload storms", .tags(.binary))
struct CoverSafetyDaemonTests {
    static let config = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          blinds_closed: { chip: main, line: GPIO23 }
        outputs:
          blinds_up: { chip: main, line: GPIO9 }
          blinds_down: { chip: main, line: GPIO10 }
        covers:
          blinds: { up: blinds_up, down: blinds_down, closed: blinds_closed, travel: 20s }
        interlocks:
          blinds_motor: { outputs: [blinds_up, blinds_down], wait: 200ms }
        """

    /// Every write of `outputs` (name: line offset) the daemon printed, in order.
    static func writes(in lines: [String], of outputs: [String: UInt32]) -> [InterlockAudit.Write] {
        lines.compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 3, words[0] == "output", let offset = outputs[String(words[1])] else { return nil }
            return InterlockAudit.Write(line: offset, isOn: words[2] == "on", at: 0)
        }
    }

    /// `gpioagg status --json`: the blinds' state and position, and the motors' outputs.
    static func sample(_ socket: String) throws -> (state: String, position: Double?, up: Bool, down: Bool)? {
        let result = try runProduct("gpioagg", ["status", "--json", "--control", socket])
        guard result.status == 0,
              let object = try? JSONSerialization.jsonObject(with: Data(result.lines.joined().utf8)) as? [String: Any],
              let outputs = object["outputs"] as? [String: Any],
              let blinds = (object["covers"] as? [String: Any])?["blinds"] as? [String: Any],
              let state = blinds["state"] as? String else { return nil }
        return (state, blinds["position"] as? Double, outputs["blinds_up"] as? Bool ?? false,
                outputs["blinds_down"] as? Bool ?? false)
    }

    @Test("SIGKILL while opening: after the restart the position is not known and set blinds 50 is refused, as when nothing was kept")
    func killedMidMove() throws {
        let config = try DaemonTests.write(Self.config)
        let state = temporaryDirectory()
        let first = try KeptValuesTests.start(config: config, stateDirectory: state)
        #expect(try DaemonTests.sim(first.socket, ["set", "blinds_closed", "on"]).status == 0)
        #expect(try CoverDaemonTests.waitForCover(first.socket, "blinds", state: "closed", position: 0))
        #expect(KeptValuesTests.waitForStateFile(state, containing: "cover blinds 0.0"))
        #expect(try DaemonTests.sim(first.socket, ["set", "blinds_closed", "off"]).status == 0)
        #expect(try CoverDaemonTests.set(first.socket, "blinds", "open").status == 0)
        #expect(try CoverDaemonTests.waitForCover(first.socket, "blinds", state: "opening"))
        #expect(KeptValuesTests.waitForStateFile(state, containing: "cover blinds moving 0.0"),
                "the record says the blinds were moving: \((try? String(contentsOfFile: state + "/kept-state", encoding: .utf8)) ?? "")")
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, (try Self.sample(first.socket)?.position ?? 0) < 5 { usleep(50_000) }
        kill(first.daemon.process.processIdentifier, SIGKILL)
        _ = first.daemon.finish()

        let second = try KeptValuesTests.start(config: config, stateDirectory: state)
        defer { _ = second.daemon.finish(limit: 0) }
        let blinds = try #require(try Self.sample(second.socket))
        #expect(blinds.state == "stopped")
        #expect(blinds.position == nil, "the position is not known after a kill mid-move")
        let refused = try CoverDaemonTests.set(second.socket, "blinds", "50")
        #expect(refused.status != 0)
        #expect(refused.errors.contains("the position is not known yet: open or close it fully first"), "\(refused.errors)")
        #expect(try Self.sample(second.socket).map { !$0.up && !$0.down } == true, "nothing was driven")
        kill(second.daemon.process.processIdentifier, SIGTERM)
    }

    @Test("SIGHUP every 50 ms among line commands for 4 s: each status sample's motors agree with the state, and the printed writes never have both motors on")
    func reloadStormWithLineCommands() throws {
        let config = try DaemonTests.write(Self.config)
        let socket = temporarySocketPath()
        let daemon = try RunningProduct("gpioagg", ["run", "--simulate", "--config", config, "--control", socket,
                                                    "--state-dir", temporaryDirectory()])
        #expect(daemon.waitForLine("ready"))
        daemon.send("on blinds_closed")
        daemon.send("set blinds open")
        daemon.send("off blinds_closed")
        #expect(daemon.waitForLine("output blinds_up on"))
        let commands = ["set blinds close", "set blinds stop", "set blinds open", "set blinds 40", "set blinds open",
                        "set blinds stop", "set blinds close", "set blinds 70"]
        var disagreements: [String] = []
        var samples = 0
        let end = Date().addingTimeInterval(4)
        var step = 0
        while Date() < end {
            kill(daemon.process.processIdentifier, SIGHUP)
            if step % 4 == 0 { daemon.send(commands[(step / 4) % commands.count]) }
            step += 1
            if step % 2 == 0, let sample = try Self.sample(socket) {
                samples += 1
                let agrees = !(sample.up && sample.down) && (!sample.up || sample.state == "opening")
                    && (!sample.down || sample.state == "closing")
                if !agrees { disagreements.append("\(sample)") }
            }
            usleep(50_000)
        }
        kill(daemon.process.processIdentifier, SIGTERM)
        let result = daemon.finish()
        #expect(result.status == 0, "\(result.errors)")
        #expect(samples > 5)
        #expect(disagreements == [])
        // Replays every write the daemon printed.
        let writes = Self.writes(in: result.lines, of: ["blinds_up": 9, "blinds_down": 10])
        #expect(writes.filter(\.isOn).count > 2, "the motors ran: \(result.lines)")
        #expect(InterlockAudit(members: [9, 10], wait: nil).violations(in: writes) == [])
        #expect(result.lines.filter { $0.hasPrefix("reloaded") || $0.contains("reload") }.count > 10
                || result.errors.contains("reloaded"), "the reloads happened")
    }

    static let pumps = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          forward: { chip: main, line: GPIO17 }
        outputs:
          pump_a: { chip: main, line: GPIO5, command: true }
          pump_b: { chip: main, line: GPIO6, command: true }
          pump_c: { chip: main, line: GPIO13, follows: forward }
        interlocks:
          pumps: { outputs: [pump_a, pump_b, pump_c], wait: 100ms }
        """

    @Test("line commands, gpioagg set and an input on three interlocked outputs, SIGHUP every 50 ms for 4 s: the printed writes never have two on")
    func interlockThroughTheBinary() throws {
        let config = try DaemonTests.write(Self.pumps)
        let socket = temporarySocketPath()
        let daemon = try RunningProduct("gpioagg", ["run", "--simulate", "--config", config, "--control", socket,
                                                    "--state-dir", temporaryDirectory()])
        #expect(daemon.waitForLine("ready"))
        let lineCommands = ["set pump_a on", "on forward", "set pump_b on", "off forward", "set pump_a off",
                            "set pump_b off", "set pump_a on", "set pump_b toggle"]
        let end = Date().addingTimeInterval(4)
        var step = 0
        while Date() < end {
            kill(daemon.process.processIdentifier, SIGHUP)
            daemon.send(lineCommands[step % lineCommands.count])
            if step % 5 == 0 {
                _ = try runProduct("gpioagg", ["set", step % 10 == 0 ? "pump_b" : "pump_a", "on", "--control", socket])
            }
            step += 1
            usleep(50_000)
        }
        kill(daemon.process.processIdentifier, SIGTERM)
        let result = daemon.finish()
        #expect(result.status == 0, "\(result.errors)")
        let writes = Self.writes(in: result.lines, of: ["pump_a": 5, "pump_b": 6, "pump_c": 13])
        #expect(writes.filter(\.isOn).count > 5, "the outputs were switched: \(result.lines)")
        #expect(InterlockAudit(members: [5, 6, 13], wait: nil).violations(in: writes) == [])
    }

    @Test("POST /api/set on the blinds and their motors from the web, SIGHUP every 50 ms for 4 s, the web server restarted by some: the printed writes never have both motors on")
    func webStormWithReloads() throws {
        let directory = temporaryDirectory()
        let web = directory + "/web.sock", control = directory + "/control.sock", configPath = directory + "/blinds.yaml"
        let withWeb = { (controls: Bool) in Self.config + "\nweb:\n  listen: unix:\(web)\n  controls: \(controls)\n" }
        try withWeb(true).write(toFile: configPath, atomically: true, encoding: .utf8)
        let daemon = try RunningProduct("gpioagg", ["run", "--simulate", "--config", configPath, "--control", control,
                                                    "--state-dir", directory])
        defer { daemon.process.terminate() }
        #expect(daemon.waitForLine("web: listening on unix:\(web) (no token, controls on)"),
                "\(daemon.printedLines) \(daemon.printedErrors)")
        daemon.send("on blinds_closed")
        daemon.send("off blinds_closed")
        let sets = [#"{"node": "blinds", "value": "open"}"#, #"{"node": "blinds", "value": "close"}"#,
                    #"{"node": "blinds_down", "value": "on"}"#, #"{"node": "blinds", "value": "stop"}"#,
                    #"{"node": "blinds", "value": "close"}"#, #"{"node": "blinds_up", "value": "on"}"#,
                    #"{"node": "blinds", "value": "open"}"#, #"{"node": "blinds", "value": "40"}"#]
        var answered = 0, applied = 0
        let end = Date().addingTimeInterval(4)
        var step = 0
        while Date() < end {
            // Every tenth reload turns the controls off and then on again: the server
            // is stopped and another started, among the requests.
            if step % 10 == 5 { try withWeb(false).write(toFile: configPath, atomically: true, encoding: .utf8) }
            if step % 10 == 6 { try withWeb(true).write(toFile: configPath, atomically: true, encoding: .utf8) }
            kill(daemon.process.processIdentifier, SIGHUP)
            if let answer = try? UnixHTTP(path: web).request("POST /api/set", body: sets[step % sets.count]) {
                answered += 1
                if answer.status == 200 { applied += 1 }
            }
            step += 1
            usleep(50_000)
        }
        try withWeb(true).write(toFile: configPath, atomically: true, encoding: .utf8)
        kill(daemon.process.processIdentifier, SIGHUP)
        #expect(daemon.waitForLine("web: listening on unix:\(web) (no token, controls on)", count: 2),
                "the server was restarted: \(daemon.printedLines)")
        kill(daemon.process.processIdentifier, SIGTERM)
        let result = daemon.finish()
        #expect(result.status == 0, "\(result.errors)")
        #expect(answered > 20 && applied > 5, "the web server answered \(answered), applied \(applied)")
        let writes = Self.writes(in: result.lines, of: ["blinds_up": 9, "blinds_down": 10])
        #expect(writes.filter(\.isOn).count > 2, "the motors ran: \(result.lines)")
        #expect(InterlockAudit(members: [9, 10], wait: nil).violations(in: writes) == [])
    }
}
