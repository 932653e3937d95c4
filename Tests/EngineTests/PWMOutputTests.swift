import Config
@testable import Engine
import PWM
import PWMSimulated
import Testing
import Values

/// PWM outputs on virtual time, on the simulated PWM controllers: what they follow, the
/// ramp, commands, safe values, inversion, getting hold of a channel, a reload.
@Suite("PWM outputs")
struct PWMOutputTests {
    static let device = "fe20c000.pwm"
    /// A CPU temperature (a numeric command input), a fan curve on it, and a switch.
    static let graph = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          cpu: { command: true, type: number, initial: 40, unit: "°C" }
          heater: { chip: main, line: GPIO17 }
        signals:
          fan_speed: { scale: cpu, from: [50, 70], to: [30, 100] }
        outputs:
          led: { chip: main, line: GPIO5, follows: heater }
        """

    static let chip = PWMChipDeclaration(name: "pwm", locator: .device(device), location: Fixtures.at(20))

    /// `fan: { chip: pwm, channel: 0, frequency: 25kHz, follows: fan_speed, initial: 100, safe: 90 }`.
    static func fan(ramp: Duration? = nil, activeLow: Bool = false, command: Bool = false,
                    period: UInt64 = 40_000) -> PWMOutputDeclaration {
        var fan = PWMOutputDeclaration(name: "fan", chip: "pwm", channel: 0, period: period, follows: "fan_speed",
                                       initial: 100, safe: 90, location: Fixtures.at(30),
                                       channelLocation: Fixtures.at(30, 30))
        fan.ramp = ramp
        fan.activeLow = activeLow
        fan.command = command
        return fan
    }

    /// `strip: { chip: pwm, channel: 1, frequency: 1kHz, command: true, entity: light, safe: 0 }`.
    static func strip(ramp: Duration? = nil) -> PWMOutputDeclaration {
        var strip = PWMOutputDeclaration(name: "strip", chip: "pwm", channel: 1, period: 1_000_000, follows: nil,
                                         initial: 0, safe: 0, location: Fixtures.at(31))
        strip.command = true
        strip.ramp = ramp
        return strip
    }

    static func configuration(_ outputs: [PWMOutputDeclaration]) throws -> Configuration {
        var configuration = try ConfigLoader.parse(graph, file: Fixtures.file)
        configuration.pwmChips = [chip]
        configuration.pwmOutputs = outputs
        return configuration
    }

    /// An engine with `outputs` on a simulated two-channel controller.
    final class Rig {
        let backend: SimulatedPWMBackend
        let pwm: FailingPWMBackend
        let harness: EngineHarness
        var failure: EngineError?

        init(_ outputs: [PWMOutputDeclaration], refusesInversion: Bool = false, attemptsBeforeReady: Int = 0,
             start: Bool = true) throws {
            backend = SimulatedPWMBackend(controllers: [
                .init(deviceName: PWMOutputTests.device, number: 0, channelCount: 2, refusesInversion: refusesInversion,
                      attemptsBeforeReady: attemptsBeforeReady),
            ])
            pwm = FailingPWMBackend(backend)
            harness = EngineHarness(try PWMOutputTests.configuration(outputs), pwm: pwm)
            harness.engine.onFailure = { [unowned self] in failure = $0 }
            if start { try harness.start() }
        }

        var engine: Engine { harness.engine }
        func duty(_ name: String) -> Double? { engine.pwmDuty(name) }
        func state(_ channel: Int) -> PWMState? { backend.state(of: PWMOutputTests.device, channel: channel) }
        func history(_ channel: Int) -> [PWMState] { backend.history(of: PWMOutputTests.device, channel: channel) }
        func cpu(_ value: Double?) { engine.setNumber("cpu", to: value) }
        /// The targets observers heard of, with their causes.
        func targets(_ name: String) -> [String] {
            harness.changes.filter { $0.kind == .output && $0.name == name }
                .map { "\($0.value.text(precision: $0.precision)) \($0.cause.rawValue)" }
        }
    }

    static func close(_ value: Double?, _ expected: Double) -> Bool {
        guard let value else { return false }
        return abs(value - expected) < 1e-6
    }

    @Test("a fan curve: the duty cycle follows the scale, clamped, at once without a ramp")
    func scaleAndClamping() throws {
        let rig = try Rig([Self.fan()])
        #expect(Self.close(rig.duty("fan"), 30), "40 °C is before the curve: 30 %")
        #expect(rig.history(0).map(\.dutyCycle) == [40_000, 12_000], "initial 100 %, then 30 % of 40000 ns")
        for (reading, percent) in [(60.0, 65.0), (68.4, 94.4), (75, 100), (20, 30), (50, 30)] {
            rig.cpu(reading)
            #expect(Self.close(rig.duty("fan"), percent), "\(reading) °C")
            #expect(Self.close(rig.state(0)?.percent, percent), "\(reading) °C on the channel")
            #expect(rig.harness.output("fan") == .number(rig.duty("fan")!, "%"))
        }
        #expect(rig.state(0)?.period == 40_000 && rig.state(0)?.polarity == .normal && rig.state(0)?.enabled == true)
        #expect(rig.harness.snapshot.precision(of: "fan") == 1)
        #expect(rig.targets("fan") == ["100.0 % initial", "30.0 % change", "65.0 % change", "94.4 % change",
                                       "100.0 % change", "30.0 % change"], "50 °C is 30 % again: no change")
        let change = try #require(rig.harness.changes.last { $0.name == "fan" })
        #expect(change.node == .output("fan") && change.chip == "pwm" && change.line == nil && change.precision == 1)
        #expect(rig.engine.set("fan", .number(50)).refusal?.message.hasPrefix("'fan' is a PWM output that follows") == true)
    }

    @Test("a percentage outside 0 to 100 is clamped; a level is 100 % on and 0 % off")
    func levelsAndClamps() throws {
        var glow = PWMOutputDeclaration(name: "glow", chip: "pwm", channel: 1, period: 1_000_000, follows: "heater",
                                        initial: 50, safe: 0, location: Fixtures.at(32))
        glow.ramp = nil
        var wide = Self.fan()
        wide.follows = "cpu"
        let rig = try Rig([wide, glow])
        #expect(Self.close(rig.duty("glow"), 0), "heater off")
        rig.harness.set("GPIO17", true)
        #expect(Self.close(rig.duty("glow"), 100) && rig.state(1)?.dutyCycle == 1_000_000)
        rig.harness.set("GPIO17", false)
        #expect(Self.close(rig.duty("glow"), 0) && rig.state(1)?.dutyCycle == 0)
        rig.engine.setNumber("cpu", to: 140, limits: false)
        #expect(Self.close(rig.duty("fan"), 100), "140 clamped to 100 %")
        rig.engine.setNumber("cpu", to: -5, limits: false)
        #expect(Self.close(rig.duty("fan"), 0), "-5 clamped to 0 %")
    }

    @Test("what it follows unavailable: the safe value")
    func unavailableIsSafe() throws {
        let rig = try Rig([Self.fan()])
        rig.cpu(60)
        rig.cpu(nil)
        #expect(Self.close(rig.duty("fan"), 90) && rig.harness.output("fan") == .number(90, "%"))
        rig.cpu(62)
        #expect(Self.close(rig.duty("fan"), 72))
    }

    @Test("ramp: in steps on virtual time, from the current duty cycle when the target moves mid-way; no timer once there")
    func ramp() throws {
        let rig = try Rig([Self.fan(ramp: .seconds(2))])
        #expect(Self.close(rig.duty("fan"), 100), "initial 100 %, the ramp to 30 % starts now")
        #expect(rig.harness.output("fan") == .number(30, "%"), "the target")
        rig.harness.advance(by: .seconds(1))
        #expect(Self.close(rig.duty("fan"), 65), "half-way from 100 to 30")
        #expect(Self.close(rig.state(0)?.percent, 65))
        rig.harness.advance(by: .seconds(1))
        #expect(Self.close(rig.duty("fan"), 30))
        #expect(rig.harness.loop.nextDeadline == nil, "no wake-up once it arrived")
        let steps = rig.history(0).count
        #expect(steps >= 50 && steps <= 52, "about 50 steps of 40 ms: \(steps)")

        rig.cpu(60)  // 65 %, from 30 % at t = 2 s
        rig.harness.advance(by: .milliseconds(500))
        let midway = 30 + 35 * 0.48 / 2  // the step at 2.48 s
        #expect(Self.close(rig.duty("fan"), midway))
        rig.cpu(70)  // 100 %, from where it is
        rig.harness.advance(by: .seconds(1))
        #expect(Self.close(rig.duty("fan"), midway + (100 - midway) / 2))
        let why = try #require(rig.engine.explain("fan", depth: 0)).joined()
        #expect(why.contains("ramp from 38.4 % to 100.0 %: 69.2 % now, there in 1s"), "\(why)")
        rig.harness.advance(by: .seconds(1))
        #expect(Self.close(rig.duty("fan"), 100) && rig.harness.loop.nextDeadline == nil)
        #expect(rig.targets("fan") == ["100.0 % initial", "30.0 % change", "65.0 % change", "100.0 % change"],
                "the targets, not the steps")
    }

    @Test("stop writes safe at once, in the middle of a ramp too")
    func safeOnStop() throws {
        let rig = try Rig([Self.fan(ramp: .seconds(2)), Self.strip()])
        rig.engine.setPWMOutput("strip", .number(40))
        rig.harness.advance(by: .milliseconds(500))
        rig.engine.stop()
        #expect(Self.close(rig.state(0)?.percent, 90) && Self.close(rig.state(1)?.percent, 0))
        #expect(rig.harness.output("fan") == .number(90, "%"))
        #expect(rig.targets("fan").last == "90.0 % safe state" && rig.targets("strip").last == "0.0 % safe state")
        #expect(rig.harness.loop.nextDeadline == nil)
    }

    @Test("a write that fails stops the engine, naming the output; the safe values are written")
    func safeOnFailure() throws {
        let rig = try Rig([Self.fan(), Self.strip()])
        rig.engine.setPWMOutput("strip", .number(40))
        rig.pwm.failNextWrite = true
        rig.cpu(60)
        let failure = try #require(rig.failure)
        #expect(!rig.engine.isRunning)
        #expect(failure.kind == .pwm && failure.pwmError != nil)
        #expect(failure.description.hasPrefix("gpioagg.yaml:30:3: error: output 'fan': channel 0 of"), "\(failure)")
        #expect(Self.close(rig.state(0)?.percent, 90) && Self.close(rig.state(1)?.percent, 0))
        #expect(rig.harness.log.contains { $0.contains("output 'fan'") && $0.contains("safe values") })
    }

    @Test("active: low: the kernel's inversed polarity, or the duty cycle computed where the driver refuses it")
    func inversion() throws {
        let rig = try Rig([Self.fan(activeLow: true)])
        rig.cpu(60)
        #expect(rig.state(0) == PWMState(period: 40_000, dutyCycle: 26_000, polarity: .inversed, enabled: true))
        #expect(Self.close(rig.duty("fan"), 65))

        let refusing = try Rig([Self.fan(activeLow: true)], refusesInversion: true)
        refusing.cpu(60)
        #expect(refusing.state(0) == PWMState(period: 40_000, dutyCycle: 14_000, polarity: .normal, enabled: true),
                "low for 65 % of the period")
        #expect(Self.close(refusing.duty("fan"), 65))
        refusing.engine.stop()
        #expect(refusing.state(0) == PWMState(period: 40_000, dutyCycle: 4_000, polarity: .normal, enabled: true),
                "safe 90 %, inverted")
    }

    @Test("commands: a number, on (the last duty cycle above 0), off, toggle; refusals; only with command: true")
    func commands() throws {
        let rig = try Rig([Self.fan(), Self.strip()])
        #expect(rig.engine.setPWMOutput("strip", .on) == .success(100), "no duty cycle above 0 yet: 100 %")
        #expect(rig.engine.setPWMOutput("strip", .number(40)) == .success(40))
        #expect(Self.close(rig.duty("strip"), 40) && rig.state(1)?.dutyCycle == 400_000)
        #expect(rig.engine.setPWMOutput("strip", .off) == .success(0))
        #expect(rig.engine.setPWMOutput("strip", .on) == .success(40), "back to 40 %, as a dimmer")
        #expect(rig.engine.setPWMOutput("strip", .toggle) == .success(0))
        #expect(rig.engine.setPWMOutput("strip", .toggle) == .success(40))
        let refused = rig.engine.setPWMOutput("strip", .number(140))
        #expect(refused == .failure(SetRefusal(.value, "'strip' takes 0 to 100 (%), on, off or toggle, not 140.0")))
        if case .failure(let refusal) = rig.engine.setPWMOutput("strip", .command(.press)) {
            #expect(refusal.description.contains("not press"))
        } else {
            Issue.record("press is refused")
        }
        if case .failure = rig.engine.setPWMOutput("strip", .cover(.open)) {} else { Issue.record("open is refused") }
        #expect(Self.close(rig.duty("strip"), 40), "refusals change nothing")
        #expect(rig.engine.setPWMOutput("fan", .number(50))?.refusal?.reason == .notSettable, "no command: true")
        #expect(rig.engine.setPWMOutput("nothing", .on)?.refusal?.reason == .unknownName)
        rig.engine.stop()
        #expect(rig.engine.setPWMOutput("strip", .on) == nil, "not running")
    }

    @Test("a command holds until what the output follows next changes")
    func commandHolds() throws {
        let rig = try Rig([Self.fan(command: true)])
        rig.cpu(60)
        #expect(rig.engine.setPWMOutput("fan", .number(20)) == .success(20))
        rig.harness.advance(by: .seconds(30))
        #expect(Self.close(rig.duty("fan"), 20), "held")
        let why = try #require(rig.engine.explain("fan", depth: 0)).joined()
        #expect(why.contains("follows fan_speed (65.0 %)") && why.contains("set by a command until fan_speed changes"),
                "\(why)")
        rig.cpu(62)
        #expect(Self.close(rig.duty("fan"), 72), "follows again")
    }

    @Test("a channel not usable yet is tried again every 50 ms; initial, then what it follows, once it is")
    func retry() throws {
        let rig = try Rig([Self.fan()], attemptsBeforeReady: 3)
        #expect(rig.duty("fan") == nil && rig.state(0) == nil && rig.engine.isRunning)
        rig.harness.advance(by: .milliseconds(100))
        #expect(rig.duty("fan") == nil, "tried at 0, 50 and 100 ms")
        rig.harness.advance(by: .milliseconds(50))
        #expect(Self.close(rig.duty("fan"), 30))
        #expect(rig.history(0).map(\.dutyCycle) == [40_000, 12_000], "initial, then the curve")
        #expect(rig.harness.loop.nextDeadline == nil)
    }

    @Test("a channel still not usable after 5 s fails the engine with what is missing")
    func giveUp() throws {
        let rig = try Rig([Self.fan(), Self.strip()], attemptsBeforeReady: 1_000)
        rig.engine.setPWMOutput("strip", .number(40))
        rig.harness.advance(by: .milliseconds(4_950))
        #expect(rig.engine.isRunning && rig.failure == nil)
        rig.harness.advance(by: .milliseconds(50))
        let failure = try #require(rig.failure)
        #expect(!rig.engine.isRunning)
        #expect(failure.description.contains("output 'fan': channel 0 of pwmchip0 [fe20c000.pwm] (2 channels) is exported but"),
                "\(failure)")
        #expect(rig.harness.loop.nextDeadline == nil)
    }

    @Test("a missing controller or channel fails the start at the output, with the chip's declaration")
    func startErrors() throws {
        var far = Self.fan()
        far.channel = 5
        let rig = try Rig([far], start: false)
        #expect(throws: EngineError.self) { try rig.harness.start() }
        do {
            try rig.harness.start()
        } catch {
            #expect(error.kind == .stopped)
        }
        let fresh = try Rig([far], start: false)
        do {
            try fresh.harness.start()
            Issue.record("started")
        } catch {
            #expect(error.description.hasPrefix("gpioagg.yaml:30:30: error: output 'fan': pwmchip0 [fe20c000.pwm] (2 channels) has no channel 5"),
                    "\(error)")
            #expect(error.description.contains("gpioagg.yaml:20:3: note: chip 'pwm' is declared here"))
        }
        #expect(fresh.history(0).isEmpty, "nothing written")
    }

    @Test("a channel exported already is taken over as it runs, logged, without a glitch to initial")
    func takeOver() throws {
        let backend = SimulatedPWMBackend(controllers: [.init(deviceName: Self.device, number: 0, channelCount: 2)])
        backend.leaveExported(Self.device, channel: 0, running: PWMState(period: 40_000, dutyCycle: 20_000, enabled: true))
        let harness = EngineHarness(try Self.configuration([Self.fan(ramp: .seconds(1))]), pwm: backend)
        try harness.start()
        #expect(Self.close(harness.engine.pwmDuty("fan"), 50), "from where it ran, towards 30 %")
        #expect(harness.log.contains { $0.contains("output 'fan': channel 0 of pwmchip0 [fe20c000.pwm] (2 channels) was exported already") })
        #expect(harness.changes.filter { $0.name == "fan" }.map { "\($0.value.text(precision: $0.precision)) \($0.cause.rawValue)" }
            == ["50.0 % taken over as it ran", "30.0 % change"], "the start shows what it ran, not initial 100 %")
        harness.advance(by: .seconds(1))
        #expect(Self.close(harness.engine.pwmDuty("fan"), 30))
        let history = backend.history(of: Self.device, channel: 0)
        #expect(!history.contains { $0.dutyCycle == 40_000 }, "initial 100 % never written")
    }

    @Test("reload: an unchanged output keeps its channel and duty cycle; a removed one goes to safe; a new period or active applies")
    func reload() throws {
        let rig = try Rig([Self.fan(), Self.strip()])
        rig.cpu(60)
        rig.engine.setPWMOutput("strip", .number(40))
        let written = rig.history(0).count
        let same = Engine(configuration: try Self.configuration([Self.fan(), Self.strip()]),
                          backend: rig.harness.simulated, pwm: rig.pwm, loop: rig.harness.loop)
        try same.start(replacing: rig.engine)
        #expect(rig.history(0).count == written, "no write: no glitch to initial")
        #expect(Self.close(same.pwmDuty("fan"), 65) && Self.close(same.pwmDuty("strip"), 40))
        #expect(same.snapshot().outputs["strip"] == .number(40, "%"), "the command held carries over")

        let changed = Engine(configuration: try Self.configuration([Self.fan(period: 50_000)]),
                             backend: rig.harness.simulated, pwm: rig.pwm, loop: rig.harness.loop)
        try changed.start(replacing: same)
        #expect(rig.state(0) == PWMState(period: 50_000, dutyCycle: 32_500, enabled: true), "65 % of the new period")
        #expect(Self.close(rig.state(1)?.percent, 0), "strip removed: safe")
        changed.setNumber("cpu", to: 70)
        #expect(Self.close(changed.pwmDuty("fan"), 100))

        let inverted = Engine(configuration: try Self.configuration([Self.fan(activeLow: true, period: 50_000)]),
                              backend: rig.harness.simulated, pwm: rig.pwm, loop: rig.harness.loop)
        try inverted.start(replacing: changed)
        #expect(rig.state(0) == PWMState(period: 50_000, dutyCycle: 50_000, polarity: .inversed, enabled: true),
                "active: low applied at the duty cycle it ran")
        inverted.stop()
        #expect(rig.state(0) == PWMState(period: 50_000, dutyCycle: 45_000, polarity: .inversed, enabled: true))
    }

    @Test("why: what it follows and its value, the channel, how long it has had its duty cycle")
    func why() throws {
        let rig = try Rig([Self.fan()])
        rig.cpu(60)
        rig.harness.advance(by: .seconds(3))
        let lines = try #require(rig.engine.explain("fan", depth: 1))
        #expect(lines.first == "fan 65.0 %: PWM output on pwm channel 0, pwmchip0 [fe20c000.pwm] (2 channels), period 40000 ns, "
                + "follows fan_speed (65.0 %); 65.0 % for 3s", "\(lines)")
        #expect(lines.count == 2 && lines[1].hasPrefix("  fan_speed 65.00 %: signal scale: cpu"))
    }

    @Test("the issue's configuration as written: the fan on its curve, the strip by command, both on a Pi 5's RP1")
    func parsed() throws {
        let configuration = try ConfigLoader.parse("""
            chips:
              pwm: { pwm: 1f00098000.pwm }
            inputs:
              cpu: { command: true, type: number, initial: 45, unit: "°C" }
            signals:
              fan_speed: { scale: cpu, from: [50, 70], to: [30, 100] }
            outputs:
              fan:   { chip: pwm, channel: 2, frequency: 25kHz, follows: fan_speed, initial: 100, safe: 100 }
              strip: { chip: pwm, channel: 0, frequency: 1kHz, command: true, entity: light, ramp: 500ms, safe: 0, active: low }
            """, file: "gpioagg.yaml")
        let device = "1f00098000.pwm"
        let backend = SimulatedPWMBackend(controllers: [.init(deviceName: device, number: 2, channelCount: 4)])
        let harness = EngineHarness(configuration, pwm: backend)
        try harness.start()
        #expect(backend.state(of: device, channel: 2) == PWMState(period: 40_000, dutyCycle: 12_000, enabled: true),
                "25 kHz, 30 % at 45 °C")
        harness.engine.setNumber("cpu", to: 60)
        #expect(backend.state(of: device, channel: 2)?.dutyCycle == 26_000)
        #expect(harness.engine.setPWMOutput("strip", .number(40)) == .success(40))
        harness.advance(by: .milliseconds(250))
        #expect(Self.close(harness.engine.pwmDuty("strip"), 20))
        harness.advance(by: .milliseconds(250))
        #expect(backend.state(of: device, channel: 0)
            == PWMState(period: 1_000_000, dutyCycle: 400_000, polarity: .inversed, enabled: true), "active: low")
        harness.engine.stop()
        #expect(backend.state(of: device, channel: 2)?.dutyCycle == 40_000 && backend.state(of: device, channel: 0)?.dutyCycle == 0)
    }
}
