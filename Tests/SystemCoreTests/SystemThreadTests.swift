import Locks
import SystemCore
import Testing

@Suite("SystemThread")
struct SystemThreadTests {
    @Test("the body runs on a new thread that carries the name it was given")
    func runsAndNames() throws {
        let seen = LockedValueBox<String?>(nil)
        let done = Semaphore()
        let caller = SystemThread.currentName
        try SystemThread.start(name: "gpioagg-test") {
            seen.withLockedValue { $0 = SystemThread.currentName }
            done.signal()
        }
        #expect(done.wait(timeout: .seconds(20)))
        #expect(seen.withLockedValue { $0 } == "gpioagg-test")
        #expect(SystemThread.currentName == caller)
    }

    @Test("a name longer than the kernel keeps is cut to 15 bytes, not refused")
    func longNameCut() throws {
        let seen = LockedValueBox<String?>(nil)
        let done = Semaphore()
        try SystemThread.start(name: "gpioagg-a-very-long-thread-name") {
            seen.withLockedValue { $0 = SystemThread.currentName }
            done.signal()
        }
        #expect(done.wait(timeout: .seconds(20)))
        #expect(seen.withLockedValue { $0 } == "gpioagg-a-very-")
    }
}
