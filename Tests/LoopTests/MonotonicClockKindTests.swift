import Loop
import LoopEmbedded
import SystemCore
import Testing

/// Which loops another thread may wait on: the real loop's clock is the kernel's
/// CLOCK_MONOTONIC, the twin's is virtual (the sensor reader hands batches ahead on the
/// first only).
@Suite("EventLoop.isMonotonicClock")
struct MonotonicClockKindTests {
    @Test("the real loop's now is MonotonicClock's; the twin's is not")
    func kinds() throws {
        let loop = try PosixEventLoop()
        defer { loop.stop() }
        #expect(loop.isMonotonicClock)
        let before = MonotonicClock.now()
        let now = loop.now
        #expect(now >= before && now <= MonotonicClock.now())
        let twin = EmbeddedEventLoop(now: 5)
        #expect(!twin.isMonotonicClock)
        #expect(twin.now == 5)
    }
}
