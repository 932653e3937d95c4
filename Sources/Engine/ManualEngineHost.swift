#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Reactive

/// A host that does nothing until told to: the thread that calls `pump()` is the host's
/// thread, and time is whatever `scheduler` says. With the `VirtualTimeScheduler` that
/// also drives the simulated chips' clock, a test decides when events are read and
/// when time passes, and nothing depends on the machine's speed.
///
/// `pump()` polls the watched descriptors without waiting and runs the handlers of the
/// ready ones and the queued work, until nothing is left. A deadline scheduled through
/// `schedule(atNanoseconds:_:)` pumps before it runs, as the event loop runs input before
/// timers.
///
/// ```swift
/// let scheduler = VirtualTimeScheduler()
/// let host = ManualEngineHost(scheduler: scheduler,
///                             nanoseconds: { UInt64($0.nanoseconds) },
///                             schedulerTime: { .init(Int64($0)) })
/// let engine = Engine(configuration: config, backend: backend, host: host)
/// try engine.start()
/// chip.setActive("GPIO17", true)
/// host.pump()                                  // the engine reads the edge
/// scheduler.advance(by: .milliseconds(10))     // debounce deadlines run
/// ```
public final class ManualEngineHost<TimeScheduler: Scheduler>: EngineHost, @unchecked Sendable {
    public let scheduler: TimeScheduler
    private let toNanoseconds: (TimeScheduler.SchedulerTimeType) -> UInt64
    private let fromNanoseconds: (UInt64) -> TimeScheduler.SchedulerTimeType
    private var watches: [Int32: WatchedDescriptor] = [:]
    /// `watches` in descriptor order, as `poll` wants them; rebuilt when they change.
    private var pollSet: [pollfd] = []
    private var pollWatches: [WatchedDescriptor] = []
    private var pollSetIsStale = false
    private let queue = Locked<[@Sendable () -> Void]>([])

    /// - Parameters:
    ///   - nanoseconds: a scheduler instant as nanoseconds on the clock of the backend's
    ///     event timestamps;
    ///   - schedulerTime: the inverse.
    public init(scheduler: TimeScheduler,
                nanoseconds: @escaping (TimeScheduler.SchedulerTimeType) -> UInt64,
                schedulerTime: @escaping (UInt64) -> TimeScheduler.SchedulerTimeType) {
        self.scheduler = scheduler
        toNanoseconds = nanoseconds
        fromNanoseconds = schedulerTime
    }

    public func nanoseconds(at time: TimeScheduler.SchedulerTimeType) -> UInt64 { toNanoseconds(time) }

    public func schedulerTime(atNanoseconds nanoseconds: UInt64) -> TimeScheduler.SchedulerTimeType {
        fromNanoseconds(nanoseconds)
    }

    /// Always true: whoever pumps is the host's thread.
    public var isHostThread: Bool { true }

    /// The descriptors being watched, in ascending order.
    public var watchedDescriptors: [Int32] { watches.keys.sorted() }

    public func watch(fd: Int32, events: Int16, handler: @escaping (Int16) -> Void) {
        if let existing = watches[fd] {
            existing.events = events
            existing.handler = handler
        } else {
            watches[fd] = WatchedDescriptor(fd: fd, events: events, handler: handler)
        }
        pollSetIsStale = true
    }

    public func unwatch(fd: Int32) {
        guard let watch = watches.removeValue(forKey: fd) else { return }
        watch.isActive = false
        pollSetIsStale = true
    }

    /// Queues `work` for the next `pump()`. Safe from any thread.
    public func execute(_ work: @escaping @Sendable () -> Void) {
        queue.withLock { $0.append(work) }
    }

    public func schedule(atNanoseconds deadline: UInt64, _ action: @escaping () -> Void) {
        scheduler.schedule(after: fromNanoseconds(deadline)) { [weak self] in
            self?.pump()
            action()
        }
    }

    /// Runs the handlers of the ready descriptors and the queued work until neither is
    /// left. Returns how many handlers and work items ran.
    @discardableResult
    public func pump() -> Int {
        var ran = 0
        var rounds = 0
        while true {
            rounds += 1
            precondition(rounds < 100_000, "ManualEngineHost.pump: a descriptor stays ready after its handler ran")
            var progress = false
            var work: [@Sendable () -> Void] = []
            queue.withLock { if !$0.isEmpty { swap(&work, &$0) } }
            for item in work {
                item()
                ran += 1
                progress = true
            }
            if pollSetIsStale { rebuildPollSet() }
            let count = pollSet.count
            let ready = count == 0 ? 0 : pollSet.withUnsafeMutableBufferPointer {
                poll($0.baseAddress, nfds_t($0.count), 0)
            }
            if ready > 0 {
                // Handlers may change the watch set: the poll set stays as it was until
                // the next round, and unwatched entries are skipped.
                var index = 0
                while index < count {
                    let revents = pollSet[index].revents
                    let watch = pollWatches[index]
                    index += 1
                    guard revents != 0, watch.isActive else { continue }
                    if revents & Int16(POLLNVAL) != 0 {
                        unwatch(fd: watch.fd)
                        continue
                    }
                    watch.handler(revents)
                    ran += 1
                    progress = true
                }
            }
            if !progress { return ran }
        }
    }

    /// Calls `fd`'s handler as if `poll` had reported it ready, without asking the
    /// kernel: for benchmarks that must not count a `poll` per event. Does nothing if
    /// `fd` is not watched.
    public func dispatch(fd: Int32, revents: Int16 = Int16(POLLIN)) {
        watches[fd]?.handler(revents)
    }

    private func rebuildPollSet() {
        pollSetIsStale = false
        pollWatches = watches.values.sorted { $0.fd < $1.fd }
        pollSet = pollWatches.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
    }
}
