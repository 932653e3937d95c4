import Config
import PWM
import PWMSimulated
import Simulation
import Testing

@Suite("Simulated PWM controllers made to fit a configuration")
struct SimulatedPWMForConfigTests {
    static func chip(_ name: String, _ locator: String) -> PWMChipDeclaration {
        PWMChipDeclaration(name: name, locator: PWMControllerLocator(locator), location: Fixtures.at(1))
    }

    @Test("one controller per pwm: chip: a board's device with its channels, others with 64, pwmchipN as that number")
    func controllers() throws {
        var configuration = Configuration(chips: [], inputs: [], signals: [], outputs: [], file: Fixtures.file)
        configuration.pwmChips = [
            Self.chip("pi4", "fe20c000.pwm"), Self.chip("fixed", "pwmchip0"), Self.chip("rp1", "1f00098000.pwm"),
            Self.chip("again", "fe20c000.pwm"), Self.chip("expander", "pca9685-pwm"),
        ]
        let backend = SimulatedPWMBackend.forConfiguration(configuration)
        #expect(backend.controllers == [
            .init(deviceName: "fe20c000.pwm", number: 1, channelCount: 2),
            .init(deviceName: "pwm-sim.0", number: 0, channelCount: 64),
            .init(deviceName: "1f00098000.pwm", number: 2, channelCount: 4),
            .init(deviceName: "pca9685-pwm", number: 3, channelCount: 64),
        ])
        #expect(throws: PWMError.self) { _ = try backend.channel(2, of: .device("fe20c000.pwm")) }
        #expect(try backend.channel(63, of: .chip(0)).number == 63)
    }
}
