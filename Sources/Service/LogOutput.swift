#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import SystemCore
import GPIO
import Locks
import Loop

/// Standard output or standard error, written without ever blocking the writer.
///
/// A daemon whose standard output is a pipe nobody reads must go on driving its lines:
/// once the pipe is full, lines wait in a bounded buffer (`limit` bytes), the oldest
/// dropped first, and when the reader comes back it first reads how many were dropped
/// (`gpioagg: 1234 log lines dropped: standard output was not read`). With an event
/// loop attached, the buffer drains as soon as the descriptor takes more; without one,
/// at the next write or at `flush(timeout:)`.
///
/// The descriptor is never switched to non-blocking mode under its other users (a shell
/// sharing the terminal or the pipe): a pipe, FIFO or terminal is opened again through
/// `/proc/self/fd` for a file description of its own, a socket is written with
/// `MSG_DONTWAIT`, and a regular file is written as it is (it does not block). A
/// reader that goes away ends the output: what waits is dropped, and so is every later
/// line (the process must ignore SIGPIPE, as `gpioagg run` does).
///
/// ```swift
/// let out = LogOutput(descriptor: STDOUT_FILENO)
/// out.attach(to: loop)
/// out.write("input switch1 on")
/// ```
public final class LogOutput: @unchecked Sendable {
    /// How lines reach the descriptor.
    enum Mode { case plain, reopened, socket }

    /// The bytes that may wait for a slow reader before the oldest lines go.
    public let limit: Int
    private let descriptor: Int32
    private let mode: Mode
    private let lock = Lock()
    // Under `lock`.
    private var pending: [[UInt8]] = []
    private var pendingStart = 0
    private var pendingBytes = 0
    /// Bytes of `pending[pendingStart]` already written.
    private var partial = 0
    private var dropped = 0
    private var totalDropped = 0
    private var loop: (any EventLoop)?
    private var watching = false
    /// The reader is gone (EPIPE) or the descriptor broke: lines are dropped from now on.
    private var broken = false

    /// - Parameters:
    ///   - descriptor: `STDOUT_FILENO`, `STDERR_FILENO` or any other descriptor to write
    ///     to; it stays open (and blocking, if it was) for others.
    ///   - limit: the bytes that may wait (256 KiB by default).
    public init(descriptor: Int32, limit: Int = 256 * 1024) {
        self.limit = limit
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            self.descriptor = descriptor
            mode = .plain
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFSOCK:
            self.descriptor = descriptor
            mode = .socket
        case S_IFIFO, S_IFCHR:
            if let own = try? SystemCall.retrying("open", {
                open("/proc/self/fd/\(descriptor)", O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
            }) {
                self.descriptor = own
                mode = .reopened
            } else {
                self.descriptor = descriptor
                mode = .plain
            }
        default:
            self.descriptor = descriptor
            mode = .plain
        }
    }

    deinit {
        if mode == .reopened { SystemCall.close(descriptor) }
    }

    /// The lines dropped so far because the reader was too slow.
    public var droppedLines: Int { lock.withLock { totalDropped } }

    /// The bytes waiting for the reader.
    public var pendingByteCount: Int { lock.withLock { pendingBytes - partial } }

    /// Drains the buffer from `loop` whenever the descriptor takes more. Safe from any
    /// thread.
    public func attach(to loop: any EventLoop) {
        let waiting = lock.withLock { () -> Bool in
            self.loop = loop
            return pendingBytes > 0
        }
        if waiting { requestWatch() }
    }

    /// Stops using the loop (before it stops).
    public func detach() {
        let (loop, watched) = lock.withLock { () -> ((any EventLoop)?, Bool) in
            defer {
                self.loop = nil
                watching = false
            }
            return (self.loop, watching)
        }
        if let loop, watched {
            if loop.inEventLoop { loop.unwatch(fd: descriptor) } else { loop.execute { [descriptor] in loop.unwatch(fd: descriptor) } }
        }
    }

    /// Writes `line` and a newline, now if the descriptor takes it, else later. Never
    /// blocks. Safe from any thread.
    public func write(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        let mustWatch = lock.withLock { () -> Bool in
            if broken { return false }
            if pendingBytes == 0 {
                guard let written = send(bytes[...]) else {
                    discardLocked()
                    return false
                }
                if written == bytes.count { return false }
                bytes.removeFirst(written)
            }
            enqueueLocked(bytes)
            drainLocked()
            return pendingBytes > 0 && loop != nil && !watching
        }
        if mustWatch { requestWatch() }
    }

