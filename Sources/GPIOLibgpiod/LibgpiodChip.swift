#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CGPIOD
import GPIO

/// A chip opened through libgpiod. Requests made through it outlive it: closing the
/// chip releases no lines.
final class LibgpiodChip: GPIOChip {
    let info: ChipInfo
    private var chip: OpaquePointer?

    init(_ chip: OpaquePointer, info: ChipInfo) {
        self.chip = chip
        self.info = info
    }

    deinit { close() }

    func close() {
        guard let chip else { return }
        self.chip = nil
        cgpiod_chip_close(chip)
    }

    private func live(_ operation: String) throws(GPIOError) -> OpaquePointer {
        guard let chip else {
            throw .invalidRequest("cannot \(operation): \(info.name) [\(info.label)] is closed")
        }
        return chip
    }

    func lineInfo(_ offset: UInt32) throws(GPIOError) -> LineInfo {
        let chip = try live("read line info")
        guard offset < info.lineCount else {
            throw .lineOffsetOutOfRange(chip: info, offset: offset)
        }
        var raw = cgpiod_line_info()
        if cgpiod_chip_get_line_info(chip, offset, &raw) < 0 {
            let code = errno
            throw .system("read info of line \(offset) on \(info.name)", code: code)
        }
        return LineInfo(raw)
    }

    func requestInputs(_ lines: [InputLineConfig], consumer: String,
                       eventBufferSize: Int) throws(GPIOError) -> any InputRequest {
        let chip = try live("request lines")
        let offsets = try validate(lines.map(\.offset))
        guard eventBufferSize >= 0 else {
            throw .invalidRequest("event buffer size \(eventBufferSize) is negative; use 0 for the kernel's default")
        }
        let raw = lines.map {
            cgpiod_input_line(offset: $0.offset, active_low: $0.activeLow ? 1 : 0,
                              bias: $0.bias.cgpiod, debounce_us: $0.debounce.wholeMicroseconds)
        }
        guard let request = cgpiod_request_inputs(chip, raw, raw.count, consumer, eventBufferSize) else {
            throw requestError(errno, offsets: offsets, direction: "inputs")
        }
        return LibgpiodInputRequest(request, chip: info, offsets: offsets)
    }

    func requestOutputs(_ lines: [OutputLineConfig],
                        consumer: String) throws(GPIOError) -> any OutputRequest {
        let chip = try live("request lines")
        let offsets = try validate(lines.map(\.offset))
        let raw = lines.map {
            cgpiod_output_line(offset: $0.offset, active_low: $0.activeLow ? 1 : 0,
                               bias: $0.bias.cgpiod, drive: $0.drive.cgpiod,
                               value: $0.initial ? 1 : 0)
        }
        guard let request = cgpiod_request_outputs(chip, raw, raw.count, consumer) else {
            throw requestError(errno, offsets: offsets, direction: "outputs")
        }
        return LibgpiodOutputRequest(request, chip: info, offsets: offsets)
    }

    /// Catches what the kernel would reject with a bare EINVAL or, worse for a
    /// duplicate, EBUSY, so that the error names the actual mistake.
    private func validate(_ offsets: [UInt32]) throws(GPIOError) -> [UInt32] {
        guard !offsets.isEmpty else {
            throw .invalidRequest("a request on \(info.name) needs at least one line")
        }
        guard offsets.count <= Int(CGPIOD_MAX_LINES) else {
            throw .invalidRequest("\(offsets.count) lines requested on \(info.name) at once; "
                                  + "the kernel allows at most \(CGPIOD_MAX_LINES) per request")
        }
        var seen = Set<UInt32>()
        for offset in offsets {
            guard offset < info.lineCount else {
                throw .lineOffsetOutOfRange(chip: info, offset: offset)
            }
            guard seen.insert(offset).inserted else {
                throw .invalidRequest("line \(offset) on \(info.name) appears twice in one request")
            }
        }
        return offsets
    }

    /// Turns a failed request's errno into the error a person can act on: for EBUSY,
    /// who holds which line.
    private func requestError(_ code: Int32, offsets: [UInt32], direction: String) -> GPIOError {
        switch code {
        case EBUSY:
            for offset in offsets {
                if let line = try? lineInfo(offset), line.used {
                    return .busy(chip: info, offset: offset, name: line.name, consumer: line.consumer)
                }
            }
            // The holder let go between the request and the look-up.
            let name = (try? lineInfo(offsets[0]).name) ?? ""
            return .busy(chip: info, offset: offsets[0], name: name, consumer: "")
        case EACCES, EPERM:
            return .permissionDenied(path: info.path, operation: "request lines on")
        default:
            let lines = offsets.map(String.init).joined(separator: ", ")
            return .system("request lines \(lines) on \(info.name) as \(direction)", code: code)
        }
    }
}
