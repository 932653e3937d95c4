import Values

extension StateWriter {
    /// The writer's decisions, as a value: callers (the recording thread, a flush, the
    /// writer's own thread) tell it what happened, under the writer's lock, and get back
    /// what to do, which they do after unlocking. No lock, no clock, no I/O here, so each
    /// rule is a plain function a test can walk.
    ///
    /// Coalescing: a change while the writer thread waits with nothing to do wakes it, and
    /// it writes at once; after each write it lets `interval` pass before the next one,
    /// and every change in that time goes into that next write. So a lone change is on
    /// disk as soon as the disk allows, a burst costs two writes, and the latest value
    /// is never more than `interval` (plus a write) behind. Only the latest value of each
    /// key is held: nothing queues.
    ///
    /// ```swift
    /// var machine = StateWriter.StateMachine<Int>(values: [:], interval: 500_000_000)
    /// machine.nextStep(now: 0)                      // .waitForChange
    /// machine.record(lamp, true)                    // .wakeWriter
    /// machine.nextStep(now: 1)                      // .write([lamp: true], generation: 1)
    /// machine.writeFinished(generation: 1, error: nil, now: 2)
    /// machine.record(lamp, false)                   // .none: the thread is still running
    /// machine.nextStep(now: 3)                      // .sleep(nanoseconds: 499_999_999)
    /// ```
    struct StateMachine<Waiter> {
        /// What the writer thread is doing, as far as waking it is concerned.
        enum Phase: Equatable {
            /// Running: deciding or writing; it looks at the state again before it waits.
            case busy
            /// Waiting for a signal, with nothing to write.
            case idle
            /// Waiting for a signal or the end of the interval, with a write pending.
            case sleeping
            /// Signalled and not yet running.
            case signalled
            /// Gone, after `close`.
            case exited
        }

        enum ChangeAction: Equatable {
            case none
            /// Signal the writer thread's semaphore.
            case wakeWriter
        }

        enum WriterAction {
            /// Write these values; then call `writeFinished` with `generation`.
            case write([NodeID: KeptValue], generation: UInt64)
            /// Wait for the semaphore.
            case waitForChange
            /// Wait for the semaphore at most this long.
            case sleep(nanoseconds: UInt64)
            /// Release the waiters (with the error that kept the latest values off the disk,
            /// if any) and end the thread.
            case exit(release: [(Waiter, KeptStateError?)])
        }

        enum FlushAction {
            /// Nothing to wait for; the error when the latest values are not on disk.
            case done(KeptStateError?)
            /// Wait for the waiter to be released (after signalling the writer thread when
            /// `wakeWriter`).
            case wait(wakeWriter: Bool)
        }

        enum Report: Equatable {
            /// A write failed in a way not reported since the last successful write.
            case failed(KeptStateError)
            /// A write succeeded after failures.
            case recovered
        }

        struct Finished {
            /// Waiters whose values are now on disk (nil) or failed to get there (the error).
            var release: [(Waiter, KeptStateError?)]
            var report: Report?
        }

        /// The latest value of each key.
        private(set) var values: [NodeID: KeptValue]
        /// Counts changes to `values`: the generation a write carries.
        private(set) var changes: UInt64 = 0
        /// Writes of the state file that succeeded: `gpioagg_state_writes_total`.
        private(set) var writes = 0
        /// The generation last written, and the one last tried.
        private(set) var onDisk: UInt64 = 0
        private(set) var attempted: UInt64 = 0
        private(set) var phase = Phase.busy
        private let interval: UInt64
        /// When the next write may start (on the caller's monotonic clock).
        private var earliestWrite: UInt64 = 0
        /// Write again even though the latest generation failed: a flush or close asks.
        private var retry = false
        /// Write the pending change without waiting for the end of the interval.
        private var prompt = false
        private var closing = false
        private var reported: Set<KeptStateError> = []
        private var lastFailure: KeptStateError?
        /// Flushes (and a close) waiting for a generation to be written; a close waits
        /// for `UInt64.max`, which only the thread's exit releases.
        private var waiters: [(generation: UInt64, waiter: Waiter)] = []

