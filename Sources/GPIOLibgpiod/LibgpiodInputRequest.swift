#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CGPIOD
import GPIO

/// Input lines requested through libgpiod, with edge detection on both edges.
final class LibgpiodInputRequest: InputRequest {
    private let handle: RequestHandle
    let fileDescriptors: [Int32]
    let debouncesInKernel: Bool
    let numbersEvents: Bool
    let eventBufferCapacity: Int
    /// Reused between reads so that reading allocates nothing once warmed up.
    private var buffer: [cgpiod_edge_event]

    init(_ request: OpaquePointer, chip: ChipInfo, offsets: [UInt32]) {
        handle = RequestHandle(request, chip: chip, offsets: offsets)
        fileDescriptors = (0..<cgpiod_request_num_fds(request)).map { cgpiod_request_fd(request, $0) }
        let generation = cgpiod_api_generation()
        debouncesInKernel = generation >= 2
        numbersEvents = generation >= 2
        eventBufferCapacity = cgpiod_request_event_capacity(request)
        buffer = Array(repeating: cgpiod_edge_event(), count: max(eventBufferCapacity, 1))
    }

    var chip: ChipInfo { handle.chip }
    var offsets: [UInt32] { handle.offsets }

    func values() throws(GPIOError) -> [Bool] { try handle.values() }

    /// Reads what is waiting, at most `eventBufferCapacity` events: one read, so that a
    /// full read means the kernel's buffer was full. When more wait, the descriptor
    /// stays readable.
    @discardableResult
    func readEvents(from fileDescriptor: Int32,
                    into events: inout [EdgeEvent]) throws(GPIOError) -> Int {
        let request = try handle.live("read events")
        guard fileDescriptors.contains(fileDescriptor) else {
            throw .invalidRequest("descriptor \(fileDescriptor) does not belong to the request "
                                  + "for lines \(handle.lineList) on \(chip.name)")
        }
        let count = buffer.withUnsafeMutableBufferPointer { buffer in
            cgpiod_request_read_events(request, fileDescriptor, buffer.baseAddress, buffer.count)
        }
        if count < 0 {
            let code = errno
            throw .system("read edge events of lines \(handle.lineList) on \(chip.name)", code: code)
        }
        for index in 0..<Int(count) {
            events.append(EdgeEvent(buffer[index]))
        }
        return Int(count)
    }

    func release() { handle.release() }
}
