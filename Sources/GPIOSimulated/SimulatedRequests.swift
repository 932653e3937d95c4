import Locks
import GPIO

/// Input lines of a simulated chip.
final class SimulatedInputRequest: InputRequest {
    let simulatedChip: SimulatedChip
    let offsets: [UInt32]
    /// One queue for the request (`.numbered`) or one per line (`.unnumbered`).
    private let queues: [EventQueue]
    private let queueOfOffset: [UInt32: Int]
    private var globalSequence: UInt64 = 0
    private var lineSequences: [UInt32: UInt64] = [:]
    /// Set once the lines are claimed, so that a request that failed to claim them does
    /// not free lines that another request holds.
    var claimed = false

    init(chip: SimulatedChip, offsets: [UInt32], eventBufferSize: Int) throws(GPIOError) {
        simulatedChip = chip
        self.offsets = offsets
        switch chip.numbering {
        case .numbered:
            let capacity = eventBufferSize > 0 ? eventBufferSize : 16 * offsets.count
            queues = [try EventQueue(capacity: capacity, overflow: .dropOldest)]
            queueOfOffset = Dictionary(uniqueKeysWithValues: offsets.map { ($0, 0) })
        case .unnumbered:
            var made: [EventQueue] = []
            for _ in offsets { made.append(try EventQueue(capacity: 16, overflow: .dropNewest)) }
            queues = made
            queueOfOffset = Dictionary(uniqueKeysWithValues: offsets.enumerated().map { ($1, $0) })
        }
    }

    deinit { release() }

    var chip: ChipInfo { simulatedChip.info }
    var fileDescriptors: [Int32] { queues.map(\.readDescriptor) }
    var debouncesInKernel: Bool { false }
    var numbersEvents: Bool { simulatedChip.numbering == .numbered }
    var eventBufferCapacity: Int { queues[0].capacity }

    func values() throws(GPIOError) -> [Bool] {
        simulatedChip.lock.withLock {
            offsets.map { offset in
                let line = simulatedChip.lines[Int(offset)]
                return line.level != line.activeLow
            }
        }
    }

    func readEvents(from fileDescriptor: Int32,
                    into events: inout [EdgeEvent]) throws(GPIOError) -> Int {
        guard let queue = queues.first(where: { $0.readDescriptor == fileDescriptor }) else {
            throw .invalidRequest("descriptor \(fileDescriptor) does not belong to this request")
        }
        return simulatedChip.lock.withLock { queue.drain(into: &events) }
    }

    func queueLocked(offset: UInt32, edge: Edge, timestamp: UInt64) {
        guard let index = queueOfOffset[offset] else { return }
        var event = EdgeEvent(offset: offset, edge: edge, timestamp: timestamp)
        if simulatedChip.numbering == .numbered {
            globalSequence += 1
            let line = (lineSequences[offset] ?? 0) + 1
            lineSequences[offset] = line
            event.globalSequence = globalSequence
            event.lineSequence = line
        }
        queues[index].push(event)
    }

    func release() {
        simulatedChip.lock.withLock {
            guard claimed else { return }
            claimed = false
            for offset in offsets {
                simulatedChip.lines[Int(offset)].consumer = nil
                simulatedChip.lines[Int(offset)].inputRequest = nil
            }
        }
    }
}

/// Output lines of a simulated chip.
final class SimulatedOutputRequest: OutputRequest {
    let simulatedChip: SimulatedChip
    let offsets: [UInt32]
    private var released = false

    init(chip: SimulatedChip, offsets: [UInt32]) {
        simulatedChip = chip
        self.offsets = offsets
    }

    deinit { release() }

    var chip: ChipInfo { simulatedChip.info }

    func values() throws(GPIOError) -> [Bool] {
        simulatedChip.lock.withLock {
            offsets.map { offset in
                let line = simulatedChip.lines[Int(offset)]
                return line.level != line.activeLow
            }
        }
    }

    func setValues(_ values: [(offset: UInt32, value: Bool)]) throws(GPIOError) {
        try simulatedChip.lock.withLock { () throws(GPIOError) in
            guard !released else { throw .invalidRequest("the output request was released") }
            if let failure = simulatedChip.writeFailure {
                simulatedChip.writeFailure = nil
                throw failure
            }
            for (offset, _) in values where !offsets.contains(offset) {
                throw .invalidRequest("line \(offset) is not one of this request's outputs \(offsets)")
            }
            for (offset, value) in values { simulatedChip.driveLocked(offset, value: value) }
        }
    }

    func release() {
        simulatedChip.lock.withLock {
            guard !released else { return }
            released = true
            for offset in offsets {
                // Like the kernel: a released output stops being driven.
                simulatedChip.lines[Int(offset)].consumer = nil
                simulatedChip.lines[Int(offset)].driven = nil
                simulatedChip.lines[Int(offset)].direction = .input
            }
        }
    }
}
