import SystemCore

extension PWMController {
    /// The channels exported now (`pwmN` folders), in order.
    public var exportedChannels: [Int] {
        SysfsFiles.names(in: folder).compactMap { name in
            guard name.hasPrefix("pwm"), !name.hasPrefix("pwmchip"), let channel = Int(name.dropFirst(3)) else { return nil }
            return channel
        }.sorted()
    }

    /// `pwmchip0 [fe20c000.pwm] (2 channels)`.
}
