#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain (non-recursive) mutex.
///
/// The operators never call out of the module (downstream, upstream, user code) while
/// holding it; they decide under the lock and act after releasing it, which is what
/// makes re-entrant sends safe without a recursive lock.
@usableFromInline
final class Lock {
    @usableFromInline
    let mutex: UnsafeMutablePointer<pthread_mutex_t>

    @inlinable
    init() {
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

    @inline(__always)
    @inlinable
    func lock() { pthread_mutex_lock(mutex) }

    @inline(__always)
    @inlinable
    func unlock() { pthread_mutex_unlock(mutex) }
}
