/// A PWM controller a board has, as its kernel shows it under `/sys/class/pwm`: the
/// device name (the `device` link of `pwmchipN`, stable where `N` is not), its channels
/// and the header GPIOs each can reach, and what makes it appear. Plain data, as the rest
/// of `BoardProfile`.
///
/// ```swift
/// let pwm = BoardProfile.pi5.pwmControllers[0]
/// pwm.deviceName                      // "1f00098000.pwm"
/// pwm.channels[2].gpios               // [18]
/// BoardProfile.pi5.header.pin(ofGPIO: 18)   // 12
/// ```
public struct PWMControllerProfile: Hashable, Sendable {
    /// One channel and the header GPIOs it can be routed to.
    public struct Channel: Hashable, Sendable {
        public let number: Int
        public let gpios: [UInt32]

        public init(number: Int, gpios: [UInt32]) {
            self.number = number
            self.gpios = gpios
        }
    }

    /// `fe20c000.pwm`.
    public let deviceName: String
    public let channels: [Channel]
    /// What to put in `config.txt` for the controller to appear, in words.
    public let enabling: String

    public init(deviceName: String, channels: [Channel], enabling: String) {
        self.deviceName = deviceName
        self.channels = channels
        self.enabling = enabling
    }
}
