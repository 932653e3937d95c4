#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Dispatch
@testable import Loop
import LoopCombine
import Locks
import Reactive
import SystemCore
import Testing

@Suite("PosixEventLoop")
struct PosixEventLoopTests {
    /// Long enough never to fail on a loaded machine; the tests finish as soon as the
    /// loop has done its part.
    static let patience = DispatchTime.now() + .seconds(20)

    @Test("work from other threads runs on the loop thread, in order; sync returns its result")
    func workRunsOnTheLoop() throws {
        let loop = try PosixEventLoop()
        defer { loop.stop() }
        let order = LockedValueBox<[Int]>([])
        for index in 0..<100 {
            loop.execute {
                precondition(loop.inEventLoop)
                order.withLockedValue { $0.append(index) }
            }
        }
        #expect(!loop.inEventLoop)
        let onLoop = loop.sync { loop.inEventLoop }
        #expect(onLoop)
        #expect(order.withLockedValue { $0 } == Array(0..<100))
        // Nested: sync from the loop thread runs at once.
        #expect(loop.sync { loop.sync { 42 } } == 42)
    }

    @Test("the loop's thread is named gpioagg-loop, so that top -H and a debugger tell it from the others")
    func threadIsNamed() throws {
        let loop = try PosixEventLoop()
        defer { loop.stop() }
        #expect(loop.sync { SystemThread.currentName } == "gpioagg-loop")
        #expect(SystemThread.currentName != "gpioagg-loop")
    }

    @Test("sync passes errors through")
    func syncThrows() throws {
        struct Failure: Error, Equatable {}
        let loop = try PosixEventLoop()
        defer { loop.stop() }
        #expect(throws: Failure.self) { try loop.sync { () throws(Failure) in throw Failure() } }
    }

    @Test("the scheduler runs timers on the loop thread, in deadline order")
    func timersRunInOrder() throws {
        let loop = try PosixEventLoop()
        defer { loop.stop() }
        let scheduler = loop.scheduler
        let fired = LockedValueBox<[String]>([])
        let done = DispatchSemaphore(value: 0)
        let start = scheduler.now
        scheduler.schedule(after: start.advanced(by: .milliseconds(3))) {
            fired.withLockedValue { $0.append("3ms") }
            done.signal()
        }
        scheduler.schedule(after: start.advanced(by: .milliseconds(1))) {
            precondition(loop.inEventLoop)
            fired.withLockedValue { $0.append("1ms") }
        }
        scheduler.schedule(after: start.advanced(by: .milliseconds(-5))) { fired.withLockedValue { $0.append("past") } }
        scheduler.schedule { fired.withLockedValue { $0.append("asap") } }
        #expect(done.wait(timeout: Self.patience) == .success)
        let order = fired.withLockedValue { $0 }
        #expect(order.last == "3ms")
        #expect(Array(order.suffix(2)) == ["1ms", "3ms"])
        #expect(Set(order) == ["asap", "past", "1ms", "3ms"])
        #expect(scheduler.now >= start.advanced(by: .milliseconds(3)))
    }

    @Test("a repeating timer repeats until cancelled")
    func repeatingTimer() throws {
        let loop = try PosixEventLoop()
        defer { loop.stop() }
        let scheduler = loop.scheduler
        let count = LockedValueBox(0)
        let thrice = DispatchSemaphore(value: 0)
        let timer = scheduler.schedule(after: scheduler.now, interval: .microseconds(200)) {
            if count.withLockedValue({ $0 += 1; return $0 }) == 3 { thrice.signal() }
        }
        #expect(thrice.wait(timeout: Self.patience) == .success)
        timer.cancel()
        let after = loop.sync { count.withLockedValue { $0 } }
        // Whatever was due when it was cancelled has run by now; nothing more follows.
        let settled = loop.sync { count.withLockedValue { $0 } }
        #expect(settled == after)
        #expect(after >= 3)
    }

