#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import GPIO
import Locks

/// A sensor's value file that answers each read only `delay` after the read began, as a
/// DS18B20 answers after its 750 ms conversion: a FIFO in a fake sysfs tree, and a
/// thread of the bench's own that opens it for writing. Its open returns when a reader
/// opens the FIFO; the reader's `read` then blocks until the thread, `delay` later,
/// writes the next of `answers` and closes it.
///
/// Each read is kept as the span from its open to its answer (on `MonotonicClock`), so
/// the bench can say how much of a run a read was under way; a read not yet answered
/// counts as under way until now.
final class SlowSensorFile: @unchecked Sendable {
    let path: String
    private let delay: UInt64
    private let answers: [String]
    private let state = LockedValueBox(State())
    private struct State {
        var answered: [(start: UInt64, end: UInt64)] = []
        /// When the read under way began.
        var pending: UInt64?
        var stopping = false
    }
    private let finished = Semaphore()

    /// Makes the FIFO at `path` (in place of any file there) and starts answering.
    init(path: String, delay: Duration, answers: [String]) throws(SystemCallError) {
        self.path = path
        let (seconds, attoseconds) = delay.components
        self.delay = UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
        self.answers = answers
        unlink(path)
        try SystemCall.retrying("mkfifo") { mkfifo(path, 0o600) }
        // A write after the reader has gone (at the end of a run) must not end the bench.
        signal(SIGPIPE, SIG_IGN)
        try SystemThread.start(name: "bench-slow-file") { [self] in answer() }
    }

    /// The reads so far, each from its open to its answer, the one under way to now.
    var reads: [(start: UInt64, end: UInt64)] {
        let now = MonotonicClock.now()
        return state.withLockedValue { state in state.answered + (state.pending.map { [($0, now)] } ?? []) }
    }

    /// How many reads have had their answer.
    var answered: Int { state.withLockedValue { $0.answered.count } }

    /// Stops answering once the read under way (if any) has had its answer; returns
    /// when the thread has ended.
    func stop() {
        state.withLockedValue { $0.stopping = true }
        // The thread may be waiting for a reader in `open`: be one, for a moment.
        let unblock = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        finished.wait()
        if unblock >= 0 { close(unblock) }
        unlink(path)
    }

    private func answer() {
        var index = 0
        while true {
            let descriptor = open(path, O_WRONLY | O_CLOEXEC)
            let opened = MonotonicClock.now()
            let stopping = state.withLockedValue { state in
                if !state.stopping, descriptor >= 0 { state.pending = opened }
                return state.stopping
            }
            if stopping {
                if descriptor >= 0 { close(descriptor) }
                break
            }
            guard descriptor >= 0 else { continue }
            sleep(until: opened + delay)
            let bytes = Array(answers[index % answers.count].utf8)
            index += 1
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            let end = MonotonicClock.now()
            state.withLockedValue { state in
                state.answered.append((opened, end))
                state.pending = nil
            }
        }
        finished.signal()
    }

    private func sleep(until deadline: UInt64) {
        while true {
            let now = MonotonicClock.now()
            guard now < deadline else { return }
            let left = deadline - now
            var pause = timespec(tv_sec: Int(left / 1_000_000_000), tv_nsec: Int(left % 1_000_000_000))
            nanosleep(&pause, nil)
        }
    }
}
