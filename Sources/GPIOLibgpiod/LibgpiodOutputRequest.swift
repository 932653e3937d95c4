#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CGPIOD
import GPIO

/// Output lines requested through libgpiod.
final class LibgpiodOutputRequest: OutputRequest {
    private let handle: RequestHandle

    init(_ request: OpaquePointer, chip: ChipInfo, offsets: [UInt32]) {
        handle = RequestHandle(request, chip: chip, offsets: offsets)
    }

    var chip: ChipInfo { handle.chip }
    var offsets: [UInt32] { handle.offsets }

    func values() throws(GPIOError) -> [Bool] { try handle.values() }

    func setValues(_ values: [(offset: UInt32, value: Bool)]) throws(GPIOError) {
        let request = try handle.live("set values")
        guard !values.isEmpty else { return }
        if let stranger = values.first(where: { !handle.offsets.contains($0.offset) }) {
            throw .invalidRequest("line \(stranger.offset) on \(chip.name) is not part of this "
                                  + "output request (lines \(handle.lineList))")
        }
        let offsets = values.map(\.offset)
        let levels = values.map { Int32($0.value ? 1 : 0) }
        if cgpiod_request_set_values(request, offsets.count, offsets, levels) < 0 {
            let code = errno
            let lines = offsets.map(String.init).joined(separator: ", ")
            throw .system("set lines \(lines) on \(chip.name)", code: code)
        }
    }

    func release() { handle.release() }
}
