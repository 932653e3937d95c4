import Config
import GPIO
import GPIOSimulated
import LoopEmbedded
import PWM
import PWMSimulated
import Service
import Testing

/// The PWM controllers the command line's choice makes, at start and at each reload.
@Suite("The PWM backend factory")
struct PWMBackendFactoryTests {
    @Test("simulated: a controller named as each PWM chip, as gpioagg test makes them: a board's channels, else 64")
    func simulatedControllers() throws {
        let configuration = try PWMConfigurations.make(
            chips: [("pwm", .device("fe20c000.pwm")), ("expander", .device("1-0040")), ("numbered", .chip(3))],
            outputs: [PWMConfigurations.output("fan", channel: 1),
                      PWMConfigurations.output("strip", chip: "expander", channel: 5),
                      PWMConfigurations.output("lamp", chip: "numbered", channel: 0)])
        let factory = PWMBackendFactory.simulated(board: .pi4)
        let made = try #require(factory.backend(for: configuration) as? SimulatedPWMBackend)
        #expect(made.controllers.map(\.deviceName) == ["fe20c000.pwm", "1-0040", "pwm-sim.3"])
        #expect(made.controllers.map(\.number) == [0, 1, 3])
        #expect(made.controllers.map(\.channelCount) == [2, 64, 64])
        // Every output's channel can be had.
        let fan = try made.channel(1, of: .device("fe20c000.pwm"))
        #expect(try fan.attempt())
        #expect(factory.summary(of: made, for: configuration) == "PWM: fan on fe20c000.pwm channel 1 (25 kHz), "
            + "strip on 1-0040 channel 5 (25 kHz), lamp on pwmchip3 channel 0 (25 kHz); simulated fe20c000.pwm "
            + "(pwmchip0, 2 channels), 1-0040 (pwmchip1, 64 channels), pwm-sim.3 (pwmchip3, 64 channels)")
    }

    @Test("simulated: a reload keeps the controllers and what each channel runs, and adds new chips")
    func simulatedAcrossReloads() throws {
        let first = try PWMConfigurations.make(chips: [("pwm", .device("fe20c000.pwm"))],
                                               outputs: [PWMConfigurations.output("fan", channel: 0)])
        let factory = PWMBackendFactory.simulated()
        let started = try #require(factory.backend(for: first) as? SimulatedPWMBackend)
        let fan = try started.channel(0, of: .device("fe20c000.pwm"))
        _ = try fan.attempt()
        try fan.apply(PWMState(period: 40_000, percent: 65))

        // The same chips: the same backend, so the next engine takes over the channel it holds.
        let same = try #require(factory.backend(for: first, replacing: started) as? SimulatedPWMBackend)
        #expect(same === started)

        let second = try PWMConfigurations.make(
            chips: [("pwm", .device("fe20c000.pwm")), ("more", .device("1f00098000.pwm"))],
            outputs: [PWMConfigurations.output("fan", channel: 0), PWMConfigurations.output("pump", chip: "more", channel: 3)])
        let grown = try #require(factory.backend(for: second, replacing: started) as? SimulatedPWMBackend)
        #expect(grown.controllers.map(\.deviceName) == ["fe20c000.pwm", "1f00098000.pwm"])
        #expect(grown.controllers[1].channelCount == 4)
        let kept = try grown.channel(0, of: .device("fe20c000.pwm"))
        #expect(try kept.attempt())
        #expect(kept.tookOver)
        #expect(kept.state == PWMState(period: 40_000, dutyCycle: 26_000, polarity: .normal, enabled: true))
    }

    @Test("no PWM output: no backend, and nothing in the start line")
    func withoutPWMOutputs() throws {
        let configuration = try PWMConfigurations.make(chips: [], outputs: [])
        for factory in [PWMBackendFactory.simulated(), .sysfs(root: "/nonexistent")] {
            #expect(factory.backend(for: configuration) == nil)
            #expect(factory.summary(of: nil, for: configuration) == nil)
        }
    }

    @Test("sysfs: made at the first configuration with PWM outputs, then kept across reloads")
    func sysfsKept() throws {
        let configuration = try PWMConfigurations.make(chips: [("pwm", .device("fe20c000.pwm"))],
                                                       outputs: [PWMConfigurations.output("fan", channel: 0)])
        let factory = PWMBackendFactory.sysfs(root: "/tmp/tree")
        let made = try #require(factory.backend(for: configuration) as? SysfsPWMBackend)
        #expect(made.controllers.root == "/tmp/tree")
        #expect(factory.backend(for: configuration, replacing: made) === made)
        #expect(factory.backend(for: try PWMConfigurations.make(chips: [], outputs: []), replacing: made) === made)
        #expect(factory.summary(of: made, for: configuration)
            == "PWM: fan on fe20c000.pwm channel 0 (25 kHz); under /tmp/tree")
        #expect(PWMBackendFactory.sysfs().summary(of: made, for: configuration) == "PWM: fan on fe20c000.pwm channel 0 (25 kHz)")
    }

    @Test("the command line's choice of chips carries the PWM side: kernel is sysfs, --simulate simulated")
    func chosenWithTheChips() throws {
        let configuration = try PWMConfigurations.make(chips: [("pwm", .device("fe20c000.pwm"))],
                                                       outputs: [PWMConfigurations.output("fan", channel: 0)])
        let simulated = GPIOBackendFactory.simulated(board: .pi4)
        #expect(simulated.pwm.backend(for: configuration) is SimulatedPWMBackend)
        let given = SimulatedPWMBackend(controllers: [.init(deviceName: "fe20c000.pwm", number: 0, channelCount: 2)])
        #expect(GPIOBackendFactory.simulated(firstPWM: given).pwm.backend(for: configuration) === given)
        let kernel = GPIOBackendFactory.kernel(SimulatedBackend.raspberryPi(clock: EmbeddedEventLoop()), summary: "libgpiod",
                                               sysfsRoot: "/tmp/tree")
        let sysfs = try #require(kernel.pwm.backend(for: configuration) as? SysfsPWMBackend)
        #expect(sysfs.controllers.root == "/tmp/tree")
    }
}
