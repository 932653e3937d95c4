#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Dispatch
@testable import Loop
import Locks
import Testing

/// The real loop's wall clock on this machine's `CLOCK_REALTIME`, which the tests never
/// set (it is shared); its steps and synchronization are checked in the qemu guest
/// (scripts/kernel-test/wall-clock-check.c).
@Suite("PosixEventLoop's wall clock")
struct PosixWallClockTests {
    static let patience = DispatchTime.now() + .seconds(20)

    @Test("the wall clock reads CLOCK_REALTIME as nanoseconds since the epoch")
    func readsRealtime() throws {
        let loop = try PosixEventLoop()
        defer { loop.stop() }
        var before = timespec()
        clock_gettime(CLOCK_REALTIME, &before)
        let read = loop.wallClockNow
        var after = timespec()
        clock_gettime(CLOCK_REALTIME, &after)
        #expect(read >= Int64(before.tv_sec) * 1_000_000_000 + Int64(before.tv_nsec))
        #expect(read <= Int64(after.tv_sec) * 1_000_000_000 + Int64(after.tv_nsec))
    }

    @Test("a wall timer a fraction of a second ahead runs on the loop thread, once the wall clock got there")
    func wallTimerRuns() throws {
        let loop = try PosixEventLoop()
        defer { loop.stop() }
        let done = DispatchSemaphore(value: 0)
        let ranAt = LockedValueBox<[Int64]>([])
        let instant = loop.wallClockNow + 150_000_000
        _ = loop.sync {
            loop.schedule(atWallClock: instant) {
                precondition(loop.inEventLoop)
                ranAt.withLockedValue { $0.append(WallClock.now()) }
                done.signal()
            }
        }
        #expect(done.wait(timeout: Self.patience) == .success)
        let times = loop.sync { ranAt.withLockedValue { $0 } }
        #expect(times.count == 1)
        #expect(times.allSatisfy { $0 >= instant })
    }

    @Test("wall timers run in the order of their instants; one in the past runs at once")
    func wallTimersInOrder() throws {
        let loop = try PosixEventLoop()
        defer { loop.stop() }
        let order = LockedValueBox<[String]>([])
        let done = DispatchSemaphore(value: 0)
        let now = loop.wallClockNow
        loop.schedule(atWallClock: now + 60_000_000) {
            order.withLockedValue { $0.append("60ms") }
            done.signal()
        }
        loop.schedule(atWallClock: now + 20_000_000) { order.withLockedValue { $0.append("20ms") } }
        loop.schedule(atWallClock: now - 1_000_000_000) { order.withLockedValue { $0.append("past") } }
        #expect(done.wait(timeout: Self.patience) == .success)
        #expect(order.withLockedValue { $0 } == ["past", "20ms", "60ms"])
    }

    @Test("a cancelled wall timer does not run, and the loop lets go of its timerfd")
    func cancellation() throws {
        let loop = try PosixEventLoop()
        defer { loop.stop() }
        let ran = LockedValueBox(0)
        let done = DispatchSemaphore(value: 0)
        let instant = loop.wallClockNow + 50_000_000
        let cancelled = loop.sync { loop.schedule(atWallClock: instant) { ran.withLockedValue { $0 += 1 } } }
        cancelled.cancel()
        // A later timer on the same clock: once it has run, the cancelled one's instant
        // has passed too.
        _ = loop.sync { loop.schedule(atWallClock: instant + 50_000_000) { done.signal() } }
        #expect(done.wait(timeout: Self.patience) == .success)
        #expect(loop.sync { ran.withLockedValue { $0 } } == 0)
        #expect(loop.sync { loop.wallClockDescriptor } == nil)
    }

    @Test("a loop nobody asked about the wall clock opens no timerfd for it; one asked opens it and closes it when done")
    func noDescriptorUntilAsked() throws {
        let loop = try PosixEventLoop()
        defer { loop.stop() }
        loop.sync {
            loop.schedule(in: .seconds(60)) {}
            _ = loop.now
        }
        #expect(loop.sync { loop.wallClockDescriptor } == nil)
        let done = DispatchSemaphore(value: 0)
        let descriptor = loop.sync { () -> Int32? in
            loop.schedule(inWallClock: .milliseconds(20)) { done.signal() }
            return loop.wallClockDescriptor
        }
        #expect(descriptor != nil)
        if let descriptor {
            // It is a timerfd: /proc shows the anonymous inode's name.
            var target = [CChar](repeating: 0, count: 64)
            let length = readlink("/proc/self/fd/\(descriptor)", &target, target.count - 1)
            #expect(length > 0)
            #expect(String(decoding: target.prefix(max(0, length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    == "anon_inode:[timerfd]")
        }
        #expect(done.wait(timeout: Self.patience) == .success)
        #expect(loop.sync { loop.wallClockDescriptor } == nil)
    }

    @Test("a watcher keeps the timerfd armed until it is cancelled; the synchronization check follows the kernel")
    func watcherKeepsTheDescriptor() throws {
        let loop = try PosixEventLoop()
        defer { loop.stop() }
        let heard = LockedValueBox<[WallClockChange]>([])
        let watch = loop.sync { loop.watchWallClock { change in heard.withLockedValue { $0.append(change) } } }
        #expect(loop.sync { loop.wallClockDescriptor } != nil)
        // The loop asks on a timer only while the kernel says the clock is unsynchronized.
        let synchronized = WallClock.isSynchronized()
        #expect(loop.sync { loop.checksWallClockSynchronization } == !synchronized)
        watch.cancel()
        loop.sync {}   // the release runs on the loop, queued by cancel
        #expect(loop.sync { loop.wallClockDescriptor } == nil)
        #expect(loop.sync { loop.checksWallClockSynchronization } == false)
        #expect(heard.withLockedValue { $0 }.allSatisfy { $0 != .set }, "this machine's clock is never set by the tests")
    }

    @Test("the synchronization rule: below the kernel's 16 s maximum error, as timedatectl says")
    func synchronizationRule() {
        // NTP_PHASE_LIMIT in include/linux/timex.h and systemd's ntp_synced(): 16000000 µs.
        #expect(WallClock.isSynchronized(maximumErrorMicroseconds: 0))
        #expect(WallClock.isSynchronized(maximumErrorMicroseconds: 15_999_999))
        #expect(!WallClock.isSynchronized(maximumErrorMicroseconds: 16_000_000))
        #expect(!WallClock.isSynchronized(maximumErrorMicroseconds: 16_000_500))
    }
}
