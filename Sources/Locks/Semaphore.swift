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
/// ```
public final class Semaphore: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var count: Int

    public init(value: Int = 0) {
        count = value
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
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
}
