import CGPIOD
import GPIO

extension Bias {
    init(cgpiod value: Int32) {
        switch value {
        case Int32(CGPIOD_BIAS_DISABLED): self = .disabled
        case Int32(CGPIOD_BIAS_PULL_UP): self = .pullUp
        case Int32(CGPIOD_BIAS_PULL_DOWN): self = .pullDown
        default: self = .asIs
        }
    }

    var cgpiod: Int32 {
        switch self {
        case .asIs: return Int32(CGPIOD_BIAS_AS_IS)
        case .disabled: return Int32(CGPIOD_BIAS_DISABLED)
        case .pullUp: return Int32(CGPIOD_BIAS_PULL_UP)
        case .pullDown: return Int32(CGPIOD_BIAS_PULL_DOWN)
        }
    }
}
