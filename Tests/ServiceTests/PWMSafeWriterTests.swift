import Config
import PWM
import PWMSimulated
import Service
import SystemCore
import TestSupport
import Testing

/// `gpioagg safe`'s writes: each PWM output's safe value on its channel, outside any engine.
@Suite("Writing PWM outputs' safe values")
struct PWMSafeWriterTests {
    static func fanAndStrip(stripActiveLow: Bool = false) throws -> Configuration {
        try PWMConfigurations.make(chips: [("pwm", .device("fe20c000.pwm"))], outputs: [
            PWMConfigurations.output("fan", channel: 0, safe: 100),
            PWMConfigurations.output("strip", channel: 1, safe: 25, activeLow: stripActiveLow),
        ])
    }

    @Test("a channel left running at its last duty cycle is taken over and set to safe; one not exported is exported")
    func sysfsTree() throws {
        let tree = try FakeSysfs()
        let chip = try tree.pwmChip(0, device: "fe20c000.pwm", channels: 2)
        // The run that died left the fan at 30 %; the strip's channel was never exported, and
        // appears at its second try (the kernel's export is made by hand in the fake tree).
        let fan = try tree.pwmChannel(0, of: chip, period: 40_000, dutyCycle: 12_000, enabled: true)
        var tries = 0
        let backend = SysfsPWMBackend(root: tree.root)
        let writer = PWMSafeWriter(backend: ExportingBackend(backend) {
            tries += 1
            if tries == 3 { _ = try? tree.pwmChannel(1, of: chip) }
        }, attempts: 5, pause: .zero)
        let outcomes = writer.write(try Self.fanAndStrip())
        #expect(outcomes.map(\.succeeded) == [true, true], "\(outcomes.map(\.message))")
        #expect(try SysfsFiles.readAttribute(fan + "/duty_cycle").trimmingTrailingNewlines == "40000")
        #expect(try SysfsFiles.readAttribute(fan + "/enable").trimmingTrailingNewlines == "1")
        #expect(outcomes[0].message == "fan: 100.0 % (safe) on channel 0 of pwmchip0 [fe20c000.pwm] (2 channels): "
            + "period 40000 ns, duty cycle 40000 ns, normal, enabled (it ran period 40000 ns, duty cycle 12000 ns, "
            + "normal, enabled)")
        #expect(try SysfsFiles.readAttribute(chip + "/export").trimmingTrailingNewlines == "1")
        #expect(try SysfsFiles.readAttribute(chip + "/pwm1/period").trimmingTrailingNewlines == "40000")
        #expect(try SysfsFiles.readAttribute(chip + "/pwm1/duty_cycle").trimmingTrailingNewlines == "10000")
        #expect(outcomes[1].written == PWMState(period: 40_000, dutyCycle: 10_000, polarity: .normal, enabled: true))
    }

    @Test("a channel that never becomes usable: given up after the attempts, the error names the output, the others written")
    func givesUp() throws {
        let backend = SimulatedPWMBackend(controllers: [
            .init(deviceName: "fe20c000.pwm", number: 0, channelCount: 2, attemptsBeforeReady: 50),
        ])
        var configuration = try Self.fanAndStrip()
        configuration.pwmChips.append(PWMChipDeclaration(name: "other", locator: .device("1-0040"),
                                                         location: PWMConfigurations.location))
        configuration.pwmOutputs.append(PWMConfigurations.output("pump", chip: "other", channel: 0, safe: 0))
        let outcomes = PWMSafeWriter(backend: backend, attempts: 3, pause: .zero).write(configuration)
        #expect(outcomes.map(\.succeeded) == [false, false, false])
        #expect(outcomes[0].message.hasPrefix("fan: channel 0 of pwmchip0 [fe20c000.pwm] (2 channels) is exported but "))
        #expect(outcomes[2].message.hasPrefix("pump: no PWM controller 1-0040 (present: "))
        #expect(backend.state(of: "fe20c000.pwm", channel: 0) == nil)
    }

    @Test("tries again until the channel is usable, and inverts an active-low output's duty cycle")
    func retriesAndInverts() throws {
        let backend = SimulatedPWMBackend(controllers: [
            .init(deviceName: "fe20c000.pwm", number: 0, channelCount: 2, attemptsBeforeReady: 2),
        ])
        let outcomes = PWMSafeWriter(backend: backend, attempts: 3, pause: .milliseconds(1))
            .write(try Self.fanAndStrip(stripActiveLow: true))
        #expect(outcomes.map(\.succeeded) == [true, true])
        #expect(backend.state(of: "fe20c000.pwm", channel: 1)
            == PWMState(period: 40_000, dutyCycle: 10_000, polarity: .inversed, enabled: true))
        #expect(outcomes[1].message.hasPrefix("strip: 25.0 % (safe) on channel 1 of "))
    }
}
