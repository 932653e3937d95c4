import CGPIOD
import GPIO

extension Drive {
    init(cgpiod value: Int32) {
        switch value {
        case Int32(CGPIOD_DRIVE_OPEN_DRAIN): self = .openDrain
        case Int32(CGPIOD_DRIVE_OPEN_SOURCE): self = .openSource
        default: self = .pushPull
        }
    }

    var cgpiod: Int32 {
        switch self {
        case .pushPull: return Int32(CGPIOD_DRIVE_PUSH_PULL)
        case .openDrain: return Int32(CGPIOD_DRIVE_OPEN_DRAIN)
        case .openSource: return Int32(CGPIOD_DRIVE_OPEN_SOURCE)
        }
    }
}
