extension PWMWriter {
    /// The writer's decisions, as a value: the caller asking for a state, one waiting for
    /// it to be written, and the writer's own thread tell it what happened, under the
    /// writer's lock, and get back what to do, which they do after unlocking. No lock, no
    /// thread, no I/O here, so each rule is a plain function a test can walk.
    ///
    /// Each channel (`Key`) holds at most one state waiting to be written, the last one
    /// asked: a state asked while another waits replaces it, so a burst of changes costs
    /// the write under way and one more, and the last value always wins. Channels are
    /// written in the order they were first asked since their last write.
    ///
    /// ```swift
    /// var machine = PWMWriter.StateMachine<Key, String, Int>()
    /// machine.nextStep()                      // .waitForWork
    /// machine.ask(fan, "40 %")                // .wakeWriter
    /// machine.nextStep()                      // .write(fan, "40 %", generation: 1)
    /// machine.ask(fan, "60 %")                // .none: the thread looks again before it waits
    /// machine.ask(fan, "80 %")                // .none: 60 % is never written
    /// machine.writeFinished(fan, generation: 1, error: nil)
    /// machine.nextStep()                      // .write(fan, "80 %", generation: 3)
    /// ```
    struct StateMachine<Key: Hashable, Job, Waiter> {
        enum Phase: Equatable {
            /// Running: deciding or writing; it looks at the state again before it waits.
            case busy
            /// Waiting for a signal, with nothing to write.
            case idle
            /// Signalled and not yet running.
            case signalled
            /// Gone, after `close`.
            case exited
        }

        enum AskAction: Equatable {
            case none
            /// Signal the writer thread's semaphore.
            case wakeWriter
        }

        enum WriterAction {
            /// Make this write; then call `writeFinished` with `generation`.
            case write(Key, Job, generation: UInt64)
            /// Wait for the semaphore.
            case waitForWork
            /// Release the waiters (nothing more will be written) and end the thread.
            case exit(release: [Waiter])
        }

        enum SettleAction {
            /// Nothing to wait for: the channel's last state asked is written, or its write
            /// failed with this error.
            case done(PWMError?)
            /// Wait for the waiter to be released (after signalling the writer thread when
            /// `wakeWriter`).
            case wait(wakeWriter: Bool)
        }

        /// One channel's last state asked, and how far its writes got.
        struct Slot {
            /// The state waiting to be written; nil once the thread took it.
            var job: Job?
            /// The generation of the last state asked, and of the last write that ended.
            var asked: UInt64 = 0
            var finished: UInt64 = 0
            /// How the last write that ended failed.
            var failure: PWMError?
        }

        private(set) var phase = Phase.busy
        private var slots: [Key: Slot] = [:]
        /// Channels with a state waiting, in the order they were asked.
        private var queue: [Key] = []
        private var generation: UInt64 = 0
        private var closing = false
        private var waiters: [(key: Key, generation: UInt64, waiter: Waiter)] = []

        init() {}

        /// The states waiting to be written: at most one per channel.
        var waiting: Int { queue.count }

        /// `job` is now what `key` is to run: it replaces a state still waiting.
        mutating func ask(_ key: Key, _ job: Job) -> AskAction {
            guard !closing else { return .none }
            generation += 1
            var slot = slots[key] ?? Slot()
            if slot.job == nil { queue.append(key) }
            slot.job = job
            slot.asked = generation
            slots[key] = slot
            return wake() ? .wakeWriter : .none
        }

        /// Whether `key`'s last state asked is written: `.done` with the error of that
        /// write when it failed, or `.wait` for `waiter` to be released once it ends.
        mutating func settle(_ key: Key, _ waiter: Waiter) -> SettleAction {
            guard let slot = slots[key], slot.finished < slot.asked, phase != .exited else {
                return .done(slots[key]?.failure)
            }
            waiters.append((key, slot.asked, waiter))
            return .wait(wakeWriter: wake())
        }

        /// The writer thread asks what to do.
        mutating func nextStep() -> WriterAction {
            while !queue.isEmpty {
                let key = queue.removeFirst()
                guard var slot = slots[key], let job = slot.job else { continue }
                slot.job = nil
                slots[key] = slot
                phase = .busy
                return .write(key, job, generation: slot.asked)
            }
            if closing {
                phase = .exited
                let release = waiters.map(\.waiter)
                waiters = []
                return .exit(release: release)
            }
            phase = .idle
            return .waitForWork
        }

        /// The write of `key`'s state of `generation` ended, with `error` when it failed.
        /// Returns the waiters it releases, with what they are told.
        mutating func writeFinished(_ key: Key, generation: UInt64, error: PWMError?) -> [(Waiter, PWMError?)] {
            var slot = slots[key] ?? Slot()
            slot.finished = max(slot.finished, generation)
            slot.failure = error
            slots[key] = slot
            var release: [(Waiter, PWMError?)] = []
            waiters.removeAll { entry in
                guard entry.key == key, entry.generation <= generation else { return false }
                release.append((entry.waiter, error))
                return true
            }
            // Nothing left to tell of a channel written as asked: its key may be reused.
            if error == nil, slot.job == nil { slots[key] = nil }
            return release
        }

        /// Asks the thread to write what waits, then to end.
        mutating func close() -> AskAction {
            closing = true
            return wake() ? .wakeWriter : .none
        }

        /// Marks an idle thread as signalled; true when the caller is to signal.
        private mutating func wake() -> Bool {
            guard phase == .idle else { return false }
            phase = .signalled
            return true
        }
    }
}
