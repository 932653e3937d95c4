/// How a config names a PWM controller: by its device (`fe20c000.pwm`, the `device` link
/// of `/sys/class/pwm/pwmchipN`, stable across kernels) or by its `pwmchipN`, whose
/// number changed between Raspberry Pi kernels.
///
/// ```swift
/// PWMControllerLocator("1f00098000.pwm")   // .device("1f00098000.pwm")
/// PWMControllerLocator("pwmchip2")         // .chip(2)
/// ```
public enum PWMControllerLocator: Hashable, Sendable, CustomStringConvertible {
    case device(String)
    case chip(Int)

    /// `pwmchip` followed by digits is a chip number; anything else a device name.
    public init(_ text: String) {
        let digits = text.dropFirst(7)
        if text.hasPrefix("pwmchip"), !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
           let number = Int(digits) {
            self = .chip(number)
        } else {
            self = .device(text)
        }
    }

    public var description: String {
        switch self {
        case .device(let name): name
        case .chip(let number): "pwmchip\(number)"
        }
    }

    public func matches(_ controller: PWMController) -> Bool {
        switch self {
        case .device(let name): controller.deviceName == name
        case .chip(let number): controller.number == number
        }
    }
}
