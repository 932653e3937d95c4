#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import SystemCore
import Locks

extension PosixEventLoop {
    /// Runs `work` on the loop thread after everything queued before it. Work handed
    /// over after `stop()` is dropped.
    public func execute(_ work: @escaping @Sendable () -> Void) {
        _ = enqueue(work)
    }

    /// Runs `body` on the loop thread and waits for it; runs it at once when called on
    /// the loop thread, and on the caller's thread once the loop has stopped.
    ///
    /// ```swift
    /// let levels = loop.sync { engine.snapshot().inputs }
    /// ```
    public func sync<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        if inEventLoop { return try body() }
        let outcome: Result<Value, Failure> = withoutActuallyEscaping(body) { body in
            let slot = SyncSlot<Value, Failure>(body)
            let done = Semaphore()
            let accepted = enqueue { [slot] in
                slot.run()
                done.signal()
            }
            if accepted { done.wait() } else { slot.run() }
            return slot.take()
        }
        return try outcome.get()
    }

    /// Queues `work`; false if the loop no longer accepts work. From the loop thread
    /// itself no wake-up is needed: the loop runs it before it next polls.
    func enqueue(_ work: @escaping @Sendable () -> Void) -> Bool {
        let onLoop = inEventLoop
        let (accepted, mustWake) = shared.withLockedValue { state -> (Bool, Bool) in
            guard state.acceptsWork else { return (false, false) }
            state.work.append(work)
            if onLoop || state.wakePending { return (true, false) }
            state.wakePending = true
            return (true, true)
        }
        if onLoop && accepted { localWorkPending = true }
        if mustWake { wake() }
        return accepted
    }

    func wake() {
        var one: UInt64 = 1
        _ = try? SystemCall.retrying("write") { write(wakeDescriptor, &one, MemoryLayout<UInt64>.size) }
    }

    /// Runs the work queued so far. The eventfd is read before the work is taken, so
    /// that each write to it stands for work not yet taken: work queued while this runs
    /// wakes the loop again, and no wake-up finds nothing to do. Work that the items
    /// queue from the loop thread runs before the next `poll`.
    func runQueuedWork() {
        localWorkPending = false
        drain(wakeDescriptor)
        let (work, acceptsWork) = shared.withLockedValue { state -> ([@Sendable () -> Void], Bool) in
            state.wakePending = false
            var work: [@Sendable () -> Void] = []
            swap(&work, &state.work)
            return (work, state.acceptsWork)
        }
        for item in work { item() }
        if !acceptsWork { stopping = true }
    }
}
