import Config
import GPIO
import PWM
import PWMSimulated

extension SimulatedPWMBackend {
    /// Controllers in memory for `configuration`'s PWM chips, as `--simulate` runs them:
    /// one per chip declared with `pwm:`, named as the chip names it (a device name as
    /// is; `pwmchipN` as that number, on a device named `pwm-sim.N`), with the channels
    /// `board`'s profile gives that device, or enough for the outputs on it (at least 2).
    ///
    /// `existing` is the backend a reload replaces: returned as it is when it has every
    /// controller the configuration declares, else its controllers come first in the new
    /// one and every channel keeps what it ran (taken over as a run that died leaves it).
    ///
    /// ```swift
    /// let pwm = SimulatedPWMBackend.simulating(configuration, board: .pi4)
    /// pwm.controllers.map(\.deviceName)   // ["fe20c000.pwm"]
    /// ```
    public static func simulating(_ configuration: Configuration, board: BoardProfile? = nil,
                                  existing: SimulatedPWMBackend? = nil) -> SimulatedPWMBackend {
        var controllers = existing?.controllers ?? []
        let missing = configuration.pwmChips.filter { chip in
            !controllers.contains { chip.locator.matches($0.kernelControllerForMatching) }
        }
        if let existing, missing.isEmpty { return existing }
        for chip in missing {
            let channels = configuration.pwmOutputs.filter { $0.chip == chip.name }.map(\.channel)
            let needed = max(2, (channels.max() ?? 0) + 1)
            let taken = Set(controllers.map(\.number))
            switch chip.locator {
            case .device(let name):
                let profiled = board?.pwmControllers.first { $0.deviceName == name }?.channels.count ?? 0
                let number = (0...).first { number in
                    !taken.contains(number) && !configuration.pwmChips.contains { $0.locator == .chip(number) }
                }!
                controllers.append(Controller(deviceName: name, number: number, channelCount: max(profiled, needed)))
            case .chip(let number):
                guard !taken.contains(number) else { continue }
                controllers.append(Controller(deviceName: "pwm-sim.\(number)", number: number, channelCount: needed))
            }
        }
        let made = SimulatedPWMBackend(controllers: controllers)
        for controller in existing?.controllers ?? [] {
            for channel in 0..<controller.channelCount {
                if let state = existing?.state(of: controller.deviceName, channel: channel) {
                    made.leaveExported(controller.deviceName, channel: channel, running: state)
                }
            }
        }
        return made
    }
}

extension SimulatedPWMBackend.Controller {
    /// The controller as a locator matches it.
    fileprivate var kernelControllerForMatching: PWMController {
        PWMController(folder: "/sys/class/pwm/pwmchip\(number)", number: number, deviceName: deviceName,
                      channelCount: channelCount)
    }
}