    @Test("watched descriptors call their handler on the loop thread until unwatched")
    func watchAndUnwatch() throws {
        let loop = try PosixEventLoop()
        defer { loop.stop() }
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        defer { close(pipeEnds[0]); close(pipeEnds[1]) }
        let readEnd = pipeEnds[0]
        let received = LockedValueBox<[UInt8]>([])
        let arrived = DispatchSemaphore(value: 0)
        loop.watch(fd: readEnd) { revents in
            precondition(loop.inEventLoop)
            var byte: UInt8 = 0
            _ = read(readEnd, &byte, 1)
            received.withLockedValue { $0.append(byte) }
            arrived.signal()
        }
        for byte: UInt8 in [1, 2, 3] {
            var value = byte
            _ = write(pipeEnds[1], &value, 1)
            #expect(arrived.wait(timeout: Self.patience) == .success)
        }
        loop.sync { loop.unwatch(fd: readEnd) }
        var four: UInt8 = 4
        _ = write(pipeEnds[1], &four, 1)
        // A round trip through the loop after the write: had the handler still been
        // watching, poll would have reported the byte in the same wake-up.
        loop.sync {}
        loop.sync {}
        #expect(received.withLockedValue { $0 } == [1, 2, 3])
    }

    @Test("a handler may unwatch itself and watch another descriptor")
    func handlersChangeTheWatchSet() throws {
        let loop = try PosixEventLoop()
        defer { loop.stop() }
        var first: [Int32] = [0, 0]
        var second: [Int32] = [0, 0]
        #expect(pipe(&first) == 0 && pipe(&second) == 0)
        defer { for fd in first + second { close(fd) } }
        let done = DispatchSemaphore(value: 0)
        let (firstRead, secondRead) = (first[0], second[0])
        loop.watch(fd: firstRead) { _ in
            loop.unwatch(fd: firstRead)
            loop.watch(fd: secondRead) { _ in
                loop.unwatch(fd: secondRead)
                done.signal()
            }
        }
        var byte: UInt8 = 1
        _ = write(first[1], &byte, 1)
        _ = write(second[1], &byte, 1)
        #expect(done.wait(timeout: Self.patience) == .success)
    }

    @Test("stop runs the work queued before it, refuses later work, and is idempotent")
    func stopping() throws {
        let loop = try PosixEventLoop()
        let ran = LockedValueBox(0)
        for _ in 0..<10 { loop.execute { ran.withLockedValue { $0 += 1 } } }
        loop.stop()
        #expect(ran.withLockedValue { $0 } == 10)
        loop.execute { ran.withLockedValue { $0 += 1 } }
        loop.stop()
        #expect(ran.withLockedValue { $0 } == 10)
        // sync after stop runs on the caller, which is then the only thread about.
        #expect(loop.sync { 7 } == 7)
    }

    @Test("stop from a handler on the loop thread ends the loop after it")
    func stopFromTheLoop() throws {
        let loop = try PosixEventLoop()
        let ended = DispatchSemaphore(value: 0)
        loop.execute {
            loop.stop()
            ended.signal()
        }
        #expect(ended.wait(timeout: Self.patience) == .success)
        loop.stop()   // waits for the thread to finish
        #expect(!loop.inEventLoop)
    }

    @Test("the loop's wake-ups count only what happened")
    func wakeUpsFollowWork() throws {
        let loop = try PosixEventLoop()
        defer { loop.stop() }
        let before = loop.sync { loop.wakeUpCount }
        let after = loop.sync { loop.wakeUpCount }
        // One wake-up for the second sync's work; none of its own.
        #expect(after - before <= 1)
    }

    @Test("a timer cancelled and scheduled again later does not wake the loop at its old deadline")
    func movedTimerDoesNotWake() throws {
        let loop = try PosixEventLoop()
        defer { loop.stop() }
        let before = loop.sync {
            let timeout = loop.schedule(atNanoseconds: loop.now + 20_000_000) {}
            timeout.cancel()
            loop.schedule(atNanoseconds: loop.now + 60_000_000_000) {}
            return loop.wakeUpCount
        }
        // Well past the old deadline.
        usleep(150_000)
        let after = loop.sync { loop.wakeUpCount }
        // One wake-up for the second sync's work, none at the cancelled timer's deadline.
        #expect(after - before <= 1, "wake-ups: \(after - before)")
    }
}
