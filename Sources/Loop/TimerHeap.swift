/// The loop's pending timers, earliest first: a binary min-heap on (deadline, order of
/// scheduling), so that timers due at the same instant run in the order they were
/// scheduled. Loop thread only.
package struct TimerHeap {
    package struct Entry {
        package var deadline: UInt64
        package var sequence: UInt64
        package var timer: LoopTimer

        func precedes(_ other: Entry) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
        }
    }

    private var entries: [Entry] = []
    private var nextSequence: UInt64 = 0

    package var isEmpty: Bool { entries.isEmpty }
    package var count: Int { entries.count }

    /// The earliest deadline, if any.
    package var earliestDeadline: UInt64? { entries.first?.deadline }

    package init() {}

    package mutating func insert(_ timer: LoopTimer, at deadline: UInt64) {
        entries.append(Entry(deadline: deadline, sequence: nextSequence, timer: timer))
        nextSequence &+= 1
        siftUp(entries.count - 1)
    }

    /// Removes and returns the earliest timer if it is due at `now`.
    package mutating func popDue(now: UInt64) -> Entry? {
        guard let first = entries.first, first.deadline <= now else { return nil }
        let last = entries.removeLast()
        if !entries.isEmpty {
            entries[0] = last
            siftDown(0)
        }
        return first
    }

    /// Drops cancelled timers from the top, so that the earliest deadline is a live one.
    package mutating func dropCancelledAtTop() {
        while let first = entries.first, first.timer.isCancelled {
            let last = entries.removeLast()
            if !entries.isEmpty {
                entries[0] = last
                siftDown(0)
            }
        }
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].precedes(entries[parent]) else { return }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < entries.count else { return }
            var first = left
            if left + 1 < entries.count, entries[left + 1].precedes(entries[left]) { first = left + 1 }
            guard entries[first].precedes(entries[parent]) else { return }
            entries.swapAt(first, parent)
            parent = first
        }
    }
}