    /// Writes what waits, waiting at most `timeout` for the reader: at exit, so that a
    /// slow reader does not lose the last lines, and a reader that is gone does not hold
    /// the process.
    public func flush(timeout: Duration) {
        let deadline = MonotonicClock.now() &+ timeout.wholeNanoseconds
        while true {
            let left = lock.withLock { () -> Int in
                drainLocked()
                return pendingBytes
            }
            let now = MonotonicClock.now()
            guard left > 0, now < deadline else { return }
            var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            let wait = Int32(clamping: (deadline - now) / 1_000_000 + 1)
            do throws(SystemCallError) {
                try SystemCall.retrying("poll") { poll(&entry, 1, wait) }
            } catch {
                return
            }
        }
    }

    // MARK: Under the lock

    private func enqueueLocked(_ bytes: [UInt8]) {
        pending.append(bytes)
        pendingBytes += bytes.count
        // Drop the oldest whole lines (never the one being written) to stay in bounds.
        while pendingBytes > limit {
            // The oldest whole line goes; a line partly written stays first in line.
            let oldest = pendingStart + (partial > 0 ? 1 : 0)
            guard oldest < pending.count - 1 else { break }
            pendingBytes -= pending[oldest].count
            if partial > 0 { pending[oldest] = pending[pendingStart] }
            pending[pendingStart] = []
            pendingStart += 1
            dropped += 1
            totalDropped += 1
        }
        // Dropping only moves `pendingStart` on (O(1) a line, however long the reader
        // stays away); the dead prefix goes once it is half the array.
        if pendingStart >= 1024, pendingStart * 2 >= pending.count {
            pending.removeFirst(pendingStart)
            pendingStart = 0
        }
    }

    /// Writes as much of the buffer as the descriptor takes now.
    private func drainLocked() {
        while pendingStart < pending.count {
            if dropped > 0, partial == 0 {
                let notice = Array("gpioagg: \(dropped) log line\(dropped == 1 ? "" : "s") dropped: the output was not read\n".utf8)
                guard let written = send(notice[...]) else { return discardLocked() }
                guard written == notice.count else { return }
                dropped = 0
            }
            let line = pending[pendingStart]
            guard let written = send(line[partial...]) else { return discardLocked() }
            guard written > 0 else { return }
            partial += written
            guard partial == line.count else { return }
            pendingBytes -= line.count
            partial = 0
            pendingStart += 1
        }
        pending.removeAll(keepingCapacity: pending.capacity <= 64)
        pendingStart = 0
    }

    /// Forgets what waits: nobody will read it.
    private func discardLocked() {
        broken = true
        pending = []
        pendingStart = 0
        pendingBytes = 0
        partial = 0
    }

    /// Bytes written, 0 when the descriptor takes nothing now, nil when it never will
    /// (the reader is gone, or the descriptor broke).
    private func send(_ bytes: ArraySlice<UInt8>) -> Int? {
        do throws(SystemCallError) {
            switch mode {
            case .socket:
                return try SystemCall.nonBlocking("send") {
                    bytes.withUnsafeBytes {
                        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
                    }
                } ?? 0
            case .plain, .reopened:
                return try SystemCall.nonBlocking("write") {
                    bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                } ?? 0
            }
        } catch {
            return nil
        }
    }

    // MARK: The loop

    private func requestWatch() {
        guard let loop = lock.withLock({ () -> (any EventLoop)? in
            guard !watching, let loop else { return nil }
            watching = true
            return loop
        }) else { return }
        let handOver = UncheckedSendable(self)
        if loop.inEventLoop {
            watch(on: loop)
        } else {
            loop.execute { handOver.value.watch(on: loop) }
        }
    }

    private func watch(on loop: any EventLoop) {
        loop.watch(fd: descriptor, events: Int16(POLLOUT)) { [weak self] revents in
            guard let self else { return }
            let done = lock.withLock { () -> Bool in
                drainLocked()
                // A reader that is gone leaves the descriptor in error for good.
                if revents & Int16(POLLERR | POLLHUP) != 0 { discardLocked() }
                if pendingBytes == 0 { watching = false }
                return pendingBytes == 0
            }
            if done { loop.unwatch(fd: descriptor) }
        }
    }
}
