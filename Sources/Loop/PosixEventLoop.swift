#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import SystemCore
import CLoopLinux
import Locks
import Synchronization

/// One thread that owns GPIO lines, timers and pipelines: it sleeps in `poll(2)` on the
/// descriptors it watches (input requests' event descriptors, a control socket), a
/// timerfd for its timers and an eventfd for work sent from other threads, and uses no
/// CPU while nothing happens.
///
/// Everything registered with the loop runs on its thread, so the engine's pipelines
/// need no locks; other threads hand work over with `execute(_:)` or `sync(_:)`.
/// Its clock is `CLOCK_MONOTONIC`, the clock of the kernel's GPIO event timestamps.
/// Wall-clock timers and watchers, when asked for, are on a second timerfd, on
/// `CLOCK_REALTIME` (`PosixEventLoop+WallClock`).
///
/// The loop runs until `stop()`; it keeps itself alive until then.
///
/// ```swift
/// let loop = try PosixEventLoop()
/// let engine = Engine(configuration: config, backend: backend, loop: loop)
/// try loop.sync { try engine.start() }
/// loop.watch(fd: controlSocket) { _ in acceptConnection() }
/// loop.schedule(in: .seconds(1)) {
///     print("a second later, on the loop thread")
/// }
/// loop.sync { engine.stop() }
/// loop.stop()
/// ```
public final class PosixEventLoop: EventLoop, @unchecked Sendable {
    let wakeDescriptor: Int32
    let timerDescriptor: Int32
    /// What other threads share with the loop.
    let shared = LockedValueBox(PosixEventLoopSharedState())
    private let started = Semaphore()
    private let exited = Semaphore()
    /// The loop thread's id while it runs, else 0 (ids are reused once a thread ends).
    let loopThread = Atomic<UInt>(0)

    // Loop thread only.
    // Loop thread only, read on every event: no dynamic exclusivity check.
    @exclusivity(unchecked) private var watches = WatchTable()
    private var pollSet: [pollfd] = []
    private var pollWatches: [WatchedDescriptor?] = []
    var timers = TimerHeap()
    var armedDeadline: UInt64?
    var localWorkPending = false
    var stopping = false
    private var wakeUps = 0
    /// The wall clock's timers and watchers, and the `CLOCK_REALTIME` timerfd, opened
    /// when first asked for and closed once nothing is left (`PosixEventLoop+WallClock`).
    var wall = PosixWallClockState()

    /// Starts the loop's thread.
    public init() throws(LoopError) {
        let wake: Int32
        do throws(SystemCallError) {
            wake = try SystemCall.retrying("eventfd") { cloop_eventfd_create() }
            do throws(SystemCallError) {
                timerDescriptor = try SystemCall.retrying("timerfd_create") { cloop_timerfd_create() }
            } catch {
                SystemCall.close(wake)
                throw error
            }
        } catch {
            throw LoopError(error)
        }
        wakeDescriptor = wake
        do throws(SystemCallError) {
            // The thread holds the loop until it exits.
            try SystemThread.start(name: "gpioagg-loop") { self.run() }
        } catch {
            throw LoopError(error)
        }
        started.wait()
    }

    deinit {
        SystemCall.close(wakeDescriptor)
        SystemCall.close(timerDescriptor)
        if let descriptor = wall.descriptor { SystemCall.close(descriptor) }
    }

    public var now: UInt64 { MonotonicClock.now() }

    public var isMonotonicClock: Bool { true }

    public var inEventLoop: Bool { loopThread.load(ordering: .relaxed) == UInt(pthread_self()) }

    /// How many times `poll` has returned: a loop that is idle does not wake up.
    /// Loop thread only (`loop.sync { loop.wakeUpCount }`).
    public var wakeUpCount: Int {
        precondition(inEventLoop, "PosixEventLoop.wakeUpCount is read on the loop thread")
        return wakeUps
    }

    // MARK: Descriptors

    /// Also safe from another thread: it takes effect once the loop gets to it.
    public func watch(fd: Int32, events: Int16, handler: @escaping (Int16) -> Void) {
        guard inEventLoop else {
            let handover = UncheckedSendable(handler)
            execute { [self] in watch(fd: fd, events: events, handler: handover.value) }
            return
        }
        watches.watch(fd: fd, events: events, handler: handler)
    }

    public func unwatch(fd: Int32) {
        guard inEventLoop else {
            execute { [self] in unwatch(fd: fd) }
            return
        }
        watches.unwatch(fd: fd)
    }

    public func runReadyHandlers(of descriptors: [Int32]) -> Int {
        preconditionInEventLoop()
        return WatchTable.dispatch(watches.ready(among: descriptors)) { unwatch(fd: $0) }
    }

    // MARK: Stopping

    /// Stops the loop once the work queued so far has run, and waits for its thread to
    /// finish (unless called on the loop thread, where the loop ends when the current
    /// handler returns). Later work is refused. Idempotent.
    ///
    /// What the loop owns is not torn down here: stop the engine first
    /// (`loop.sync { engine.stop() }`).
    public func stop() {
        let first = shared.withLockedValue { state -> Bool in
            guard state.acceptsWork else { return false }
            state.acceptsWork = false
            return true
        }
        if inEventLoop {
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

    // MARK: The loop

    private func run() {
        loopThread.store(UInt(pthread_self()), ordering: .relaxed)
        started.signal()
        while true {
            // A stop from the loop thread still runs what was queued before it.
            if localWorkPending || stopping { runQueuedWork() }
            if stopping { break }
            if watches.isStale { rebuildPollSet() }
            do throws(SystemCallError) {
                try SystemCall.retrying("poll") {
                    pollSet.withUnsafeMutableBufferPointer { set in poll(set.baseAddress, nfds_t(set.count), -1) }
                }
            } catch {
                preconditionFailure("EventLoop: \(error)")
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
        watches.removeAll()
        pollWatches = []
        timers = TimerHeap()
        wall.dropEverything()
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

    private func rebuildPollSet() {
        pollSet.removeAll(keepingCapacity: true)
        pollWatches.removeAll(keepingCapacity: true)
        pollSet.append(pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0))
        pollSet.append(pollfd(fd: timerDescriptor, events: Int16(POLLIN), revents: 0))
        pollWatches.append(contentsOf: [nil, nil])
        for watch in watches.inOrder() {
            pollSet.append(pollfd(fd: watch.fd, events: watch.events, revents: 0))
            pollWatches.append(watch)
        }
    }

    func drain(_ descriptor: Int32) {
        var count: UInt64 = 0
        _ = try? SystemCall.retrying("read") { read(descriptor, &count, MemoryLayout<UInt64>.size) }
    }
}
