import Locks
import Loop

extension DaemonProcess {
    /// The main thread's wait for the daemon: its exit status, once it stopped.
    ///
    /// `Locks.Semaphore` (a pthread mutex and condition), not a Dispatch semaphore:
    /// nothing in gpioagg needs Dispatch, and ThreadSanitizer sees it.
    final class Finished: Sendable {
        private let done = Semaphore()
        private let state = LockedValueBox<(status: Int32, daemon: LoopBound<Daemon>?)>((0, nil))

        /// Holds the daemon until it finishes.
        func keep(_ daemon: LoopBound<Daemon>) {
            state.withLockedValue { $0.daemon = daemon }
        }

        func finish(_ status: Int32) {
            state.withLockedValue { $0.status = status }
            done.signal()
        }

        func wait() -> Int32 {
            done.wait()
            return state.withLockedValue { $0.status }
        }
    }
}
