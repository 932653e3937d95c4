#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain (non-recursive) pthread mutex: the one lock every module of gpioagg uses.
///
/// Not `Synchronization.Mutex`: on Linux that one sits on raw futexes, which
/// ThreadSanitizer cannot see, and every test also runs under it.
///
/// Callers decide under the lock and act after releasing it: nothing calls out of its
/// module (downstream, upstream, user code) while holding one, which is what makes
/// re-entrant sends safe without a recursive lock.
///
/// ```swift
/// let lock = Lock()
/// let count = lock.withLock { counter += 1; return counter }
/// ```
public final class Lock: @unchecked Sendable {
    @usableFromInline
    let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let rc = pthread_mutex_init(mutex, nil)
        precondition(rc == 0, "pthread_mutex_init failed: \(rc)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inlinable @inline(__always)
    public func lock() { pthread_mutex_lock(mutex) }

    @inlinable @inline(__always)
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    @inlinable @inline(__always)
    public func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
