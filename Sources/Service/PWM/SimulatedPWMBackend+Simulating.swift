import Config
import GPIO
import PWM
import PWMSimulated
import Simulation

extension SimulatedPWMBackend {
    /// Controllers in memory for `configuration`'s PWM chips, as `--simulate` runs them:
    /// those `gpioagg test` runs (`forConfiguration`: one per controller a `pwm:` chip
    /// names, a board's device with its channels, another with 64, `pwmchipN` as that
    /// number).
    ///
    /// `existing` is the backend a reload replaces: returned as it is when it has every
    /// controller the configuration names, else its controllers come first in the new
    /// one, each channel keeping what it ran (taken over as a run that died leaves it),
    /// and the new controllers are added (a device's on the lowest number free).
    ///
    /// ```swift
    /// let pwm = SimulatedPWMBackend.simulating(configuration, board: .pi4)
    /// pwm.controllers.map(\.deviceName)   // ["fe20c000.pwm"]
    /// ```
    public static func simulating(_ configuration: Configuration, board: BoardProfile? = nil,
                                  existing: SimulatedPWMBackend? = nil) -> SimulatedPWMBackend {
        let fitted = forConfiguration(configuration, board: board)
        guard let existing else { return fitted }
        var controllers = existing.controllers
        let missing = fitted.controllers.filter { wanted in
            // A `pwmchipN` chip is whichever controller has that number.
            !controllers.contains {
                $0.deviceName == wanted.deviceName || ($0.number == wanted.number && wanted.deviceName.hasPrefix("pwm-sim."))
            }
        }
        if missing.isEmpty { return existing }
        for var controller in missing {
            let taken = Set(controllers.map(\.number))
            if taken.contains(controller.number) {
                controller.number = (0...).first { !taken.contains($0) }!
            }
            controllers.append(controller)
        }
        let made = SimulatedPWMBackend(controllers: controllers)
        for controller in existing.controllers {
            for channel in 0..<controller.channelCount {
                if let state = existing.state(of: controller.deviceName, channel: channel) {
                    made.leaveExported(controller.deviceName, channel: channel, running: state)
                }
            }
        }
        return made
    }
}
