import Foundation
import Locks
import Testing

/// Locks has no test target of its own; the writer is the timed wait's user.
@Suite("Semaphore.wait(timeout:)")
struct SemaphoreTimeoutTests {
    @Test("returns false when nobody signals, true when someone did or does")
    func timedWait() {
        let semaphore = Semaphore()
        #expect(!semaphore.wait(timeout: .milliseconds(1)))
        #expect(!semaphore.wait(timeout: .zero))
        semaphore.signal()
        #expect(semaphore.wait(timeout: .zero))
        Thread.detachNewThread { usleep(1000); semaphore.signal() }
        #expect(semaphore.wait(timeout: .seconds(10)))
        #expect(!semaphore.wait(timeout: .milliseconds(1)))
    }
}
