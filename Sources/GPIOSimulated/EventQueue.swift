#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemCore
import GPIO

/// A bounded event buffer with a pollable descriptor, like the kernel's per-request
/// (libgpiod v2) or per-line (v1) event FIFO. Guarded by the chip's lock.
final class EventQueue {
    enum Overflow { case dropOldest, dropNewest }

    let capacity: Int
    let overflow: Overflow
    /// Readable while events are queued.
    let readDescriptor: Int32
    private let writeDescriptor: Int32
    private var storage: [EdgeEvent] = []
    private var head = 0
    private var signalled = false

    init(capacity: Int, overflow: Overflow) throws(GPIOError) {
        self.capacity = max(1, capacity)
        self.overflow = overflow
        var descriptors: [Int32] = [0, 0]
        do throws(SystemCallError) {
            try SystemCall.retrying("pipe") { pipe(&descriptors) }
        } catch {
            throw .system(error.call, errno: error.errno, detail: error.reason)
        }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        SystemCall.close(readDescriptor)
        SystemCall.close(writeDescriptor)
    }

    var count: Int { storage.count - head }

    func push(_ event: EdgeEvent) {
        if count >= capacity {
            switch overflow {
            case .dropNewest:
                return
            case .dropOldest:
                head += 1
                if head >= capacity {
                    storage.removeFirst(head)
                    head = 0
                }
            }
        }
        storage.append(event)
        if !signalled {
            var byte: UInt8 = 1
            _ = try? SystemCall.nonBlocking("write") { write(writeDescriptor, &byte, 1) }
            signalled = true
        }
    }

    func drain(into events: inout [EdgeEvent]) -> Int {
        let taken = count
        events.append(contentsOf: storage[head...])
        storage.removeAll(keepingCapacity: true)
        head = 0
        if signalled {
            var bytes = (UInt64(0), UInt64(0))
            _ = try? SystemCall.nonBlocking("read") {
                withUnsafeMutableBytes(of: &bytes) { read(readDescriptor, $0.baseAddress, $0.count) }
            }
            signalled = false
        }
        return taken
    }
}
