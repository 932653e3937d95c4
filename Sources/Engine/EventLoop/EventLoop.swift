#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import CEngineLinux
import Dispatch
import Reactive
import Synchronization

/// One thread that owns GPIO lines, timers and pipelines: it sleeps in `poll(2)` on the
/// descriptors it watches (input requests' event descriptors, a control socket), a
/// timerfd for its timers and an eventfd for work sent from other threads, and uses no
/// CPU while nothing happens.
///
/// Everything registered with the loop runs on its thread, so the engine's pipelines
/// need no locks; other threads hand work over with `execute(_:)` or `sync(_:)`.
/// Timers run through `scheduler`, an OpenCombine `Scheduler` on `CLOCK_MONOTONIC`.
///
/// The loop runs until `stop()`; it keeps itself alive until then.
///
/// ```swift
/// let loop = try EventLoop()
/// let engine = Engine(configuration: config, backend: backend, host: loop)
/// try loop.sync { try engine.start() }
/// loop.watch(fd: controlSocket) { _ in acceptConnection() }
/// loop.scheduler.schedule(after: loop.scheduler.now.advanced(by: .seconds(1))) {
///     print("a second later, on the loop thread")
/// }
/// loop.sync { engine.stop() }
/// loop.stop()
/// ```
public final class EventLoop: EngineHost, @unchecked Sendable {
    public typealias TimeScheduler = EventLoopScheduler

    /// What other threads share with the loop, under `shared`.
    private struct SharedState {
        var work: [@Sendable () -> Void] = []
        /// Whether the eventfd has been written since the loop last drained the work.
        var wakePending = false
        /// False once `stop()` was called: later work is refused.
        var acceptsWork = true
    }

    /// A watched descriptor. The loop holds the same object while it dispatches, so that
    /// an `unwatch` from within a handler takes effect at once.
    private final class Watch {
        let fd: Int32
        var events: Int16
        var handler: (Int16) -> Void
        var isActive = true

        init(fd: Int32, events: Int16, handler: @escaping (Int16) -> Void) {
            self.fd = fd
            self.events = events
            self.handler = handler
        }
    }

    private let wakeDescriptor: Int32
    private let timerDescriptor: Int32
    private let shared = Mutex(SharedState())
    private let started = DispatchSemaphore(value: 0)
    private let exited = DispatchSemaphore(value: 0)
    /// The loop thread's id while it runs, else 0 (ids are reused once a thread ends).
    private let loopThread = Atomic<UInt>(0)

    // Loop thread only.
    private var watches: [Int32: Watch] = [:]
    private var pollSet: [pollfd] = []
    private var pollWatches: [Watch?] = []
    private var pollSetIsStale = true
    private var timers = TimerHeap()
    private var armedDeadline: UInt64?
    private var localWorkPending = false
    private var stopping = false
    private var wakeUps = 0

    /// Starts the loop's thread.
    public init() throws(EngineError) {
        let wake = cengine_eventfd_create()
        guard wake >= 0 else { throw .system("eventfd", errno: errno) }
        let timer = cengine_timerfd_create()
        guard timer >= 0 else {
            let code = errno
            close(wake)
            throw .system("timerfd_create", errno: code)
        }
        wakeDescriptor = wake
        timerDescriptor = timer
        var thread = pthread_t()
        // The thread holds the loop until it exits.
        let context = Unmanaged.passRetained(self).toOpaque()
        let rc = pthread_create(&thread, nil, { context in
            let loop = Unmanaged<EventLoop>.fromOpaque(context!).takeRetainedValue()
            loop.run()
            return nil
        }, context)
        guard rc == 0 else {
            Unmanaged<EventLoop>.fromOpaque(context).release()
            throw .system("pthread_create", errno: rc)
        }
        pthread_detach(thread)
        started.wait()
    }

    deinit {
        close(wakeDescriptor)
        close(timerDescriptor)
    }

    /// The scheduler of timed work on this loop: actions run on the loop thread, timed
    /// on `CLOCK_MONOTONIC` through the loop's timerfd.
    public var scheduler: EventLoopScheduler { EventLoopScheduler(loop: self) }

    public func nanoseconds(at time: EventLoopScheduler.SchedulerTimeType) -> UInt64 { time.nanoseconds }

