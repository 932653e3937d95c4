import Foundation
import Testing

/// `gpioagg set NAME auto|on|off` on an output with `override: true`, through the real
/// binary and its control socket, and what `why` says of it; and the same words as line
/// commands on standard input.
@Suite("gpioagg set on an override", .tags(.binary))
struct OverrideCommandTests {
    static let config = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          motion: { chip: main, line: GPIO17 }
        signals:
          wanted: { any: [motion] }
        outputs:
          lamp: { chip: main, line: GPIO5, follows: wanted, override: true }
        """

    @Test("on holds through what it follows; auto follows it again; toggle is refused with the words it takes")
    func setModes() throws {
        let config = try DaemonTests.write(Self.config)
        let socket = temporarySocketPath()
        let daemon = try RunningProduct("gpioagg", ["run", "--simulate", "--config", config, "--control", socket,
                                                    "--state-dir", temporaryDirectory()])
        #expect(daemon.waitForLine("ready"))
        defer { kill(daemon.process.processIdentifier, SIGTERM); _ = daemon.finish() }
        let on = try runProduct("gpioagg", ["set", "lamp", "on", "--control", socket])
        #expect(on.status == 0, "\(on.errors)")
        #expect(daemon.waitForLine("output lamp on"))
        let why = try runProduct("gpioagg", ["why", "lamp", "--control", socket])
        #expect(why.lines.first?.contains("forced on by its override since") == true, "\(why.lines)")
        let toggle = try runProduct("gpioagg", ["set", "lamp", "toggle", "--control", socket])
        #expect(toggle.status != 0 && toggle.errors.contains("'lamp' has an override: write auto, on or off"),
                "\(toggle.errors)")
        let auto = try runProduct("gpioagg", ["set", "lamp", "AUTO", "--control", socket])
        #expect(auto.status == 0, "\(auto.errors)")
        #expect(daemon.waitForLine("output lamp off"), "auto: motion is off")
        let whyAuto = try runProduct("gpioagg", ["why", "lamp", "--control", socket])
        #expect(whyAuto.lines.first?.contains("its override is auto since") == true, "\(whyAuto.lines)")
    }

    @Test("SIGKILL: a mode chosen by hand comes back with the next start")
    func survivesSigkill() throws {
        let config = try DaemonTests.write(Self.config)
        let state = temporaryDirectory()
        let socket = temporarySocketPath()
        let first = try RunningProduct("gpioagg", ["run", "--simulate", "--config", config, "--control", socket,
                                                   "--state-dir", state])
        #expect(first.waitForLine("ready"))
        let on = try runProduct("gpioagg", ["set", "lamp", "on", "--control", socket])
        #expect(on.status == 0, "\(on.errors)")
        #expect(KeptValuesTests.waitForStateFile(state, containing: "output lamp on mode on"))
        kill(first.process.processIdentifier, SIGKILL)
        _ = first.finish()
        let second = try RunningProduct("gpioagg", ["run", "--simulate", "--config", config, "--control", socket,
                                                    "--state-dir", state])
        #expect(second.waitForLine("ready"))
        defer { kill(second.process.processIdentifier, SIGTERM); _ = second.finish() }
        let why = try runProduct("gpioagg", ["why", "lamp", "--control", socket])
        #expect(why.lines.first?.hasPrefix("lamp on:") == true, "\(why.lines)")
        #expect(why.lines.first?.contains("forced on by its override") == true, "\(why.lines)")
    }
}
