#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CGPIOD
import GPIO

/// Owns one `cgpiod_request`: the lines and their descriptors. Releasing twice is
/// harmless, and the deinitialiser releases what nobody released.
final class RequestHandle {
    let chip: ChipInfo
    let offsets: [UInt32]
    private var request: OpaquePointer?

    init(_ request: OpaquePointer, chip: ChipInfo, offsets: [UInt32]) {
        self.request = request
        self.chip = chip
        self.offsets = offsets
    }

    deinit { release() }

    /// The live request; an error once released, because its descriptors are closed
    /// (and their numbers may already belong to someone else).
    func live(_ operation: String) throws(GPIOError) -> OpaquePointer {
        guard let request else {
            throw .invalidRequest("cannot \(operation): lines \(lineList) on \(chip.name) were released")
        }
        return request
    }

    func release() {
        guard let request else { return }
        self.request = nil
        cgpiod_request_release(request)
    }

    /// `3, 5` for error messages.
    var lineList: String { offsets.map(String.init).joined(separator: ", ") }

    /// The logical values of all lines, in `offsets` order.
    func values() throws(GPIOError) -> [Bool] {
        let request = try live("read values")
        var raw = [Int32](repeating: 0, count: offsets.count)
        if cgpiod_request_get_values(request, &raw) < 0 {
            let code = errno
            throw .system("read lines \(lineList) on \(chip.name)", code: code)
        }
        return raw.map { $0 != 0 }
    }
}
