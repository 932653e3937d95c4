import CGPIOD
import GPIO

extension LineInfo {
    init(_ info: cgpiod_line_info) {
        self.init(offset: info.offset,
                  name: String(cName: info.name),
                  consumer: String(cName: info.consumer),
                  used: info.used != 0,
                  direction: info.direction == Int32(CGPIOD_DIRECTION_OUTPUT) ? .output : .input,
                  activeLow: info.active_low != 0,
                  bias: Bias(cgpiod: info.bias),
                  drive: Drive(cgpiod: info.drive),
                  debounce: .microseconds(Int64(info.debounce_us)))
    }
}
