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
    private var insertsSinceSweep = 0
    private var keptBySweep = 0

    package var isEmpty: Bool { entries.isEmpty }
    package var count: Int { entries.count }

    /// The earliest deadline, if any.
    package var earliestDeadline: UInt64? { entries.first?.deadline }

    package init() {}

    package mutating func insert(_ timer: LoopTimer, at deadline: UInt64) {
        entries.append(Entry(deadline: deadline, sequence: nextSequence, timer: timer))
        nextSequence &+= 1
        siftUp(entries.count - 1)
        insertsSinceSweep += 1
        // Cancelled timers would otherwise wait for their deadline: a burst of timers
        // set and cancelled (a wait per command) would hold them all. Sweeping once
        // there have been as many inserts as timers were left by the last sweep keeps
        // the heap within about twice its live timers, at O(1) amortised per insert.
        if insertsSinceSweep >= max(64, keptBySweep) { sweepCancelled() }
    }

    /// Drops every cancelled timer and rebuilds the heap (O(n)); the order of the rest
    /// is kept by their (deadline, sequence).
    package mutating func sweepCancelled() {
        insertsSinceSweep = 0
        entries.removeAll { $0.timer.isCancelled }
        keptBySweep = entries.count
        var index = entries.count / 2
        while index > 0 {
            index -= 1
            siftDown(index)
        }
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