    public func schedulerTime(atNanoseconds nanoseconds: UInt64) -> EventLoopScheduler.SchedulerTimeType {
        EventLoopScheduler.SchedulerTimeType(nanoseconds: nanoseconds)
    }

    public var isHostThread: Bool { loopThread.load(ordering: .relaxed) == UInt(pthread_self()) }

    /// How many times `poll` has returned: a loop that is idle does not wake up.
    /// Loop thread only (`loop.sync { loop.wakeUpCount }`).
    public var wakeUpCount: Int {
        precondition(isHostThread, "EventLoop.wakeUpCount is read on the loop thread")
        return wakeUps
    }

    // MARK: Descriptors

    /// Calls `handler(revents)` on the loop thread each time `fd` is ready for `events`.
    /// Watching an fd again replaces its events and handler. Safe from any thread; from
    /// another thread it takes effect once the loop gets to it.
    ///
    /// A descriptor that is closed while watched (`POLLNVAL`) is dropped.
    public func watch(fd: Int32, events: Int16, handler: @escaping (Int16) -> Void) {
        guard isHostThread else {
            let handover = UncheckedSendable(handler)
            execute { [self] in watch(fd: fd, events: events, handler: handover.value) }
            return
        }
        if let existing = watches[fd] {
            if existing.events != events { pollSetIsStale = true }
            existing.events = events
            existing.handler = handler
        } else {
            watches[fd] = Watch(fd: fd, events: events, handler: handler)
            pollSetIsStale = true
        }
    }

    public func unwatch(fd: Int32) {
        guard isHostThread else {
            execute { [self] in unwatch(fd: fd) }
            return
        }
        guard let watch = watches.removeValue(forKey: fd) else { return }
        watch.isActive = false
        pollSetIsStale = true
    }

