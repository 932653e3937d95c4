import Loop

/// The timers of the graph's timed nodes (delays, click gestures, pulses, interlock
/// waits): each fires as an event of its own, through the engine, which sets the
/// propagation's timestamp to the deadline and writes what the graph settles on.
///
/// A node keeps the `LoopTimer` it gets and cancels it when the timer no longer
/// applies; `cancelAll()` (the graph is taken apart) cancels every node's. Loop thread
/// only.
///
/// ```swift
/// timer = timers.schedule(at: propagation.timestamp + delay) { [unowned self] in fire() }
/// ```
final class GraphTimers {
    private let loop: any EventLoop
    /// Runs a timer's body as an event at its deadline (the engine's `runTimed`).
    var run: ((UInt64, () -> Void) -> Void)?
    private var nodes: [any TimedNode] = []
    private var watches: [WallClockWatch] = []

    init(loop: any EventLoop) {
        self.loop = loop
    }

    /// Registers a node whose timers `cancelAll()` cancels.
    func register(_ node: any TimedNode) {
        nodes.append(node)
    }

    /// Calls `body` at `deadline` (nanoseconds on the loop's clock, the events'
    /// timestamp clock), as an event of its own.
    ///
    /// The engine reads events already waiting before `body` runs; if one of them made
    /// the node cancel this timer, `body` does not run.
    func schedule(at deadline: UInt64, _ body: @escaping () -> Void) -> LoopTimer {
        let handle = Handle()
        let timer = loop.schedule(atNanoseconds: deadline) { [weak self, handle] in
            guard let self, let run else { return }
            run(deadline) {
                if handle.timer?.isCancelled == false { body() }
            }
        }
        handle.timer = timer
        return timer
    }

    /// Calls `body` once the wall clock reaches `instant` (nanoseconds since the Unix
    /// epoch, `EventLoop.wallClockNow`), as an event of its own: a time of day. A step of
    /// the clock past it runs it then.
    func schedule(atWallClock instant: Int64, _ body: @escaping () -> Void) -> LoopTimer {
        let handle = Handle()
        let timer = loop.schedule(atWallClock: instant) { [weak self, handle, loop] in
            guard let self, let run else { return }
            run(loop.now) {
                if handle.timer?.isCancelled == false { body() }
            }
        }
        handle.timer = timer
        return timer
    }

    /// Calls `handler` with each change of the wall clock (set, synchronized or not), as
    /// an event of its own, until the graph is taken apart.
    func watchWallClock(_ handler: @escaping (WallClockChange) -> Void) {
        let watch = loop.watchWallClock { [weak self, loop] change in
            guard let self, let run else { return }
            run(loop.now) { handler(change) }
        }
        watches.append(watch)
    }

    /// The timer, as its own action sees it (weakly: the timer holds the action).
    private final class Handle {
        weak var timer: LoopTimer?
    }

    /// The graph is being taken apart: no timer of it fires again.
    func cancelAll() {
        run = nil
        for watch in watches { watch.cancel() }
        watches = []
        for node in nodes { node.cancelTimers() }
        nodes = []
    }
}

/// One timer of a node and the deadline it runs at: what a delay, a pulse and a
/// `max_on` limit each keep, with the time left that `why` shows. Starting it again
/// replaces the timer; it is no longer pending once its body has begun.
///
/// ```swift
/// end.start(at: propagation.timestamp + length, on: timers) { [unowned self] in level.send(false) }
/// ```
final class GraphDeadline {
    private(set) var deadline: UInt64 = 0
    private var timer: LoopTimer?

    /// Whether the timer is set and has not run.
    var isPending: Bool { timer != nil }

    /// Sets the timer for `deadline`, cancelling the one before.
    func start(at deadline: UInt64, on timers: GraphTimers, _ body: @escaping () -> Void) {
        cancel()
        self.deadline = deadline
        timer = timers.schedule(at: deadline) { [unowned self] in
            timer = nil
            body()
        }
    }

    func cancel() {
        timer?.cancel()
        timer = nil
    }

    /// The time left at `now` (0 once the deadline has passed and the timer has yet to
    /// run), or nil when nothing is pending.
    func remaining(at now: UInt64) -> UInt64? {
        guard timer != nil else { return nil }
        return deadline > now ? deadline - now : 0
    }
}

/// A node of the graph that sets timers.
protocol TimedNode: AnyObject {
    /// Cancels every timer the node has set.
    func cancelTimers()
}
