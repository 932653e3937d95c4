#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Locks
import Loop
import LoopEmbedded
import Testing

/// `runReadyHandlers(of:)` on both loops: what a timer of the graph calls to read the
/// events that came in while the loop was busy, before it decides.
@Suite("Running the handlers of ready descriptors now")
struct RunReadyHandlersTests {
    /// Two pipes, the first with a byte waiting; each handler records its descriptor and
    /// reads the byte. Returns the record, the read ends and the write ends.
    final class Pipes {
        var reads: [Int32] = []
        var writes: [Int32] = []
        let calls = LockedValueBox<[Int32]>([])

        init() throws {
            for _ in 0..<2 {
                var ends: [Int32] = [0, 0]
                try #require(pipe(&ends) == 0)
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                reads.append(ends[0])
                writes.append(ends[1])
            }
            var byte: UInt8 = 1
            _ = write(writes[0], &byte, 1)
        }

        deinit { (reads + writes).forEach { close($0) } }

        func watch(on loop: any EventLoop) {
            for fd in reads {
                loop.watch(fd: fd) { [calls] _ in
                    var byte: UInt8 = 0
                    _ = read(fd, &byte, 1)
                    calls.withLockedValue { $0.append(fd) }
                }
            }
        }
    }

    @Test("the twin: only the ready descriptor's handler runs, at once, and the loop's queued work waits for its turn")
    func embedded() throws {
        let loop = EmbeddedEventLoop()
        let pipes = try Pipes()
        pipes.watch(on: loop)
        let queued = LockedValueBox(false)
        loop.execute { queued.withLockedValue { $0 = true } }
        #expect(loop.runReadyHandlers(of: pipes.reads) == 1)
        #expect(pipes.calls.withLockedValue { $0 } == [pipes.reads[0]])
        #expect(queued.withLockedValue { $0 } == false, "only the handlers ran")
        #expect(loop.runReadyHandlers(of: pipes.reads) == 0, "the byte was read: nothing is ready")
        loop.unwatch(fd: pipes.reads[1])
        var byte: UInt8 = 2
        _ = write(pipes.writes[1], &byte, 1)
        #expect(loop.runReadyHandlers(of: pipes.reads) == 0, "an unwatched descriptor is left alone")
        #expect(loop.runReadyHandlers(of: []) == 0)
    }

    @Test("the real loop: the ready descriptor's handler runs within the caller's stack, on the loop thread")
    func posix() throws {
        let loop = try PosixEventLoop()
        defer { loop.stop() }
        let pipes = try Pipes()
        // Watched, and first made ready, inside one turn of the loop: only the call
        // itself can run the handler before the turn ends.
        let (ran, seen) = loop.sync { () -> (Int, [Int32]) in
            pipes.watch(on: loop)
            var byte: UInt8 = 2
            _ = write(pipes.writes[1], &byte, 1)
            let ran = loop.runReadyHandlers(of: [pipes.reads[1]])
            return (ran, pipes.calls.withLockedValue { $0 })
        }
        #expect(ran == 1)
        #expect(seen == [pipes.reads[1]], "only the descriptor asked about")
        loop.sync {}
        #expect(Set(pipes.calls.withLockedValue { $0 }) == Set(pipes.reads), "the loop's own turn reads the other")
    }
}
