import GPIO
import PWMCore

/// PWM controllers and channels against the board's profile: a controller of another
/// Raspberry Pi, and a channel its controller does not have. A controller known to no
/// board (a PWM expander) is left to the hardware.
extension BoardResolver {
    mutating func checkPWMChannels(_ configuration: Configuration) {
        var controllers: [String: PWMControllerProfile] = [:]
        for chip in configuration.pwmChips {
            guard case .device(let device) = chip.locator else { continue }
            if let controller = board.pwmControllers.first(where: { $0.deviceName == device }) {
                controllers[chip.name] = controller
                continue
            }
            let owners = BoardProfile.all.filter { $0.pwmControllers.contains { $0.deviceName == device } }
            guard !owners.isEmpty else { continue }
            let own = board.pwmControllers.map(\.deviceName)
            report(chip.location, "chip '\(chip.name)': pwm \(device) is the \(owners.map(\.model).joined(separator: " and "))'s, "
                + "not on the \(board.model)",
                   hint: own.isEmpty ? "the \(board.model) has no PWM controller on its header"
                       : "the \(board.model)'s PWM controller: pwm \(own.joined(separator: ", "))")
        }
        for output in configuration.pwmOutputs {
            guard let controller = controllers[output.chip],
                  !controller.channels.contains(where: { $0.number == output.channel }) else { continue }
            let numbers = controller.channels.map { String($0.number) }
            let list = numbers.count > 1 ? numbers.dropLast().joined(separator: ", ") + " and " + numbers.last! : numbers.joined()
            report(output.channelLocation,
                   "output '\(output.name)': channel \(output.channel) is not on \(controller.deviceName) of the \(board.model), "
                       + "whose channels are \(list)",
                   hint: controller.channels.map { channel in
                       "channel \(channel.number) on " + channel.gpios.map { gpio in
                           "GPIO\(gpio)" + (PinHeader.raspberryPi.pin(ofGPIO: gpio).map { " (pin \($0))" } ?? "")
                       }.joined(separator: " or ")
                   }.joined(separator: ", "))
        }
    }
}
