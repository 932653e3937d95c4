import Config
import GPIO
import PWMCore
import PWMSimulated

extension SimulatedPWMBackend {
    /// The channel count of a controller no board profile knows.
    public static let unknownChannelCount = 64

    /// Simulated PWM controllers on which `configuration`'s PWM outputs run: what
    /// `gpioagg test` (and `--simulate`) gives the engine.
    ///
    /// Each controller a `pwm:` chip names is made once (two chips naming the same
    /// controller are one): one named by its device has the channels a board profile
    /// gives that device (`board`'s first, then any board's), else 64, and the lowest
    /// `pwmchipN` no chip names by number; one named `pwmchipN` has that number and 64
    /// channels.
    ///
    /// ```swift
    /// let pwm = SimulatedPWMBackend.forConfiguration(configuration)   // fe20c000.pwm: pwmchip0, 2 channels
    /// let engine = Engine(configuration: configuration, backend: backend, pwm: pwm, loop: loop)
    /// ```
    public static func forConfiguration(_ configuration: Configuration, board: BoardProfile? = nil) -> SimulatedPWMBackend {
        let profiles = (board.map { [$0] } ?? []) + BoardProfile.all
        var taken = Set<Int>()
        for chip in configuration.pwmChips {
            if case .chip(let number) = chip.locator { taken.insert(number) }
        }
        var controllers: [Controller] = []
        for chip in configuration.pwmChips {
            switch chip.locator {
            case .device(let device):
                guard !controllers.contains(where: { $0.deviceName == device }) else { continue }
                let known = profiles.lazy.compactMap { $0.pwmControllers.first { $0.deviceName == device } }.first
                let number = (0...).first { !taken.contains($0) }!
                taken.insert(number)
                controllers.append(Controller(deviceName: device, number: number,
                                              channelCount: known.map { ($0.channels.map(\.number).max() ?? 0) + 1 }
                                                  ?? unknownChannelCount))
            case .chip(let number):
                guard !controllers.contains(where: { $0.number == number }) else { continue }
                controllers.append(Controller(deviceName: "pwm-sim.\(number)", number: number,
                                              channelCount: unknownChannelCount))
            }
        }
        return SimulatedPWMBackend(controllers: controllers)
    }
}
