#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A counting semaphore on a pthread mutex and condition: what one thread waits on
/// while another finishes its part (a loop's thread starting, a `sync` call's body).
/// ThreadSanitizer sees it, and it needs neither Dispatch nor Foundation.
///
/// ```swift
/// let done = Semaphore()
/// loop.execute { work(); done.signal() }
/// done.wait()
/// done.wait(timeout: .milliseconds(500))   // false when nobody signalled in time
/// ```
public final class Semaphore: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var count: Int

    public init(value: Int = 0) {
        count = value
        pthread_mutex_init(mutex, nil)
        #if os(Linux)
        // Timed waits measure on the monotonic clock: setting the wall clock neither
        // cuts them short nor stretches them.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        #else
        pthread_cond_init(condition, nil)
        #endif
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func signal() {
        pthread_mutex_lock(mutex)
        count += 1
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    public func wait() {
        pthread_mutex_lock(mutex)
        while count == 0 { pthread_cond_wait(condition, mutex) }
        count -= 1
        pthread_mutex_unlock(mutex)
    }

    /// Waits for a signal at most `timeout`; false when none came in time (the count is
    /// then left as it was).
    public func wait(timeout: Duration) -> Bool {
        let (seconds, attoseconds) = timeout.components
        // At most about 126 years: no overflow, and no caller waits longer.
        let nanoseconds = min(max(0, seconds), 4_000_000_000) * 1_000_000_000 + max(0, attoseconds / 1_000_000_000)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        #if os(Linux)
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let end = Int64(deadline.tv_nsec) + nanoseconds % 1_000_000_000
        deadline.tv_sec += Int(nanoseconds / 1_000_000_000 + end / 1_000_000_000)
        deadline.tv_nsec = Int(end % 1_000_000_000)
        while count == 0 {
            if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT, count == 0 { return false }
        }
        #else
        var relative = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        while count == 0 {
            if pthread_cond_timedwait_relative_np(condition, mutex, &relative) == ETIMEDOUT, count == 0 { return false }
        }
        #endif
        count -= 1
        return true
    }
}
