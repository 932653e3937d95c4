/// The last `capacity` output writes of a simulated chip, oldest first: a ring, so that
/// a simulation that runs for days holds a fixed amount, however often its outputs
/// change. `count` still counts every write.
///
/// ```swift
/// var history = WriteHistory(capacity: 2)
/// for value in [true, false, true] { history.append(write(value)) }
/// history.writes.map(\.value)   // [false, true]
/// history.count                 // 3
/// ```
struct WriteHistory {
    let capacity: Int
    private var ring: [SimulatedChip.Write] = []
    /// Where the oldest write is, once the ring is full.
    private var oldest = 0
    /// Every write appended since the history was made or cleared.
    private(set) var count = 0

    init(capacity: Int) {
        precondition(capacity >= 0, "a write history holds 0 or more writes")
        self.capacity = capacity
    }

    mutating func append(_ write: SimulatedChip.Write) {
        count += 1
        guard capacity > 0 else { return }
        if ring.count < capacity {
            ring.append(write)
        } else {
            ring[oldest] = write
            oldest = (oldest + 1) % capacity
        }
    }

    /// The writes kept, oldest first.
    var writes: [SimulatedChip.Write] {
        Array(ring[oldest...] + ring[..<oldest])
    }

    mutating func removeAll() {
        ring.removeAll(keepingCapacity: true)
        oldest = 0
        count = 0
    }
}
