@testable import Loop
import Testing

@Suite("Timer heap")
struct TimerHeapTests {
    @Test("timers set and cancelled in a burst do not pile up; the live ones keep their order")
    func cancelledTimersAreSwept() {
        var heap = TimerHeap()
        var live: [LoopTimer] = []
        for round in 0..<100_000 {
            let timer = LoopTimer(interval: 0) {}
            heap.insert(timer, at: 5_000_000_000 + UInt64(round % 7))
            if round % 1_000 == 0 {
                live.append(timer)
            } else {
                timer.cancel()
            }
        }
        #expect(heap.count < 2 * live.count + 64, "at most twice the live timers, not every one ever set")
        var order: [LoopTimer] = []
        while let entry = heap.popDue(now: .max) {
            if !entry.timer.isCancelled { order.append(entry.timer) }
        }
        let expected = live.enumerated()
            .sorted { (($0.offset * 1_000) % 7, $0.offset) < (($1.offset * 1_000) % 7, $1.offset) }
            .map(\.element)
        #expect(order.map(ObjectIdentifier.init) == expected.map(ObjectIdentifier.init))
    }
}