    // MARK: Work from other threads

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
        if isHostThread { return try body() }
        let outcome: Result<Value, Failure> = withoutActuallyEscaping(body) { body in
            let slot = SyncSlot<Value, Failure>(body)
            let done = DispatchSemaphore(value: 0)
            let accepted = enqueue { [slot] in
                slot.run()
                done.signal()
            }
            if accepted { done.wait() } else { slot.run() }
            return slot.take()
        }
        return try outcome.get()
    }

    /// The body of a `sync` call and its outcome. The body is let go of before the
    /// caller is woken, as `withoutActuallyEscaping` requires.
    private final class SyncSlot<Value, Failure: Error>: @unchecked Sendable {
        private var body: (() throws(Failure) -> Value)?
        private var outcome: Result<Value, Failure>?

        init(_ body: @escaping () throws(Failure) -> Value) { self.body = body }

        func run() {
            guard let body else { return }
            self.body = nil
            outcome = Result { () throws(Failure) -> Value in try body() }
        }

        func take() -> Result<Value, Failure> { outcome! }
    }

    /// Queues `work`; false if the loop no longer accepts work.
    private func enqueue(_ work: @escaping @Sendable () -> Void) -> Bool {
        let onLoop = isHostThread
        let (accepted, mustWake) = shared.withLock { state -> (Bool, Bool) in
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

    private func wake() {
        var one: UInt64 = 1
        _ = write(wakeDescriptor, &one, MemoryLayout<UInt64>.size)
    }

    // MARK: Stopping

    /// Stops the loop once the work queued so far has run, and waits for its thread to
    /// finish (unless called on the loop thread, where the loop ends when the current
    /// handler returns). Later work is refused. Idempotent.
    ///
    /// What the loop owns is not torn down here: stop the engine first
    /// (`loop.sync { engine.stop() }`).
    public func stop() {
        let first = shared.withLock { state -> Bool in
            guard state.acceptsWork else { return false }
            state.acceptsWork = false
            return true
        }
        if isHostThread {
            stopping = true
            return
        }
        if first {
            wake()
            exited.wait()
            exited.signal()  // for any later caller
        } else {
            exited.wait()
            exited.signal()
        }
    }

    // MARK: Timers

    /// Adds a timer on the loop thread (directly, or through the work queue).
    func addTimer(at deadline: UInt64, interval: UInt64, _ action: @escaping () -> Void) -> EventLoopTimer {
        let timer = EventLoopTimer(interval: interval, action: action)
        if isHostThread {
            insert(timer, at: deadline)
        } else {
            execute { [self] in insert(timer, at: deadline) }
        }
        return timer
    }

    private func insert(_ timer: EventLoopTimer, at deadline: UInt64) {
        timers.insert(timer, at: deadline)
        if let armed = armedDeadline, armed <= deadline { return }
        arm(deadline)
    }

    private func arm(_ deadline: UInt64) {
        armedDeadline = deadline
        _ = cengine_timerfd_arm(timerDescriptor, deadline)
    }

    private func runDueTimers() {
        armedDeadline = nil
        let now = MonotonicClock.now()
        while let entry = timers.popDue(now: now) {
            let timer = entry.timer
            guard !timer.isCancelled else { continue }
            if timer.interval > 0 {
                // Put it back before running it, so that the action can cancel it; a
                // repeating timer that fell behind skips the runs it missed.
                var next = entry.deadline &+ timer.interval
                if next <= now { next = now &+ timer.interval }
                timers.insert(timer, at: next)
            }
            timer.action.value()
        }
        timers.dropCancelledAtTop()
        if let earliest = timers.earliestDeadline {
            arm(earliest)
        } else {
            _ = cengine_timerfd_disarm(timerDescriptor)
        }
    }

    // MARK: The loop

    private func run() {
        loopThread.store(UInt(pthread_self()), ordering: .relaxed)
        started.signal()
        while true {
            // A stop from the loop thread still runs what was queued before it.
            if localWorkPending || stopping { runQueuedWork() }
            if stopping { break }
            if pollSetIsStale { rebuildPollSet() }
            let ready = pollSet.withUnsafeMutableBufferPointer { set in
                poll(set.baseAddress, nfds_t(set.count), -1)
            }
            if ready < 0 {
                let code = errno
                precondition(code == EINTR, "EventLoop: poll failed: \(String(cString: strerror(code)))")
                continue
            }
            wakeUps &+= 1
            dispatchReadyDescriptors()
            if pollSet[1].revents != 0 {
                drain(timerDescriptor)
                runDueTimers()
            }
            if pollSet[0].revents != 0 { runQueuedWork() }
        }
        // Drop what the loop still holds, so that handlers' captures are let go of.
        watches = [:]
        pollWatches = []
        timers = TimerHeap()
        loopThread.store(0, ordering: .relaxed)
        exited.signal()
    }

    /// Input before timers: a deadline must not overtake an event that came before it.
    private func dispatchReadyDescriptors() {
        var index = 2
        let count = pollSet.count
        while index < count {
            let revents = pollSet[index].revents
            if revents != 0, let watch = pollWatches[index], watch.isActive {
                if revents & Int16(POLLNVAL) != 0 {
                    unwatch(fd: watch.fd)
                } else {
                    watch.handler(revents)
                }
            }
            index += 1
        }
    }

    /// Runs the work queued so far. The eventfd is read before the work is taken, so
    /// that each write to it stands for work not yet taken: work queued while this runs
    /// wakes the loop again, and no wake-up finds nothing to do. Work that the items
    /// queue from the loop thread runs before the next `poll`.
    private func runQueuedWork() {
        localWorkPending = false
        drain(wakeDescriptor)
        let (work, acceptsWork) = shared.withLock { state -> ([@Sendable () -> Void], Bool) in
            state.wakePending = false
            var work: [@Sendable () -> Void] = []
            swap(&work, &state.work)
            return (work, state.acceptsWork)
        }
        for item in work { item() }
        if !acceptsWork { stopping = true }
    }

    private func rebuildPollSet() {
        pollSetIsStale = false
        pollSet.removeAll(keepingCapacity: true)
        pollWatches.removeAll(keepingCapacity: true)
        pollSet.append(pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0))
        pollSet.append(pollfd(fd: timerDescriptor, events: Int16(POLLIN), revents: 0))
        pollWatches.append(contentsOf: [nil, nil])
        for watch in watches.values.sorted(by: { $0.fd < $1.fd }) {
            pollSet.append(pollfd(fd: watch.fd, events: watch.events, revents: 0))
            pollWatches.append(watch)
        }
    }

    private func drain(_ descriptor: Int32) {
        var count: UInt64 = 0
        _ = read(descriptor, &count, MemoryLayout<UInt64>.size)
    }
}
