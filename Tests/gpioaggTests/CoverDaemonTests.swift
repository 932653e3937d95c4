import Foundation
import Testing

/// Covers in the running daemon: `gpioagg set` tells them, `status` shows them, `why`
/// explains them, and the blinds' position survives a restart.
@Suite("Covers through the command line", .tags(.binary))
struct CoverDaemonTests {
    static let config = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          door_closed: { chip: main, line: GPIO23 }
        outputs:
          door_relay: { chip: main, line: GPIO8, pulse: 500ms }
          blinds_up: { chip: main, line: GPIO9 }
          blinds_down: { chip: main, line: GPIO10 }
        covers:
          garage_door: { relay: door_relay, closed: door_closed, travel: 15s }
          blinds: { up: blinds_up, down: blinds_down, travel: 1s }
        interlocks:
          blinds_motor: { outputs: [blinds_up, blinds_down], wait: 100ms }
        """

    /// The covers of `gpioagg status --json`: each one's state and position.
    static func covers(_ socket: String) throws -> [String: (state: String, position: Double?)] {
        let result = try runProduct("gpioagg", ["status", "--json", "--control", socket])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.lines.joined().utf8)) as? [String: Any])
        let covers = try #require(object["covers"] as? [String: [String: Any]])
        return covers.compactMapValues { value in
            (value["state"] as? String).map { ($0, value["position"] as? Double) }
        }
    }

    static func waitForCover(_ socket: String, _ name: String, state: String, position: Double? = nil) throws -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let cover = try covers(socket)[name], cover.state == state, position == nil || cover.position == position {
                return true
            }
            usleep(20_000)
        }
        return false
    }

    static func set(_ socket: String, _ name: String, _ value: String) throws -> (status: Int32, errors: String) {
        let result = try runProduct("gpioagg", ["set", name, value, "--control", socket])
        return (result.status, result.errors)
    }

    @Test("set garage_door open pulses the relay once; a second open says why it sent nothing; a position is refused")
    func garageDoor() throws {
        let config = try DaemonTests.write(Self.config)
        let run = try KeptValuesTests.start(config: config, stateDirectory: temporaryDirectory())
        defer { _ = run.daemon.finish(limit: 0) }
        #expect(try DaemonTests.sim(run.socket, ["set", "door_closed", "on"]).status == 0)
        #expect(try Self.waitForCover(run.socket, "garage_door", state: "closed"))

        #expect(try Self.set(run.socket, "garage_door", "open").status == 0)
        #expect(try Self.covers(run.socket)["garage_door"]?.state == "opening")
        let again = try Self.set(run.socket, "garage_door", "OPEN")
        #expect(again.status == 0)
        #expect(again.errors.contains("warning: garage_door: the door is opening already: no pulse sent"), "\(again.errors)")
        let position = try Self.set(run.socket, "garage_door", "40")
        #expect(position.status != 0)
        #expect(position.errors.contains("a door on one relay has no position"), "\(position.errors)")
        let word = try Self.set(run.socket, "garage_door", "toggle")
        #expect(word.status != 0)
        #expect(word.errors.contains("'garage_door' is a cover: write open, close, stop"), "\(word.errors)")

        let why = try runProduct("gpioagg", ["why", "garage_door", "--control", run.socket])
        #expect(why.status == 0)
        #expect(why.lines.first?.hasPrefix("garage_door opening: cover on relay door_relay, closed: door_closed, travel 15s") == true,
                "\(why.lines)")

        kill(run.daemon.process.processIdentifier, SIGTERM)
        let result = run.daemon.finish()
        // One press only, for the first open.
        #expect(result.lines.filter { $0 == "output door_relay on" }.count == 1, "\(result.lines)")
        #expect(result.lines.contains("cover garage_door opening"), "\(result.lines)")
    }

    @Test("the blinds' position is kept across a restart")
    func positionKept() throws {
        let config = try DaemonTests.write(Self.config)
        let state = temporaryDirectory()
        let first = try KeptValuesTests.start(config: config, stateDirectory: state)
        #expect(try Self.covers(first.socket)["blinds"]?.position == nil, "nothing kept: not known")
        #expect(try Self.set(first.socket, "blinds", "close").status == 0)
        #expect(try Self.waitForCover(first.socket, "blinds", state: "closed", position: 0))
        #expect(try Self.set(first.socket, "blinds", "60").status == 0)
        #expect(try Self.waitForCover(first.socket, "blinds", state: "stopped", position: 60))
        #expect(KeptValuesTests.waitForStateFile(state, containing: "cover blinds 60.0"))
        #expect(KeptValuesTests.waitForStateFile(state, containing: "gpioagg-state 4"), "a kept cover makes the file format 4")
        kill(first.daemon.process.processIdentifier, SIGTERM)
        _ = first.daemon.finish()

        let second = try KeptValuesTests.start(config: config, stateDirectory: state)
        defer { _ = second.daemon.finish(limit: 0) }
        let blinds = try #require(try Self.covers(second.socket)["blinds"])
        #expect(blinds.state == "stopped")
        #expect(blinds.position == 60)
    }
}

extension CoverDaemonTests {
    @Test("under --simulate, the line command set COVER open|close|stop|POSITION tells a cover; a wrong word fails")
    func lineCommand() throws {
        let config = try DaemonTests.write(Self.config)
        let result = try runProduct("gpioagg", ["run", "--simulate", "--config", config, "--control", temporarySocketPath(),
                                                "--state-dir", temporaryDirectory()],
                                    stdin: "on door_closed\nset garage_door open\nset blinds 40\nset garage_door up\n")
        #expect(result.status == 1, "one command failed")
        #expect(result.lines.contains("cover garage_door opening"), "\(result.lines)")
        #expect(result.lines.contains("output door_relay on"), "\(result.lines)")
        #expect(result.errors.contains("error: cover 'blinds': the position is not known yet: open or close it fully first"),
                "\(result.errors)")
        #expect(result.errors.contains("error: 'garage_door' is a cover: write open, close, stop"),
                "\(result.errors)")
    }
}