        /// `values` are those on disk already; `interval` in nanoseconds.
        init(values: [NodeID: KeptValue], interval: UInt64) {
            self.values = values
            self.interval = interval
        }

        /// `promptly`: written without waiting for the rest of the interval (a kept total,
        /// which its keeper already records at most once per its own `persist_every`).
        mutating func record(_ key: NodeID, _ value: KeptValue, promptly: Bool = false) -> ChangeAction {
            guard !closing, values[key] != value else { return .none }
            values[key] = value
            guard promptly else { return changed() }
            changes += 1
            prompt = true
            return wake() ? .wakeWriter : .none
        }

        mutating func retain(only keys: Set<NodeID>) -> ChangeAction {
            guard !closing else { return .none }
            let before = values.count
            values = values.filter { keys.contains($0.key) }
            return values.count == before ? .none : changed()
        }

        /// Asks for the values recorded so far to be on disk, skipping what remains of
        /// the interval, and trying again even if their write failed.
        mutating func flush(_ waiter: Waiter) -> FlushAction {
            if onDisk == changes { return .done(nil) }
            if phase == .exited { return .done(lastFailure) }
            waiters.append((changes, waiter))
            retry = true
            return .wait(wakeWriter: wake())
        }

        /// Asks the thread to write what is pending, then to end; `waiter` is released
        /// when it has.
        mutating func close(_ waiter: Waiter) -> FlushAction {
            if phase == .exited { return .done(onDisk == changes ? nil : lastFailure) }
            if !closing { retry = true }
            closing = true
            waiters.append((UInt64.max, waiter))
            return .wait(wakeWriter: wake())
        }

        /// The writer thread asks what to do; `now` is its monotonic clock, in nanoseconds.
        mutating func nextStep(now: UInt64) -> WriterAction {
            let pending = changes > onDisk && (changes > attempted || retry)
            if pending {
                if closing || !waiters.isEmpty || prompt || now >= earliestWrite {
                    retry = false
                    prompt = false
                    phase = .busy
                    return .write(values, generation: changes)
                }
                phase = .sleeping
                return .sleep(nanoseconds: earliestWrite - now)
            }
            if closing {
                phase = .exited
                let error = onDisk == changes ? nil : lastFailure
                let release = waiters.map { ($0.waiter, error) }
                waiters = []
                return .exit(release: release)
            }
            phase = .idle
            return .waitForChange
        }

        /// The write of `generation` ended, with `error` when it failed.
        mutating func writeFinished(generation: UInt64, error: KeptStateError?, now: UInt64) -> Finished {
            earliestWrite = now &+ interval
            attempted = max(attempted, generation)
            // Whoever asked for this attempt is answered below; later changes are pending
            // on their own.
            retry = false
            var report: Report?
            if let error {
                if reported.insert(error).inserted { report = .failed(error) }
                lastFailure = error
            } else {
                writes += 1
                onDisk = max(onDisk, generation)
                if lastFailure != nil { report = .recovered }
                lastFailure = nil
                reported = []
            }
            var release: [(Waiter, KeptStateError?)] = []
            waiters.removeAll { entry in
                guard entry.generation <= generation else { return false }
                release.append((entry.waiter, error))
                return true
            }
            return Finished(release: release, report: report)
        }

        /// Wakes the thread only when it waits with nothing to do: a sleeping one writes at
        /// the end of its interval anyway.
        private mutating func changed() -> ChangeAction {
            changes += 1
            guard phase == .idle else { return .none }
            phase = .signalled
            return .wakeWriter
        }

        /// Marks an idle or sleeping thread as signalled; true when the caller is to signal.
        private mutating func wake() -> Bool {
            guard phase == .idle || phase == .sleeping else { return false }
            phase = .signalled
            return true
        }
    }
}
