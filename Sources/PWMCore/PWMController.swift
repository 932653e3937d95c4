/// A PWM controller as `/sys/class/pwm` shows it: `pwmchipN`, the device it belongs to,
/// how many channels it has and which of them are exported.
///
/// ```swift
/// let controller = try PWMControllers(root: "/sys").find(.device("fe20c000.pwm"))
/// controller.name            // "pwmchip0"
/// controller.channelCount    // 2
/// controller.exportedChannels // [0]
/// ```
public struct PWMController: Hashable, Sendable, CustomStringConvertible {
    /// `/sys/class/pwm/pwmchip0`.
    public let folder: String
    /// The `N` of `pwmchipN`.
    public let number: Int
    /// The last component of the `device` link (`fe20c000.pwm`); the chip's own name
    /// where there is no link.
    public let deviceName: String
    /// `npwm`.
    public let channelCount: Int

    public init(folder: String, number: Int, deviceName: String, channelCount: Int) {
        self.folder = folder
        self.number = number
        self.deviceName = deviceName
        self.channelCount = channelCount
    }

    /// `pwmchip0`.
    public var name: String { "pwmchip\(number)" }

    /// The folder of channel `channel` once exported: `pwmchip0/pwm1`.
    public func channelFolder(_ channel: Int) -> String { folder + "/pwm\(channel)" }

    public var description: String {
        "\(name) [\(deviceName)] (\(channelCount) channel\(channelCount == 1 ? "" : "s"))"
    }
}
